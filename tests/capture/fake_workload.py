"""A workload for `abtool capture` without a GPU (CTest capture_fake_workload): real @triton.jit
kernels of shim_kernels.py launched through fake_triton's stand-ins, so the whole capture path
(the shim in the workload's interpreter, abtool's op drafts, the capture directory) runs on any
machine, and the ops it makes can be compiled for sm_90 by `abtool record --arch sm_90`.

  abtool capture --out DIR -- python3 tests/capture/fake_workload.py [--fail] [--no-kernels] [--then-wait FILE] [--then-segv]
(it runs itself once more with --child: a workload of two processes). --then-wait FILE: once its
kernels are launched, FILE is made and the workload waits (up to 10 minutes) to be stopped, as a long
suite is cut by Ctrl-C, SIGTERM or a time limit; --then-segv: it dies of SIGSEGV there.
"""
import array
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import triton  # noqa: E402
import triton.testing  # noqa: E402

import abtool_capture  # noqa: E402  (installed by abtool capture's sitecustomize)
import fake_triton  # noqa: E402
import shim_kernels  # noqa: E402
from fake_triton import HostTensor, StandInKernel, TensorDescriptor, launch  # noqa: E402

SCALE_SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32", "BLOCK": "constexpr"}


def scale(x, y, n, block):
    y.data[:] = type(y.data)(y.data.typecode, [2 * v for v in x.data])


def fill_zero(out, n, block):
    out.data[:] = type(out.data)(out.data.typecode, [0] * n)


def cast(x, y, n, out_dtype, block):
    scale(x, y, n, block)


def tile_double(in_desc, out_desc, block_m, block_n):
    out_desc.base.data[:] = type(out_desc.base.data)("f", [2 * v for v in in_desc.base.data])


def add_twice(x, y, n, block):  # x and y may share memory: every x read before y is written
    added = [b + 2 * a for a, b in zip(list(x.data), list(y.data))]
    y.data[:] = array.array(y.data.format if isinstance(y.data, memoryview) else y.data.typecode, added)


def accumulate(x, y, n, block):  # reads what it writes
    y.data[:] = type(y.data)(y.data.typecode, [a + b for a, b in zip(x.data, y.data)])


GENERATED_MODULE = """import triton
import triton.language as tl


@triton.jit
def gen_triple(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offsets, 3 * tl.load(x_ptr + offsets, mask=offsets < n), mask=offsets < n)
"""


def triple(x, y, n, block):
    y.data[:] = type(y.data)(y.data.typecode, [3 * v for v in x.data])


def launch_generated():
    """As FlagGems' pointwise_dynamic: each process writes the same module to a file named after its
    pid and loads it from there; both launch it at one shape (one specialization, two launches)."""
    import importlib.util
    folder = os.path.join(os.getcwd(), "generated")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"gen_triple_pid_{os.getpid()}.py")
    with open(path, "w") as handle:
        handle.write(GENERATED_MODULE)
    spec = importlib.util.spec_from_file_location(f"_gen_module_{os.getpid()}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel = StandInKernel(module.gen_triple, SCALE_SIGNATURE, {(3,): 512}, effect=triple)
    launch(kernel, (1, 1, 1), HostTensor([0.5 * i for i in range(512)]), HostTensor([0.0] * 512), 512, 512)


def child():
    """A second process of the workload (as `pytest -n 2` or torchrun make): one specialization the
    first process also launched, one of its own, and the generated module's kernel."""
    for n, block in ((1000, 1024), (2048, 2048)):
        kernel = StandInKernel(shim_kernels.scale, SCALE_SIGNATURE, {(3,): block}, effect=scale)
        launch(kernel, (1, 1, 1), HostTensor([0.5 * i for i in range(n)]), HostTensor([0.0] * n), n, block)
    launch_generated()


def main():
    if "--fail" in sys.argv:
        sys.exit(3)
    if abtool_capture._capture is None:
        sys.exit("fake_workload: run it under abtool capture")
    if "--no-kernels" in sys.argv:
        return
    abtool_capture._capture.tensors = fake_triton.HostTensors()
    abtool_capture._patch_compiled_kernel(fake_triton.Module)
    if "--child" in sys.argv:
        return child()
    subprocess.run([sys.executable, os.path.abspath(__file__), "--child"], check=True)  # the shim is in its PYTHONPATH too
    launch_generated()

    # An untuned kernel at two sizes, called three times each: two specializations, six launches.
    for n, block in ((1000, 1024), (4096, 4096)):
        kernel = StandInKernel(shim_kernels.scale, SCALE_SIGNATURE, {(3,): block}, effect=scale)
        for _ in range(3):
            x, y = HostTensor([0.5 * i for i in range(n)]), HostTensor([0.0] * n)
            launch(kernel, (1, 1, 1), x, y, n, block)

    # One that accumulates into its output: inout.
    kernel = StandInKernel(shim_kernels.accumulate, SCALE_SIGNATURE, {(3,): 256}, effect=accumulate)
    launch(kernel, (8, 1, 1), HostTensor([1.0] * 2048), HostTensor([3.0] * 2048), 2048, 256)

    # A tuned one: two configs, the second chosen; each config's grid from the tuner's grid function.
    configs = [triton.Config({"BLOCK": 128}, num_warps=4), triton.Config({"BLOCK": 256}, num_warps=8)]
    tuner = triton.runtime.autotuner.Autotuner(shim_kernels.scale, shim_kernels.scale.arg_names, configs, ["n"], None, None)
    tuner.best_config = configs[1]
    x, y = HostTensor([1.0] * 1000), HostTensor([0.0] * 1000)
    grid = lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)  # noqa: E731
    abtool_capture._stack().append(abtool_capture._TunerContext(tuner, "autotune", (x, y, 1000), {"grid": grid}))
    try:
        launch(StandInKernel(shim_kernels.scale, SCALE_SIGNATURE, {(3,): 256}, num_warps=8, effect=scale), (4, 1, 1),
               x, y, 1000, 256)
    finally:
        abtool_capture._stack().pop()

    # A dtype constexpr (`OUT_DTYPE=tl.float16`), as backward kernels take one: captured by name and
    # rebuilt when the op compiles; one value per point (n 1000: fp16, n 4096: bf16).
    cast_signature = {"x_ptr": "*fp32", "y_ptr": "*fp32", "n": "i32", "OUT_DTYPE": "constexpr", "BLOCK": "constexpr"}
    for n, out_dtype in ((1000, triton.language.float16), (4096, triton.language.bfloat16)):
        kernel = StandInKernel(shim_kernels.cast_scale, cast_signature, {(3,): out_dtype, (4,): 1024}, effect=cast)
        launch(kernel, (triton.cdiv(n, 1024), 1, 1), HostTensor([0.25 * i for i in range(n)]), HostTensor([0.0] * n), n,
               out_dtype, 1024)

    # A split-K style kernel: the tuner's config pre_hook (and its reset_to_zero) zero the accumulator
    # before each launch, and the kernel adds into it. The stand-in runs the hook as Autotuner.run does.
    def zero_accumulator(nargs):
        nargs["y_ptr"].data[:] = type(nargs["y_ptr"].data)("f", [0.0] * len(nargs["y_ptr"].data))

    configs = [triton.Config({"BLOCK": 256}, num_warps=4, pre_hook=zero_accumulator)]
    tuner = triton.runtime.autotuner.Autotuner(shim_kernels.accumulate, shim_kernels.accumulate.arg_names, configs, ["n"],
                                               ["y_ptr"], None)
    tuner.best_config = configs[0]
    x, y = HostTensor([1.5] * 512), HostTensor([7.0] * 512)  # y: what a previous step left
    abtool_capture._stack().append(abtool_capture._TunerContext(tuner, "autotune", (x, y, 512), {"grid": (2,)}))
    try:
        zero_accumulator({"y_ptr": y})
        launch(StandInKernel(shim_kernels.accumulate, SCALE_SIGNATURE, {(3,): 256}, effect=accumulate), (2, 1, 1),
               x, y, 512, 256)
    finally:
        abtool_capture._stack().pop()

    # Zeros written over the zeros an integer tensor held: seen because its IR never reads the tensor,
    # so the shim poisons it on copies (the stand-in carries the kernel's real IR, compiled for sm_90).
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    fill_signature = {"out_ptr": "*i32", "n": "i32", "BLOCK": "constexpr"}
    fill = StandInKernel(shim_kernels.fill_zero, fill_signature, {(2,): 256}, effect=fill_zero, divisible=(0,))
    fill.asm = {"ttir": triton.compile(ASTSource(shim_kernels.fill_zero, fill_signature, {"BLOCK": 256}, {}),
                                       target=GPUTarget("cuda", 90, 32), options={"num_warps": 4}).asm["ttir"]}
    launch(fill, (4, 1, 1), HostTensor([0] * 1000, "i32"), 1000, 256)

    # Host tensor descriptors (FlagGems' Hopper mm): a [32, 64] tensor in tiles of [16, 32].
    tile_signature = {"in_desc": "tensordesc<fp32[16, 32]>", "out_desc": "tensordesc<fp32[16, 32]>", "BLOCK_M": "constexpr",
                      "BLOCK_N": "constexpr"}
    tiles = StandInKernel(shim_kernels.tile_double, tile_signature, {(2,): 16, (3,): 32}, effect=tile_double, divisible=())
    x, y = HostTensor([0.5 * i for i in range(32 * 64)]), HostTensor([0.0] * (32 * 64))
    launch(tiles, (2, 2, 1), TensorDescriptor(x, [32, 64], [64, 1], [16, 32]), TensorDescriptor(y, [32, 64], [64, 1], [16, 32]),
           16, 32)

    # A suite's own timing loop: under capture it calls its function once (the real do_bench would
    # need a GPU here), and capture.json counts it.
    n = 128
    kernel = StandInKernel(shim_kernels.scale, SCALE_SIGNATURE, {(3,): 128}, effect=scale)
    triton.testing.do_bench(lambda: launch(kernel, (1, 1, 1), HostTensor([1.0] * n), HostTensor([0.0] * n), n, 128),
                            quantiles=[0.5, 0.2, 0.8])

    # Arguments that share memory: a tensor passed twice (in place, as a backward writes dX into dY's
    # buffer) and two overlapping views of a larger tensor (an update into a view at an offset).
    add = StandInKernel(shim_kernels.add_twice, SCALE_SIGNATURE, {(3,): 256}, effect=add_twice)
    both = HostTensor([0.5 * i for i in range(256)])
    launch(add, (1, 1, 1), both, both, 256, 256)
    storage = HostTensor([0.25 * i for i in range(1024)])
    launch(add, (2, 1, 1), HostTensor.view_of(storage, 0, 512), HostTensor.view_of(storage, 256, 512), 512, 256)

    # A kernel of the script itself: listed as not replayable, with the reason.
    launch(StandInKernel(script_kernel, SCALE_SIGNATURE, {(3,): 64}, effect=scale), (1, 1, 1),
           HostTensor([1.0] * 64), HostTensor([0.0] * 64), 64, 64)


@triton.jit
def script_kernel(x_ptr, y_ptr, n, BLOCK: triton.language.constexpr):
    pass


def then():
    """What the workload does after its kernels: wait to be stopped, or die."""
    if "--then-segv" in sys.argv:
        import signal
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    if "--then-wait" in sys.argv:
        import time
        with open(sys.argv[sys.argv.index("--then-wait") + 1], "w") as handle:
            handle.write("launched\n")
        time.sleep(600)


if __name__ == "__main__":
    main()
    if "--child" not in sys.argv:
        then()
