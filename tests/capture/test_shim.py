"""The capture shim's logic without a GPU (CTest: capture_shim): a real @triton.jit kernel and a
real triton.autotune, but launches through a stand-in for Triton's CompiledKernel and tensors that
live in host memory, so what the shim records can be checked exactly.

  python3 tests/capture/test_shim.py        (Triton importable; exit 0 when every check passes)
"""
import array
import atexit
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import types
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "capture", "python"))
sys.path.insert(0, os.path.dirname(__file__))

import abtool_capture  # noqa: E402
import triton  # noqa: E402

import shim_kernels  # noqa: E402  (kernels in a module of their own: importable again)


from fake_triton import HostTensor, HostTensors, Module, StandInKernel, TensorDescriptor  # noqa: E402


SCALE_SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}


def scale_kernel(block=256, **kwargs):
    return StandInKernel(shim_kernels.scale, SCALE_SIGNATURE, {(3,): block}, **kwargs)


def double_into(x, y, n, block):
    y.data[:] = array.array("f", [2 * v for v in x.data])


def add_into(x, y, n, block):  # reads what it writes
    y.data[:] = array.array("f", [a + b for a, b in zip(x.data, y.data)])


class CaptureTest(unittest.TestCase):
    """A capture installed in this process, over host tensors, into a staging folder of its own."""

    def setUp(self):
        self.staging = tempfile.mkdtemp(prefix="abtool-shim-")
        abtool_capture._patch_compiled_kernel(Module)
        self.capture = abtool_capture.install(self.staging, max_input_mb=1, tensors=HostTensors())
        self.addCleanup(shutil.rmtree, self.staging, True)
        self.addCleanup(atexit.unregister, self.capture.write)


class Shim(CaptureTest):
    def launch(self, kernel, grid, *args):
        kernel.run(*grid, 0, None, None, None, None, None, *args)

    def stored(self, digest):
        with open(os.path.join(self.staging, "tensors", digest + ".bin"), "rb") as handle:
            return list(array.array("f", handle.read()))

    def raw(self):
        self.capture.write()
        with open(os.path.join(self.staging, f"raw-{os.getpid()}.json")) as handle:
            return json.load(handle)

    def test_a_specialization_is_recorded_once_and_counted_with_its_inputs_outputs_and_grid(self):
        kernel = scale_kernel(effect=double_into)
        for _ in range(3):
            x, y = HostTensor([1.0, 2.0, 3.0]), HostTensor([0.0, 0.0, 0.0])
            self.launch(kernel, (1, 1, 1), x, y, 3, 256)
        self.assertEqual(kernel.launched, 3 + 2, "every launch ran, and the shim's own two on copies")
        raw = self.raw()
        self.assertEqual(raw["schema"], "abtool.capture_raw/1")
        [record] = raw["launches"]
        self.assertEqual(record["launches"], 3)
        self.assertEqual(record["grid"], [1, 1, 1])
        self.assertEqual(record["kernel"]["name"], "scale")
        self.assertEqual(record["kernel"]["module"], "shim_kernels")
        self.assertTrue(record["kernel"]["importable"], record["kernel"]["why"])
        x, y, n, block = record["args"]
        self.assertEqual((x["kind"], x["type"], x["divisible"], x["written"]), ("tensor", "*fp32", True, False))
        self.assertEqual((y["kind"], y["written"]), ("tensor", True))
        self.assertFalse(record["reads_what_it_writes"], "poisoned, y comes out the same: only written")
        self.assertEqual(n, {"name": "n", "type": "i32", "kind": "scalar", "dtype": "i32", "value": 3, "divisible": False,
                             "do_not_specialize": False})
        self.assertEqual((block["kind"], block["value"]), ("constexpr", 256))
        def stored(digest):
            with open(os.path.join(self.staging, "tensors", digest + ".bin"), "rb") as handle:
                return list(array.array("f", handle.read()))

        self.assertEqual(stored(x["input"]), [1.0, 2.0, 3.0])
        self.assertEqual(stored(y["output"]), [2.0, 4.0, 6.0])
        self.assertNotIn("input", y, "what it only writes over: its old contents are not kept")
        self.assertAlmostEqual(y["output_rms"], ((4 + 16 + 36) / 3) ** 0.5)
        self.assertGreater(record["shim_s"], 0)
        self.assertEqual(set(raw["phases"]), {"describing", "keeping what was before", "its launch", "launches on copies",
                                              "storing", "hashing and writing, left at exit", "checkpoints",
                                              # the writer threads' time, beside the workload's
                                              "writers: reading to the host", "writers: hashing",
                                              "writers: writing files", "writers: output rms"})
        self.assertNotIn("output", x)
        self.assertEqual(record["tuner"], {"kind": "none"})

    def test_the_modules_the_replay_check_will_import_are_listed_once_as_their_kernels_are_first_seen(self):
        imports = tempfile.mkdtemp(prefix="abtool-imports-")
        self.addCleanup(shutil.rmtree, imports, True)
        self.capture.imports_dir = imports  # ABTOOL_CAPTURE_IMPORTS: abtool capture's check started beside it
        self.launch(scale_kernel(effect=double_into), (1, 1, 1), HostTensor([1.0]), HostTensor([0.0]), 1, 256)
        self.launch(scale_kernel(block=128, effect=double_into), (1, 1, 1), HostTensor([1.0]), HostTensor([0.0]), 1, 128)
        # a generated module's copy: the modules its names are bound from
        self.capture.name_imports({"importable": False, "binds": {"twice": "shim_kernels:twice", "g": "other_lib.sub:g"}})
        with open(os.path.join(imports, f"imports-{os.getpid()}.txt")) as handle:
            self.assertEqual(handle.read(), "shim_kernels\nother_lib.sub\n")

    def test_each_new_specialization_is_written_at_once_so_a_process_that_dies_keeps_it(self):
        path = os.path.join(self.staging, f"raw-{os.getpid()}.json")
        self.launch(scale_kernel(effect=double_into), (1, 1, 1), HostTensor([1.0, 2.0]), HostTensor([0.0, 0.0]), 2, 256)
        with open(path) as handle:  # no write() at exit: what a SIGSEGV leaves
            [first] = json.load(handle)["launches"]
        self.assertEqual(first["grid"], [1, 1, 1])
        self.launch(scale_kernel(block=128, effect=double_into), (2, 1, 1), HostTensor([1.0] * 4), HostTensor([0.0] * 4), 4, 128)
        with open(path) as handle:
            self.assertEqual([r["grid"] for r in json.load(handle)["launches"]], [[1, 1, 1], [2, 1, 1]])
        self.capture.write()
        self.capture.checkpoint()  # a checkpoint after the end (a thread's late launch) leaves the end's file
        with open(path) as handle:
            raw = json.load(handle)
        self.assertTrue(all("output" in r["args"][1] for r in raw["launches"]), "the end's write waits for every store")
        self.assertEqual([f for f in os.listdir(self.staging) if f.endswith(".tmp")], [])

    def test_checkpoints_past_their_free_second_take_at_most_a_twentieth_of_the_workload(self):
        path = os.path.join(self.staging, f"raw-{os.getpid()}.json")
        self.capture.phases["checkpoints"] = 2.0  # spent already, in a workload of a few milliseconds
        self.launch(scale_kernel(effect=double_into), (1, 1, 1), HostTensor([1.0]), HostTensor([0.0]), 1, 256)
        self.assertFalse(os.path.exists(path), "over budget: this one waits for a later specialization")
        self.capture.started -= 60  # a minute in: 3 s allowed
        self.launch(scale_kernel(block=128, effect=double_into), (2, 1, 1), HostTensor([1.0]), HostTensor([0.0]), 1, 128)
        with open(path) as handle:
            self.assertEqual(len(json.load(handle)["launches"]), 2, "the skipped one comes with the next")

    def test_a_tensor_passed_twice_shares_one_span_whose_bytes_before_and_after_are_stored(self):
        kernel = scale_kernel(effect=double_into)
        x = HostTensor([1.0, 2.0, 3.0])
        self.launch(kernel, (1, 1, 1), x, x, 3, 256)  # in place: y is x
        self.assertEqual(list(x.data), [2.0, 4.0, 6.0])
        self.assertEqual(kernel.launched, 1, "no launch on copies: copied apart, the arguments would not alias")
        [record] = self.raw()["launches"]
        x_arg, y_arg = record["args"][:2]
        self.assertEqual(x_arg["share"], {"holder": "x_ptr", "offset_bytes": 0, "storage_bytes": 12})
        self.assertEqual(y_arg["share"], {"holder": "x_ptr", "offset_bytes": 0, "storage_bytes": 12})
        self.assertTrue(x_arg["written"] and y_arg["written"] and record["reads_what_it_writes"])
        self.assertEqual(self.stored(x_arg["input"]), [1.0, 2.0, 3.0])
        self.assertEqual(self.stored(x_arg["output"]), [2.0, 4.0, 6.0])
        self.assertNotIn("input", y_arg)
        self.assertNotIn("output", y_arg, "a member's bytes are its holder's")

    def test_overlapping_views_share_the_span_from_the_lowest_to_the_highest_byte(self):
        base = HostTensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
        x, y = HostTensor.view_of(base, 0, 6), HostTensor.view_of(base, 2, 6)
        self.launch(scale_kernel(effect=double_into), (1, 1, 1), x, y, 6, 256)
        [record] = self.raw()["launches"]
        x_arg, y_arg = record["args"][:2]
        self.assertEqual(x_arg["share"], {"holder": "x_ptr", "offset_bytes": 0, "storage_bytes": 32})
        self.assertEqual(y_arg["share"], {"holder": "x_ptr", "offset_bytes": 8, "storage_bytes": 32})
        self.assertEqual(self.stored(x_arg["input"]), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
        self.assertEqual(self.stored(x_arg["output"]), list(base.data))

    def test_disjoint_views_of_one_storage_are_no_aliases(self):
        base = HostTensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])
        x, y = HostTensor.view_of(base, 0, 4), HostTensor.view_of(base, 4, 4)
        self.launch(scale_kernel(effect=double_into), (1, 1, 1), x, y, 4, 256)
        [record] = self.raw()["launches"]
        self.assertFalse(any("share" in a for a in record["args"]))
        self.assertEqual(self.stored(record["args"][1]["output"]), [2.0, 4.0, 6.0, 8.0])
        self.assertFalse(record["reads_what_it_writes"], "the launches on copies ran as usual")

    def test_a_launch_in_place_is_another_specialization_than_one_apart_of_the_same_shapes(self):
        kernel = scale_kernel(effect=double_into)
        self.launch(kernel, (1, 1, 1), HostTensor([1.0, 2.0]), HostTensor([0.0, 0.0]), 2, 256)
        x = HostTensor([1.0, 2.0])
        self.launch(kernel, (1, 1, 1), x, x, 2, 256)
        apart, in_place = self.raw()["launches"]
        self.assertNotIn("share", apart["args"][0])
        self.assertEqual(in_place["args"][1]["share"]["holder"], "x_ptr")

    def test_a_tensor_too_large_to_store_keeps_the_range_and_scale_of_a_sample_instead(self):
        kernel = scale_kernel(effect=double_into)
        n = 300_000  # 1.2 MB each, over max_input_mb=1
        x, y = HostTensor([-0.25 + 1.5 * (i % 7) / 6 for i in range(n)]), HostTensor([0.0] * n)
        self.launch(kernel, (1, 1, 1), x, y, n, 256)
        x_entry, y_entry = self.raw()["launches"][0]["args"][:2]
        self.assertNotIn("input", x_entry)
        self.assertNotIn("output", y_entry)
        self.assertEqual(x_entry["input_range"], [-0.25, 1.25])
        self.assertNotIn("input_range", y_entry, "only written: what it held before is not read")
        expected = (sum((2 * (-0.25 + 1.5 * k / 6)) ** 2 for k in range(7)) / 7) ** 0.5
        self.assertAlmostEqual(y_entry["output_rms"], expected, places=2)
        self.assertFalse(os.listdir(os.path.join(self.staging, "tensors")) if os.path.isdir(os.path.join(self.staging, "tensors")) else [])

    def test_an_output_that_already_held_the_result_is_still_seen_as_written(self):
        # A tuner's benchmarks ran the same computation into the same output just before.
        kernel = scale_kernel(effect=double_into)
        x, y = HostTensor([1.0, 2.0, 3.0]), HostTensor([2.0, 4.0, 6.0])
        self.launch(kernel, (1, 1, 1), x, y, 3, 256)
        x_entry, y_entry = self.raw()["launches"][0]["args"][:2]
        self.assertFalse(x_entry["written"])
        self.assertTrue(y_entry["written"], "the launch on poisoned copies wrote it")
        self.assertIn("output", y_entry)

    def test_a_kernel_that_reads_its_output_is_inout_and_a_new_shape_is_a_new_record(self):
        kernel = scale_kernel(effect=add_into)
        self.launch(kernel, (1, 1, 1), HostTensor([1.0, 2.0]), HostTensor([5.0, 5.0]), 2, 256)
        self.launch(kernel, (2, 1, 1), HostTensor([1.0] * 4), HostTensor([0.0] * 4), 4, 256)
        first, second = self.raw()["launches"]
        self.assertTrue(first["reads_what_it_writes"])
        def stored(digest):
            with open(os.path.join(self.staging, "tensors", digest + ".bin"), "rb") as handle:
                return list(array.array("f", handle.read()))

        y = first["args"][1]
        self.assertEqual((stored(y["input"]), stored(y["output"])), ([5.0, 5.0], [6.0, 7.0]), "inout: before and after")
        self.assertEqual(second["grid"], [2, 1, 1])

    def test_a_tuned_kernel_records_its_config_space_the_choice_and_every_configs_grid(self):
        configs = [triton.Config({"BLOCK": b}, num_warps=w) for b, w in ((128, 4), (256, 8))]
        tuner = triton.runtime.autotuner.Autotuner(shim_kernels.scale, shim_kernels.scale.arg_names, configs, ["n"], None, None)
        tuner.best_config = configs[1]
        kernel = scale_kernel(num_warps=8, effect=double_into)
        # What the tuner's run does: its best config's launch, the grid a callable of the meta-parameters.
        x, y = HostTensor([1.0] * 1000), HostTensor([0.0] * 1000)
        stack = abtool_capture._stack()
        grid = lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)  # noqa: E731
        stack.append(abtool_capture._TunerContext(tuner, "autotune", (x, y, 1000), {"grid": grid}))
        try:
            self.launch(kernel, (4, 1, 1), x, y, 1000, 256)
        finally:
            stack.pop()
        tuned = self.raw()["launches"][0]["tuner"]
        self.assertEqual(tuned["kind"], "autotune")
        self.assertEqual(tuned["keys"], ["n"])
        self.assertEqual([c["kwargs"]["BLOCK"] for c in tuned["configs"]], [128, 256])
        self.assertEqual([c["num_warps"] for c in tuned["configs"]], [4, 8])
        self.assertEqual(tuned["chosen"], 1)
        self.assertEqual(tuned["grids"], [[8, 1, 1], [4, 1, 1]])

    def test_a_tuners_own_benchmark_times_are_kept_per_config(self):
        # What capture_compare and a user read as a near tie: the tuner's own median of each config.
        configs = [triton.Config({"BLOCK": b}, num_warps=w) for b, w in ((128, 4), (256, 8), (512, 8))]
        measured = iter([[1.25, 1.2, 1.3], [1.0, 0.98, 1.02], [float("inf")] * 3])  # the last: out of resources
        tuner = triton.runtime.autotuner.Autotuner(shim_kernels.scale, shim_kernels.scale.arg_names, configs, ["n"], None,
                                                   None, do_bench=lambda call, quantiles=None: next(measured))
        x, y = HostTensor([1.0] * 1000), HostTensor([0.0] * 1000)
        tuner.nargs = dict(zip(tuner.arg_names, (x, y, 1000)))  # what the tuner's run sets before benchmarking
        stack = abtool_capture._stack()
        stack.append(abtool_capture._TunerContext(tuner, "autotune", (x, y, 1000), {"grid": (4, 1, 1)}))
        try:
            returned = [tuner._bench(x, y, 1000, config=config) for config in configs]
            tuner.best_config = configs[1]
            self.launch(scale_kernel(num_warps=8, effect=double_into), (4, 1, 1), x, y, 1000, 256)
        finally:
            stack.pop()
        self.assertEqual(returned[1], [1.0, 0.98, 1.02], "the tuner has its own numbers back")
        self.assertEqual(self.raw()["launches"][0]["tuner"]["timings_ms"], [1.25, 1.0, None])

    def test_inside_a_cuda_graph_capture_nothing_is_copied_and_a_graph_only_launch_says_why(self):
        # Issue 45: torch.compile(mode="reduce-overhead") and torch.cuda.graph launch kernels while the
        # stream captures, where the shim's copies and synchronizations would break the capture.
        tensors = self.capture.tensors
        warmed = scale_kernel(effect=double_into)
        self.launch(warmed, (1, 1, 1), HostTensor([1.0, 2.0]), HostTensor([0.0, 0.0]), 2, 256)  # an eager warm-up
        only_in_graph = scale_kernel(effect=double_into)
        tensors.capturing_graph = True
        try:
            for _ in range(2):
                self.launch(only_in_graph, (1, 1, 1), HostTensor([1.0] * 8), HostTensor([0.0] * 8), 8, 256)
            self.launch(warmed, (1, 1, 1), HostTensor([1.0, 2.0]), HostTensor([0.0, 0.0]), 2, 256)
        finally:
            tensors.capturing_graph = False
        self.assertEqual(only_in_graph.launched, 2, "inside the capture: the workload's launches only")
        eager, graph_only = self.raw()["launches"]
        self.assertEqual((eager["launches"], eager["problems"]), (2, []), "the warm-up recorded it; the graph's launch counted")
        self.assertEqual(graph_only["launches"], 2)
        self.assertEqual([p["code"] for p in graph_only["problems"]], ["inside_cuda_graph"])
        self.assertNotIn("input", graph_only["args"][0], "nothing was copied")

    def test_a_launch_first_seen_in_a_graph_is_recorded_when_it_comes_eagerly(self):
        tensors = self.capture.tensors
        kernel = scale_kernel(effect=double_into)
        tensors.capturing_graph = True
        try:
            self.launch(kernel, (1, 1, 1), HostTensor([1.0] * 4), HostTensor([0.0] * 4), 4, 256)
        finally:
            tensors.capturing_graph = False
        self.launch(kernel, (1, 1, 1), HostTensor([1.0] * 4), HostTensor([0.0] * 4), 4, 256)
        [record] = self.raw()["launches"]
        self.assertEqual((record["launches"], record["problems"]), (2, []))
        self.assertIn("output", record["args"][1])

    def test_a_kernel_of_the_script_itself_says_why_it_cannot_be_imported(self):
        identity = abtool_capture._kernel_identity(main_kernel, StandInKernel(main_kernel, {"x": "*fp32", "n": "i32"}, {}))
        self.assertFalse(identity["importable"])
        self.assertIn("__main__", identity["why"])
        self.assertIn("def local_kernel", identity["source"])


def tile_double_into(in_desc, out_desc, block_m, block_n):
    out_desc.base.data[:] = array.array("f", [2 * v for v in in_desc.base.data])


class Descriptors(CaptureTest):
    """Issue 45: host tensor descriptors (FlagGems' Hopper mm): the tensor is the memory a descriptor
    addresses; its tile and padding are recorded, and each config's tile where the tuner benchmarks it."""

    SIGNATURE = {"in_desc": "tensordesc<fp32[2, 4]>", "out_desc": "tensordesc<fp32[2, 4]>", "BLOCK_M": "constexpr",
                 "BLOCK_N": "constexpr"}

    def kernel(self, signature=None):
        return StandInKernel(shim_kernels.tile_double, signature or self.SIGNATURE, {(2,): 2, (3,): 4},
                             effect=tile_double_into, divisible=())

    def descriptors(self, block=(2, 4), padding="zero"):
        x, y = HostTensor([float(v) for v in range(16)]), HostTensor([0.0] * 16)
        return (TensorDescriptor(x, [4, 4], [4, 1], list(block), padding),
                TensorDescriptor(y, [4, 4], [4, 1], list(block), padding))

    def raw(self):
        self.capture.write()
        with open(os.path.join(self.staging, f"raw-{os.getpid()}.json")) as handle:
            return json.load(handle)

    def test_a_descriptor_is_the_tensor_it_addresses_with_its_tile_and_what_it_wrote_is_seen(self):
        kernel = self.kernel()
        for _ in range(2):
            x_desc, y_desc = self.descriptors()
            kernel.run(2, 1, 1, 0, None, None, None, None, None, x_desc, y_desc, 2, 4)
        self.assertEqual(y_desc.base.data.tolist(), [2.0 * v for v in range(16)], "the workload's launch ran")
        [record] = self.raw()["launches"]
        self.assertEqual((record["launches"], record["problems"]), (2, []))
        x, y = record["args"][:2]
        self.assertEqual((x["kind"], x["type"], x["dtype"], x["shape"], x["strides"]),
                         ("tensor", "tensordesc<fp32[2, 4]>", "fp32", [4, 4], [4, 1]))
        self.assertEqual(x["descriptor"], {"block": [2, 4], "padding": "zero"})
        self.assertEqual((x["written"], y["written"]), (False, True))
        self.assertFalse(record["reads_what_it_writes"], "the shim's launches on copies took descriptors over the copies")
        with open(os.path.join(self.staging, "tensors", y["output"] + ".bin"), "rb") as handle:
            self.assertEqual(list(array.array("f", handle.read())), [2.0 * v for v in range(16)])

    def test_another_tile_is_another_specialization_and_a_gluon_layout_says_why_it_is_left_out(self):
        kernel = self.kernel()
        kernel.run(2, 1, 1, 0, None, None, None, None, None, *self.descriptors((2, 4)), 2, 4)
        kernel.run(2, 1, 1, 0, None, None, None, None, None, *self.descriptors((4, 4), "nan"), 2, 4)
        gluon = self.kernel({**self.SIGNATURE, "in_desc": "tensordesc<fp32[2, 4],NVMMASharedLayout(128, 32)>"})
        gluon.run(2, 1, 1, 0, None, None, None, None, None, *self.descriptors(), 2, 4)
        first, second, third = self.raw()["launches"]
        self.assertEqual(second["args"][0]["descriptor"], {"block": [4, 4], "padding": "nan"})
        self.assertEqual([p["code"] for p in third["problems"]], ["tensor_descriptor"])
        self.assertIn("Gluon", third["problems"][0]["text"])

    def test_a_tuners_benchmarks_give_each_configs_tile(self):
        configs = [triton.Config({"BLOCK_M": m}, num_warps=4) for m in (2, 4)]
        tuner = triton.runtime.autotuner.Autotuner(shim_kernels.tile_double, shim_kernels.tile_double.arg_names, configs,
                                                   [], None, None)
        tuner.best_config = configs[1]
        kernel = self.kernel()
        context = abtool_capture._TunerContext(tuner, "autotune", (), {"grid": (2, 1, 1)})
        stack = abtool_capture._stack()
        stack.append(context)
        try:
            for config, block in zip(configs, ((2, 4), (4, 4))):  # what a pre_hook does: each config's tile
                context.benchmarking = config
                kernel.run(2, 1, 1, 0, None, None, None, None, None, *self.descriptors(block), block[0], 4)
            context.benchmarking = None
            kernel.run(1, 1, 1, 0, None, None, None, None, None, *self.descriptors((4, 4)), 4, 4)
        finally:
            stack.pop()
        [record] = self.raw()["launches"]
        self.assertEqual(record["tuner"]["blocks"], [{"in_desc": [2, 4], "out_desc": [2, 4]},
                                                     {"in_desc": [4, 4], "out_desc": [4, 4]}])


class TimingLoops(CaptureTest):
    """A suite's own do_bench runs its call once under capture; a tuner's benchmarks run in full."""

    def setUp(self):
        super().setUp()
        self.loops = []  # (name, the call count the loop would have made)
        testing = types.ModuleType("triton.testing")

        def do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None, return_mode="mean"):
            for _ in range(5):
                fn()
            self.loops.append("do_bench")
            return 1.0

        def do_bench_cudagraph(fn, rep=20, grad_to_none=None, quantiles=None, return_mode="mean"):
            self.loops.append("do_bench_cudagraph")
            return 1.0

        testing.do_bench, testing.do_bench_cudagraph = do_bench, do_bench_cudagraph
        testing._summarize_statistics = triton.testing._summarize_statistics
        abtool_capture._patch_timing_loops(testing)
        self.testing = testing

    def test_outside_a_tuner_each_loop_calls_once_and_returns_what_its_caller_unpacks(self):
        calls = []
        self.assertIsInstance(self.testing.do_bench(lambda: calls.append(1)), float)
        median, low, high = self.testing.do_bench(lambda: calls.append(1), quantiles=[0.5, 0.2, 0.8])
        self.assertEqual(median, low)
        self.assertEqual(len(self.testing.do_bench(lambda: calls.append(1), 25, 100, None, None, "all")), 1)
        self.testing.do_bench_cudagraph(lambda: calls.append(1))
        self.assertEqual(len(calls), 4)
        self.assertEqual(self.loops, [], "the loops themselves never ran")
        self.assertEqual(self.capture.shortened, {"triton.testing.do_bench": 3, "triton.testing.do_bench_cudagraph": 1})
        with open(self.capture_raw()) as handle:
            self.assertEqual(json.load(handle)["shortened"]["triton.testing.do_bench"], 3)

    def test_inside_a_tuner_the_benchmarks_that_choose_the_pick_run_in_full(self):
        abtool_capture._stack().append(abtool_capture._TunerContext(None, "autotune", (), {}))
        try:
            calls = []
            self.testing.do_bench(lambda: calls.append(1))
        finally:
            abtool_capture._stack().pop()
        self.assertEqual((len(calls), self.loops), (5, ["do_bench"]))
        self.assertEqual(self.capture.shortened, {})

    def capture_raw(self):
        self.capture.write()
        return os.path.join(self.staging, f"raw-{os.getpid()}.json")


class TunerKinds(unittest.TestCase):
    """The shim tells a tuner's kind from tuner_kinds.json, the table abtool reads too."""

    def test_the_first_entry_whose_class_the_tuner_derives_from_names_it(self):
        kinds = abtool_capture._tuner_kinds()
        Autotuner = type("Autotuner", (), {})
        LibTuner = type("LibTuner", (Autotuner,), {})  # FlagGems' derives from Triton's
        Heuristics = type("Heuristics", (), {})
        self.assertEqual(abtool_capture._kind_of(LibTuner(), kinds), "libtuner")
        self.assertEqual(abtool_capture._kind_of(Autotuner(), kinds), "autotune")
        self.assertEqual(abtool_capture._kind_of(Heuristics(), kinds), "heuristics")
        self.assertEqual(abtool_capture._kind_of(object(), kinds), "none")
        self.assertFalse(abtool_capture._TunerContext(None, "heuristics", (), {}).tunes_configs)
        self.assertTrue(abtool_capture._TunerContext(None, "libtuner", (), {}).tunes_configs)


class ConstexprValues(unittest.TestCase):
    """Issue 45: constexprs that are Triton objects (`X_dtype=tl.bfloat16`), tuples and enum members
    are captured as the expressions abtool's Triton compile rebuilds them from, and rebuilt equal."""

    def test_what_the_compile_can_rebuild_is_captured_as_an_expression_and_rebuilt_equal(self):
        import triton.language as tl
        sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "compilers", "triton"))
        import abtool_triton_compile

        for value, expression in ((tl.bfloat16, "tl.bfloat16"), (tl.constexpr(tl.float16), "tl.float16"),
                                  (tl.float8e4nv, "tl.float8e4nv"), ((16, "ieee", None, 0.5), "(16, 'ieee', None, 0.5)"),
                                  (shim_kernels.Mode.FAST, "enum:shim_kernels:Mode.FAST")):
            self.assertEqual(abtool_capture._plain(value), {"python": expression})
            rebuilt = value.value if isinstance(value, tl.constexpr) else value
            self.assertEqual(abtool_triton_compile.typed(expression), rebuilt, expression)
        self.assertEqual(abtool_capture._plain(tl.constexpr(3)), 3, "a wrapper is its value")
        self.assertEqual(abtool_capture._plain(None), None)
        self.assertIn("object", abtool_capture._plain(object()), "anything else is not replayable")
        self.assertIn("object", abtool_capture._plain(([1], 2)), "a tuple of lists is not a plain tuple")
        with self.assertRaises(ValueError):
            abtool_triton_compile.typed("tl.bfloat61")

    def test_two_dtypes_of_one_kernel_are_two_specializations(self):
        import triton.language as tl
        staging = tempfile.mkdtemp(prefix="abtool-shim-")
        self.addCleanup(shutil.rmtree, staging, True)
        abtool_capture._patch_compiled_kernel(Module)
        capture = abtool_capture.install(staging, max_input_mb=1, tensors=HostTensors())
        self.addCleanup(atexit.unregister, capture.write)
        signature = {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32", "OUT_DTYPE": "constexpr", "BLOCK": "constexpr"}
        for out_dtype in (tl.float16, tl.bfloat16, tl.float16):
            kernel = StandInKernel(shim_kernels.cast_scale, signature, {(3,): out_dtype, (4,): 256}, effect=double_into3)
            kernel.run(1, 1, 1, 0, None, None, None, None, None, HostTensor([1.0, 2.0]), HostTensor([0.0, 0.0]), 2,
                       out_dtype, 256)
        capture.write()
        with open(os.path.join(staging, f"raw-{os.getpid()}.json")) as handle:
            launches = json.load(handle)["launches"]
        self.assertEqual([(r["args"][3]["value"], r["launches"]) for r in launches],
                         [({"python": "tl.float16"}, 2), ({"python": "tl.bfloat16"}, 1)])
        self.assertEqual([r["problems"] for r in launches], [[], []])


def compiled_ttir(fn, signature, constants):
    """A real kernel's Triton IR, compiled for sm_90 (no GPU needed)."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    return triton.compile(ASTSource(fn, signature, constants, {}), target=GPUTarget("cuda", 90, 32),
                          options={"num_warps": 4}).asm["ttir"]


class IntegerWrites(CaptureTest):
    """Issue 45: a kernel that fills an integer tensor with the zeros it held wrote nothing the shim
    could see: integer tensors are poisoned on copies too where the kernel's IR never reads them
    (an index tensor it reads keeps its contents: poisoned indices would send the launch out of bounds)."""

    def test_the_ir_says_which_parameters_a_kernel_may_read(self):
        i32, f32 = "*i32", "*fp32"
        cases = [(shim_kernels.scale, {"x_ptr": f32, "y_ptr": f32, "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256},
                  {"x_ptr"}, {"y_ptr"}),
                 (shim_kernels.accumulate, {"x_ptr": f32, "y_ptr": f32, "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256},
                  {"x_ptr", "y_ptr"}, set()),
                 (shim_kernels.split_sum.fn, {"x_ptr": i32, "total_ptr": i32, "n": "i32", "BLOCK": "constexpr"},
                  {"BLOCK": 1024}, {"x_ptr", "total_ptr"}, set()),  # an atomic reads
                 (shim_kernels.fill_zero, {"out_ptr": i32, "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256}, set(),
                  {"out_ptr"}),
                 (shim_kernels.gather, {"index_ptr": i32, "x_ptr": f32, "out_ptr": f32, "n": "i32", "BLOCK": "constexpr"},
                  {"BLOCK": 256}, {"index_ptr", "x_ptr"}, {"out_ptr"}),
                 (shim_kernels.strided_sum, {"x_ptr": f32, "out_ptr": f32, "n": "i32", "BLOCK": "constexpr"}, {"BLOCK": 256},
                  {"x_ptr"}, {"out_ptr"})]  # through the loop's carried pointer
        for fn, signature, constants, reads, only_written in cases:
            read = abtool_capture._params_read(compiled_ttir(fn, signature, constants))
            self.assertTrue(reads <= read, (fn.__name__, read))
            self.assertFalse(only_written & read, (fn.__name__, read))
        self.assertIsNone(abtool_capture._params_read(None))
        self.assertIsNone(abtool_capture._params_read("module {\n}"))

    def test_zeros_written_over_zeros_are_seen_and_indices_are_never_poisoned(self):
        fill = StandInKernel(shim_kernels.fill_zero, {"out_ptr": "*i32", "n": "i32", "BLOCK": "constexpr"}, {(2,): 256},
                             effect=lambda out, n, block: out.data.__setitem__(slice(None), array.array("i", [0] * n)),
                             divisible=(0,))
        fill.asm = {"ttir": compiled_ttir(shim_kernels.fill_zero, {"out_ptr": "*i32", "n": "i32", "BLOCK": "constexpr"},
                                          {"BLOCK": 256})}
        fill.run(1, 1, 1, 0, None, None, None, None, None, HostTensor([0] * 8, "i32"), 8, 256)
        seen_indices = []

        def gather_into(index, x, out, n, block):
            seen_indices.append(list(index.data))
            out.data[:] = array.array("f", [x.data[i] for i in index.data])

        signature = {"index_ptr": "*i32", "x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}
        take = StandInKernel(shim_kernels.gather, signature, {(4,): 256}, effect=gather_into, divisible=(0, 1, 2))
        take.asm = {"ttir": compiled_ttir(shim_kernels.gather, signature, {"BLOCK": 256})}
        take.run(1, 1, 1, 0, None, None, None, None, None, HostTensor([2, 0, 1], "i32"), HostTensor([5.0, 6.0, 7.0]),
                 HostTensor([0.0, 0.0, 0.0]), 3, 256)
        self.capture.write()
        with open(os.path.join(self.staging, f"raw-{os.getpid()}.json")) as handle:
            filled, taken = json.load(handle)["launches"]
        self.assertTrue(filled["args"][0]["written"], "the poisoned copy came back zeros")
        self.assertIn("output", filled["args"][0])
        self.assertEqual(seen_indices, [[2, 0, 1]] * len(seen_indices), "every launch, the shim's too, saw the real indices")
        self.assertGreaterEqual(len(seen_indices), 2)
        self.assertEqual([a["written"] for a in taken["args"][:3]], [False, False, True])

    def test_an_integer_tensor_read_and_written_is_inout_without_ever_being_poisoned(self):
        seen = []

        def bump(counts, n, block):
            seen.append(list(counts.data))
            counts.data[:] = array.array("i", [c + 1 for c in counts.data])

        signature = {"counts_ptr": "*i32", "n": "i32", "BLOCK": "constexpr"}
        kernel = StandInKernel(shim_kernels.increment, signature, {(2,): 256}, effect=bump, divisible=(0,))
        kernel.asm = {"ttir": compiled_ttir(shim_kernels.increment, signature, {"BLOCK": 256})}
        kernel.run(1, 1, 1, 0, None, None, None, None, None, HostTensor([3, 1, 2], "i32"), 3, 256)
        self.capture.write()
        with open(os.path.join(self.staging, f"raw-{os.getpid()}.json")) as handle:
            [record] = json.load(handle)["launches"]
        self.assertTrue(record["reads_what_it_writes"])
        self.assertTrue(record["args"][0]["written"])
        self.assertEqual(seen, [[3, 1, 2]], "the workload's launch alone: no copy of the counts was poisoned and launched")


def double_into3(x, y, n, out_dtype, block):
    double_into(x, y, n, block)


GENERATED = """import triton
import triton.language as tl


@triton.jit
def scalar(x):
    return twice(x)


@triton.jit
def generated_kernel(x_ptr, n):
    tl.store(x_ptr, scalar(tl.load(x_ptr)))
"""


class RootMeanSquare(unittest.TestCase):
    def test_it_reads_each_float_dtype_as_abtool_does_and_skips_what_is_not_finite(self):
        # bf16 1.0, -2.0, inf, 3.0: the upper halves of the fp32 patterns.
        bf16 = array.array("H", [0x3F80, 0xC000, 0x7F80, 0x4040]).tobytes()
        self.assertAlmostEqual(abtool_capture._rms(bf16, "bf16"), ((1 + 4 + 9) / 3) ** 0.5)
        fp16 = array.array("H", [0x3C00, 0x7E00]).tobytes()  # 1.0, NaN
        self.assertEqual(abtool_capture._rms(fp16, "fp16"), 1.0)
        self.assertEqual(abtool_capture._rms(array.array("d", [3.0, -4.0]).tobytes(), "fp64"), (12.5) ** 0.5)
        self.assertIsNone(abtool_capture._rms(b"\x00\x01", "i16"))


class GeneratedModules(unittest.TestCase):
    def generated(self, text, module_name):
        """A module as FlagGems' pointwise_dynamic makes one: a file in a cache folder, loaded under
        a name of its own, then given the globals of the module of the op's scalar function."""
        folder = tempfile.mkdtemp(prefix="abtool-generated-")
        self.addCleanup(shutil.rmtree, folder, True)
        path = os.path.join(folder, module_name + ".py")
        with open(path, "w") as handle:
            handle.write(text)
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.__dict__.update({k: v for k, v in shim_kernels.__dict__.items() if not k.startswith("__")})
        return module

    @staticmethod
    def identity(kernel):
        return abtool_capture._kernel_identity(kernel, StandInKernel(kernel, {"x_ptr": "*fp32", "n": "i32"}, {}))

    def test_a_generated_module_is_copied_and_what_it_lacks_is_bound_from_where_it_lives(self):
        identity = self.identity(self.generated(GENERATED, "_gen_module_test").generated_kernel)
        self.assertFalse(identity["importable"])
        self.assertTrue(identity["loadable_from_copy"], identity["why"])
        self.assertEqual(identity["file_text"], GENERATED)
        self.assertEqual(identity["binds"], {"twice": "shim_kernels:twice"})

    def test_a_function_the_file_copies_binds_what_the_copy_uses_though_the_globals_hold_the_original(self):
        # pointwise_dynamic copies the op's scalar function into the file; the globals it gets
        # after hold the original under that name, from another file, but the copied file runs its
        # own copy, which calls `twice`.
        module = self.generated(GENERATED_WITH_A_COPY, "_gen_module_offset")
        self.assertIs(module.offset_twice, shim_kernels.offset_twice)
        identity = self.identity(module.generated_offset_kernel)
        self.assertTrue(identity["loadable_from_copy"], identity["why"])
        self.assertEqual(identity["binds"], {"twice": "shim_kernels:twice"})


GENERATED_WITH_A_COPY = """import triton
import triton.language as tl


@triton.jit
def offset_twice(x):
    return twice(x) + 1


@triton.jit
def generated_offset_kernel(x_ptr, n):
    tl.store(x_ptr, offset_twice(tl.load(x_ptr)))
"""


@triton.jit
def local_kernel(x, n):
    pass


main_kernel = local_kernel

if __name__ == "__main__":
    unittest.main()
