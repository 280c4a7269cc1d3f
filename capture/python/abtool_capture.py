"""abtool's capture shim: sees every Triton launch of a Python workload (`abtool capture -- COMMAND`).

`abtool capture` puts this file and a sitecustomize.py that installs it on the workload's
PYTHONPATH, with ABTOOL_CAPTURE_STAGING naming a folder of its own. The shim then watches, in every
Python process of the workload:

- every launch of a compiled Triton kernel, at `CompiledKernel.run`, the one call that every
  launch path goes through (`JITFunction.run`, FlagGems' `LibEntry` cache, a tuner's benchmarks);
- the tuners around them (`triton.autotune`, FlagGems' `LibTuner`, both `Autotuner`s, and
  `triton.heuristics`), for their config space, key, chosen config and the grid of every config.

For each distinct specialization of a kernel (its arguments' dtypes, shapes, strides, alignment,
scalar values and constexprs, its launch options) the first launch is recorded whole: the inputs
before it (integer tensors always, others up to ABTOOL_CAPTURE_MAX_INPUT_MB), the outputs after it
(what it wrote, found by comparing), whether it reads what it writes (a second launch on copies
whose written tensors are poisoned), the grid, the tuner. Later launches are counted. At exit each
process writes staging/raw-<pid>.json (format abtool.capture_raw/1, read by abtool's capture/
module) and its tensors as staging/tensors/<sha256>.bin. Nothing here changes what the workload
computes; a record the shim cannot make says why, and the workload goes on.

This module intercepts the launches and keeps the records (Capture); its parts: which kernel a
launch ran (abtool_capture_kernels.py), argument values (abtool_capture_values.py), tensor contents
(abtool_capture_tensors.py, with the device byte kernels of abtool_capture_bytes.py), the tuners
around a launch (abtool_capture_tuners.py, kinds from tuner_kinds.json).
"""
import atexit
import collections
import concurrent.futures
import enum
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import json
import os
import signal
import sys
import threading
import time
import traceback

RAW_FORMAT = "abtool.capture_raw/1"
_MAX_PENDING_BYTES = 2 << 30  # kept to be stored (on the device or the host), not yet written



_SAMPLE_BYTES = 16 << 20  # read to the host from a tensor too large to store
_SAMPLE_RUNS = 4

from abtool_capture_kernels import _kernel_identity, _kernel_name, _kernel_ttir, _params_read  # noqa: F401
from abtool_capture_tensors import TorchTensors, _numel, _rms, _sample_summary  # noqa: F401
from abtool_capture_tuners import (_TunerContext, _innermost, _kind_of, _lock, _patch_autotuner, _stack,  # noqa: F401
                                   _state, _tuner_kinds, _config_json, _config_text)
from abtool_capture_values import (_descriptor_problem, _is_descriptor, _plain, _problem,  # noqa: F401
                                   _triton_dtype_name, _with_tensor)


# The checkpoints' cost (Capture.checkpoint): free up to this many seconds, then at most this share
# of the workload's time.
_CHECKPOINT_FREE_S = 1.0
_CHECKPOINT_SHARE = 0.05


class Capture:
    """What one process saw."""

    def __init__(self, staging, max_input_bytes, tensors):
        self.staging = staging
        self.max_input_bytes = max_input_bytes
        self.tensors = tensors  # how tensor contents are read and written (torch, or a test's)
        self.records = {}  # quick key -> record (capture.quick_key)
        self.by_identity = {}  # a specialization's full identity -> its record
        self.graph_only = {}  # identity -> a specialization seen only inside a CUDA graph capture
        self.order = []  # the records, as first seen
        # id(CompiledKernel) -> (the kernel, the tuner info of its launches): the kernel is kept, so
        # its id is not a later kernel's (an id is reused once its object is freed)
        self.tuner_of_kernel = {}
        self.started = time.time()
        self.overhead_s = 0.0
        self.errors = []
        self.pool, self.pool_pid, self.pending, self.pending_bytes = None, None, [], 0  # stores under way (store)
        self.phases = {}  # where the shim's time goes: seconds by phase
        self.written_at_end = False  # write() has run: a checkpoint no longer replaces its file
        self.shortened = {}  # a timing loop run once (_patch_timing_loops) -> how many times
        self.checkpoints = 0
        # abtool's replay check, started beside the workload, imports these modules meanwhile
        self.imports_dir, self.imports_named = os.environ.get("ABTOOL_CAPTURE_IMPORTS"), set()
        os.makedirs(os.path.join(staging, "tensors"), exist_ok=True)

    # -- a launch ------------------------------------------------------------------------------

    def launch(self, kernel, original, grid, stream, call_args, rest):
        """`original()` runs the launch; returns what it returns."""
        tuners = _stack()
        if _state.inside:
            # Launched by the shim's own work: its second launch, or a tensor copy that a library
            # running torch's operators as Triton kernels (FlagGems' use_gems) turned into one.
            return original()
        _state.inside = True
        try:
            # Objects Triton takes as pointers (FlagGems' StridedBuffer) are looked at as tensor views.
            call_args = tuple(self.tensors.as_tensor(v) if hasattr(v, "data_ptr") else v for v in call_args)
            return self.watch(kernel, original, grid, stream, call_args, rest, tuners)
        finally:
            _state.inside = False

    def watch(self, kernel, original, grid, stream, call_args, rest, tuners):
        context = _innermost(tuners)
        if context is not None and context.benchmarking is not None:
            context.note_benchmark(kernel, grid, call_args)
            return original()
        begin = time.perf_counter()
        try:
            # A launch seen before costs a tuple and a lookup: most launches of a workload are.
            quick = self.quick_key(kernel, grid, call_args)
            with _lock:
                record = self.records.get(quick)
                if record is not None:
                    record["launches"] += 1
            if record is not None:
                self.overhead_s += time.perf_counter() - begin
                return original()
            described = self.describe(kernel, grid, call_args, context)
            self.phase("describing", begin)
        except Exception as error:  # noqa: BLE001 - the workload goes on
            self.errors.append(f"{_kernel_name(kernel)}: {error}")
            self.overhead_s += time.perf_counter() - begin
            return original()
        identity = described.pop("identity")
        if self.tensors.capturing():
            # Inside a CUDA graph capture (torch.cuda.graph, torch.compile's reduce-overhead): the
            # shim's copies and synchronizations would break the workload's capture, and the graph's
            # replays never come back through Python. A specialization seen eagerly too (a warm-up)
            # is recorded there; one seen only here is listed with the reason.
            with _lock:
                record = self.by_identity.get(identity) or self.graph_only.get(identity)
                if record is not None:
                    record["launches"] += 1
                else:
                    described["problems"].append(_problem(
                        "inside_cuda_graph", "it was launched only inside a CUDA graph capture, where the shim "
                        "cannot copy its tensors (launch it once outside the graph, as a warm-up does)"))
                    self.graph_only[identity] = described
            self.overhead_s += time.perf_counter() - begin
            return original()
        with _lock:
            record = self.by_identity.get(identity)
            if record is not None:  # another quick key of one specialization (a new data pointer alignment)
                record["launches"] += 1
                self.records[quick] = record
                self.overhead_s += time.perf_counter() - begin
                return original()
            self.records[quick] = described
            self.by_identity[identity] = described
            self.order.append(described)
            seen_in_graph = self.graph_only.pop(identity, None)  # its launches inside a capture, counted here
            if seen_in_graph is not None:
                described["launches"] += seen_in_graph["launches"]
        if described["problems"]:  # not replayable: listed with the reasons, nothing stored
            self.checkpoint()
            self.overhead_s += time.perf_counter() - begin
            return original()
        try:
            result = self.first_launch(described, original, call_args, kernel, grid, stream, rest)
            self.checkpoint()
        finally:
            self.overhead_s += time.perf_counter() - begin
        return result

    def name_imports(self, identity):
        """The modules abtool's compiler will import to load this kernel again (its own, or those
        its copied module binds), listed for the replay check (capture/check_handshake.h)."""
        if not self.imports_dir:
            return
        modules = [identity["module"]] if identity.get("importable") else \
            [target.split(":")[0] for target in (identity.get("binds") or {}).values()]
        fresh = [m for m in dict.fromkeys(modules) if m and m not in self.imports_named]
        if not fresh:
            return
        self.imports_named.update(fresh)
        try:
            with open(os.path.join(self.imports_dir, f"imports-{os.getpid()}.txt"), "a", encoding="utf-8") as out:
                out.write("".join(m + "\n" for m in fresh))
        except OSError:
            pass  # the check then imports them after the workload, as it would without this list

    def quick_key(self, kernel, grid, call_args):
        parts = [id(kernel), tuple(grid)]
        storages = {}  # a storage -> the first argument in it: in-place launches are records of their own
        for index, value in enumerate(call_args):
            if self.tensors.is_tensor(value):
                parts.append(self.tensors.quick(value))
                parts.append(storages.setdefault(self.tensors.storage_of(value), index))
            elif value is None or isinstance(value, (bool, int, float, str)):
                parts.append(value)
            elif isinstance(value, (tuple, enum.Enum)) or type(value).__name__ in ("dtype", "constexpr"):
                parts.append(("value", repr(value)))  # tl.bfloat16 and tl.float16 are two records
            elif _is_descriptor(value) and self.tensors.is_tensor(value.base):
                parts.append(("descriptor", self.tensors.quick(value.base), tuple(value.shape), tuple(value.strides),
                              tuple(value.block_shape), value.padding))
            else:  # another object: its kind, so each launch is not a new record
                parts.append(("object", type(value).__name__))
        return tuple(parts)

    def describe(self, kernel, grid, call_args, context):
        src = getattr(kernel, "src", None)
        fn = getattr(src, "fn", None)
        params = getattr(fn, "params", None)
        record = {"launches": 1, "grid": [int(g) for g in grid], "problems": []}
        meta = kernel.metadata
        record["options"] = {"num_warps": int(getattr(meta, "num_warps", 4)), "num_stages": int(getattr(meta, "num_stages", 3)),
                             "num_ctas": int(getattr(meta, "num_ctas", 1))}
        for field, default, what in (("maxnreg", None, "a register limit (maxnreg)"),
                                     ("launch_cooperative_grid", False, "a cooperative launch"),
                                     ("launch_pdl", False, "programmatic dependent launch")):
            if getattr(meta, field, default) not in (default, 0):
                record["problems"].append(_problem("launch_option", f"it uses {what}"))
        if tuple(getattr(meta, "cluster_dims", (1, 1, 1)) or (1, 1, 1)) != (1, 1, 1) or record["options"]["num_ctas"] != 1:
            record["problems"].append(_problem("thread_block_clusters", "it launches thread-block clusters"))
        if any(m.get("fp4_padded") for m in getattr(meta, "tensordesc_meta", None) or []):
            record["problems"].append(_problem("tensor_descriptor", "it takes FP4-padded tensor descriptors"))
        record["kernel"] = _kernel_identity(fn, kernel)
        self.name_imports(record["kernel"])
        # What the JIT made of each argument (ASTSource): its type ("*bf16", "i32", "constexpr"),
        # the constexpr values (declared ones, and integers equal to 1 and None it specialized on)
        # and the tt.divisibility=16 attributes. abtool's compile of the op repeats exactly this.
        signature = dict(getattr(src, "signature", None) or {})
        constants = getattr(src, "constants", None) or getattr(src, "constexprs", None) or {}
        attrs = getattr(src, "attrs", None) or {}
        names = list(signature) if signature else [f"arg{i}" for i in range(len(call_args))]
        args = []
        for index, value in enumerate(call_args):
            param = params[index] if params is not None and index < len(params) else None
            name = names[index] if index < len(names) else f"arg{index}"
            entry = {"name": name, "type": signature.get(name)}
            divisible = any(attr[0] == "tt.divisibility" and attr[1] == 16 for attr in attrs.get((index,), []))
            if entry["type"] == "constexpr":
                declared = param is not None and param.is_constexpr
                entry.update(kind="constexpr" if declared else "specialized", value=_plain(constants.get((index,), value)))
                if not declared and self.tensors.is_tensor(value):
                    entry["problems"] = "a tensor the JIT specialized away"
            elif self.tensors.is_tensor(value):
                entry.update(kind="tensor", divisible=divisible, **self.tensors.describe(value))
            elif _is_descriptor(value):
                # A host tensor descriptor: the memory it addresses (its shape and strides over its
                # base) is the tensor; abtool's launcher makes the same descriptor of its own buffer.
                problem = _descriptor_problem(value, entry["type"], self.tensors)
                if problem:
                    entry.update(kind="unsupported")
                    record["problems"].append(_problem("tensor_descriptor", f"argument {name}: {problem}"))
                else:
                    entry.update(kind="tensor", divisible=False, **self.tensors.describe(self.tensor_of(value)),
                                 descriptor={"block": [int(b) for b in value.block_shape], "padding": value.padding})
            elif isinstance(value, (bool, int, float)) and entry["type"] in ("i1", "i8", "i16", "i32", "i64", "u1", "u8",
                                                                            "u16", "u32", "u64", "fp16", "bf16", "fp32", "fp64"):
                entry.update(kind="scalar", dtype=entry["type"], value=value, divisible=divisible)
            else:
                entry.update(kind="unsupported")
                record["problems"].append(_problem("argument_type", f"argument {name} is a {type(value).__name__} ({entry['type']})"))
            if param is not None:
                entry["do_not_specialize"] = bool(param.do_not_specialize)
            args.append(entry)
        record["args"] = args
        if isinstance(constants, dict) and any(len(path) != 1 for path in constants if isinstance(path, tuple)):
            record["problems"].append(_problem("argument_type", "it takes tuple arguments"))
        tuner = None
        if context is not None:
            tuner = context.describe(kernel, args)
            self.tuner_of_kernel[id(kernel)] = (kernel, tuner)
        elif id(kernel) in self.tuner_of_kernel:  # a cached launch (FlagGems' LibEntry) of a tuned kernel
            tuner = dict(self.tuner_of_kernel[id(kernel)][1], grids=None, chosen_grid=record["grid"])
        record["tuner"] = tuner or {"kind": "none"}
        self.mark_shares(record, call_args)
        shape_key = [(a["name"], a.get("kind"), a.get("type"), tuple(a.get("shape", ())), tuple(a.get("strides", ())),
                      a.get("divisible"), repr(a.get("value")), repr(a.get("descriptor")), repr(a.get("share")))
                     for a in args]
        record["identity"] = json.dumps([record["kernel"]["module"], record["kernel"]["name"], record["kernel"]["file"],
                                         shape_key, record["options"], record["grid"]], default=str)
        return record

    def mark_shares(self, record, call_args):
        """Tensor arguments whose spans overlap in one storage (a tensor passed twice, a view of
        another, overlapping views) share it: each is marked with the group's holder (its first
        argument), its offset in the group's span and the span's size. The holder's stored bytes
        are then the whole span's, and abtool passes every member at its offset into one buffer."""
        args = record["args"]
        spans = []
        for index, entry in enumerate(args):
            if entry.get("kind") == "tensor":
                tensor = self.tensor_of(call_args[index])
                spans.append((index, self.tensors.storage_of(tensor), *self.tensors.byte_range(tensor)))
        reaches = {index: (start, end) for index, _, start, end in spans}
        for group in _alias_groups(spans):
            group = sorted(group)
            start = min(reaches[i][0] for i in group)
            end = max(reaches[i][1] for i in group)
            sizes = {args[i]["bytes"] // max(1, args[i]["extent"]) for i in group}
            names = [args[i]["name"] for i in group]
            offsets = {i: reaches[i][0] - start for i in group}
            if len(sizes) != 1 or any(offset % next(iter(sizes)) for offset in offsets.values()):
                record["problems"].append(_problem("aliased_arguments", f"arguments {', '.join(names)} share memory "
                                                   "with elements of different sizes or alignments"))
                continue
            for i in group:
                args[i]["share"] = {"holder": names[0], "offset_bytes": offsets[i], "storage_bytes": end - start}

    def shared_span(self, record, call_args, index):
        """The whole span a holder's group shares, as one tensor of the holder's dtype."""
        share = record["args"][index]["share"]
        tensor = self.tensor_of(call_args[index])
        start = self.tensors.byte_range(tensor)[0] - share["offset_bytes"]
        return self.tensors.storage_span(tensor, start, share["storage_bytes"])

    def first_launch(self, record, original, call_args, kernel, grid, stream, rest):
        tensors = self.tensors
        # A tensor that shares its memory with others is seen as the group's span, through its holder.
        indexed = [(i, a) for i, a in enumerate(record["args"])
                   if a["kind"] == "tensor" and a.get("share", {}).get("holder", a["name"]) == a["name"]]
        seen = {i: (self.shared_span(record, call_args, i) if "share" in a else self.tensor_of(call_args[i])) for i, a in indexed}
        # What every tensor held before the launch: a copy on the device where there is one, else
        # its bytes on the host (TorchTensors.snapshot); read to the host only what is stored.
        begin = time.perf_counter()
        try:
            before = {index: tensors.snapshot(seen[index]) for index, _ in indexed}
            tensors.synchronize()  # copied on torch's current stream; the launch goes to the workload's
        except Exception as error:  # noqa: BLE001 - the workload's launch goes on; this one is listed
            record["problems"].append(_problem("tensor_not_stored", f"its tensors could not be copied: {error}"))
            return original()
        self.phase("keeping what was before", begin)
        result = original()
        try:
            self.examine(record, call_args, kernel, grid, stream, rest, indexed, before, seen)
        except Exception as error:  # noqa: BLE001
            record["problems"].append(_problem("launch_on_copies_failed", f"what its launch wrote could not be found: {error}"))
        record["first_launch_s"] = time.time() - self.started
        record["shim_s"] = time.perf_counter() - begin
        return result

    def tensor_of(self, value):
        """The tensor an argument reads and writes: itself, or the memory a tensor descriptor
        addresses (its shape and strides over its base)."""
        if _is_descriptor(value):
            return self.tensors.view(value.base, [int(n) for n in value.shape], [int(n) for n in value.strides])
        return value

    def phase(self, name, begin):
        """Adds the time since `begin` to the phase's; returns now, the next phase's begin."""
        now = time.perf_counter()
        self.phases[name] = self.phases.get(name, 0.0) + now - begin
        return now

    def examine(self, record, call_args, kernel, grid, stream, rest, indexed, before, seen):
        tensors = self.tensors
        begin = time.perf_counter()
        tensors.synchronize()
        begin = self.phase("its launch", begin)
        shared = any("share" in entry for _, entry in indexed)
        if shared:
            # Arguments that share memory: the launches on copies would copy each apart, and the
            # kernel would not run as it did. A shared span is read and written (restored before
            # each launch, all of it compared after), the others written where they changed.
            for index, entry in indexed:
                entry["written"] = "share" in entry or tensors.differs(before[index], seen[index])
            for entry in record["args"]:
                if "share" in entry:
                    entry["written"] = True
            record["reads_what_it_writes"] = True
        else:
            # What the launch wrote: what changed, and -- since a launch may write what its buffers
            # already hold (a tuner's benchmarks ran the same computation into the same output just
            # before) -- what a launch on copies overwrites where the copies' floating-point tensors
            # were poisoned (integer ones, indices that steer addresses, keep their contents).
            read = _params_read(_kernel_ttir(kernel))  # what the kernel may read, from its IR (None: unknown)
            overwritten = self.overwritten(kernel, grid, stream, rest, call_args, record, indexed, read)
            written = []
            for index, entry in indexed:
                entry["written"] = index in overwritten or tensors.differs(before[index], seen[index])
                if entry["written"]:
                    written.append(index)
            record["reads_what_it_writes"] = None
            if written:
                record["reads_what_it_writes"] = self.reads_written(kernel, grid, stream, rest, call_args, record, written, read)
        begin = self.phase("launches on copies", begin)
        # Stored: what it read (not the old contents of what it only writes over, densely), and
        # what it wrote, the reference; integer tensors whatever their size, others up to the limit.
        only_writes = record["reads_what_it_writes"] is False
        for index, entry in indexed:
            reads = not (entry["written"] and only_writes and entry["extent"] == _numel(entry["shape"]))
            size = entry["share"]["storage_bytes"] if "share" in entry else entry["bytes"]
            if not (entry["integer"] or size <= self.max_input_bytes):
                # Too large to store: abtool generates it, over the range a sample of it holds, and
                # A's output is its reference; a sample of the output sets the tolerance's scale.
                begin = self.phase("storing", begin)
                if reads:
                    entry["input_range"] = _sample_summary(self.sample(before[index], entry), entry["dtype"])["range"]
                if entry["written"]:
                    entry["output_rms"] = _sample_summary(self.sample(seen[index], entry), entry["dtype"])["rms"]
                begin = self.phase("storing: samples of tensors too large to store", begin)
                continue
            if reads:
                self.store(entry, "input", before[index])
            if entry["written"]:
                self.store(entry, "output", tensors.snapshot(seen[index]), None if entry["integer"] else entry["dtype"])
        tensors.synchronize()  # the outputs' copies made before the workload goes on to change them
        self.phase("storing", begin)

    def overwritten(self, kernel, grid, stream, rest, call_args, record, indexed, read):
        """The tensors a launch on poisoned copies writes into (indices): the floating-point ones,
        and the integer (and boolean) ones the kernel's IR never reads through. An integer tensor it
        may read keeps its contents: indices and offsets steer addresses, and poisoned ones would
        send the launch out of bounds."""
        tensors = self.tensors
        poisoned = [index for index, entry in indexed
                    if not entry["integer"] or (read is not None and entry["name"] not in read)]
        if not poisoned:
            return set()
        # Each its own byte pattern: a kernel that copies one tensor into another changes the second.
        patterns = {index: 0x7F - n % 16 for n, index in enumerate(poisoned)}
        copies = list(call_args)
        for index, entry in indexed:
            copies[index] = _with_tensor(call_args[index], tensors.copy(self.tensor_of(call_args[index]), poison=patterns.get(index)))
        tensors.synchronize()  # made on torch's current stream; the launch goes to the workload's
        try:
            kernel.run(*grid, stream, *rest, *copies)  # inside the shim: passes straight through
            tensors.synchronize()
        except Exception as error:  # noqa: BLE001
            record["problems"].append(_problem("launch_on_copies_failed", f"a launch on copies failed: {error}"))
            return set()
        return {index for index in poisoned if not tensors.still_poisoned(self.tensor_of(copies[index]), patterns[index])}

    def reads_written(self, kernel, grid, stream, rest, call_args, record, written, read):
        """Launches once more on copies, the written tensors poisoned: if the outputs come out the
        same, the kernel only writes them (`out`); else it reads them too (`inout`), or is not
        deterministic, and restoring them before every launch is the safe reading. An integer tensor
        it writes and its IR may read (or any, without IR) is never poisoned: poisoned indices would
        send the launch out of bounds; such a kernel reads what it writes, so far as the shim knows."""
        tensors = self.tensors
        if any(record["args"][index]["integer"] and (read is None or record["args"][index]["name"] in read)
               for index in written):
            return True
        copies = list(call_args)
        for index, entry in enumerate(record["args"]):
            if entry["kind"] == "tensor":
                copies[index] = _with_tensor(call_args[index],
                                             tensors.copy(self.tensor_of(call_args[index]), poison=0x7F if index in written else None))
        tensors.synchronize()
        try:
            kernel.run(*grid, stream, *rest, *copies)  # inside the shim: passes straight through
            tensors.synchronize()
        except Exception as error:  # noqa: BLE001
            record["problems"].append(_problem("launch_on_copies_failed", f"a second launch on copies failed: {error}"))
            return True
        # The launch's own tensors still hold what it wrote: compared where they are.
        return any(tensors.differs(self.tensor_of(copies[index]), self.tensor_of(call_args[index])) for index in written)

    # -- stored tensors ------------------------------------------------------------------------

    def sample(self, data, entry):
        """Up to _SAMPLE_BYTES of a tensor's span (a snapshot's or the tensor itself), in
        _SAMPLE_RUNS evenly spaced runs of whole elements: what a tensor too large to store is
        summarized from."""
        itemsize = max(1, entry["bytes"] // max(1, entry["extent"]))
        return self.tensors.sample(data, itemsize, _SAMPLE_BYTES, _SAMPLE_RUNS)

    def store(self, entry, field, data, rms_dtype=None):
        """entry[field] becomes the SHA-256 of the bytes (`data`: a snapshot, TorchTensors.snapshot),
        stored as tensors/<sha>.bin, and with `rms_dtype` entry["output_rms"] their root-mean-square
        as that dtype: read to the host, worked out and written on a thread of the shim's while the
        workload goes on."""
        ready = self.tensors.ready_event(data)
        try:
            pending = self.writer().submit(self.save, data, rms_dtype, ready)
        except RuntimeError:  # the interpreter is shutting down: no new threads, stored here and now
            self.settle((entry, field, _Done(self.save(data, rms_dtype)), 0))
            return
        self.pending_bytes += entry["bytes"]
        self.pending.append((entry, field, pending, entry["bytes"]))
        if self.pending_bytes > _MAX_PENDING_BYTES:
            begin = time.perf_counter()
            while self.pending_bytes > _MAX_PENDING_BYTES and self.pending:  # the memory held stays bounded
                self.settle(self.pending.pop(0))
            self.phase("storing: waiting for the writers", begin)

    def writer(self):
        if self.pool is None or self.pool_pid != os.getpid():  # a forked child has none of its parent's threads
            self.pool, self.pool_pid, self.pending, self.pending_bytes = (
                concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="abtool-capture"), os.getpid(), [], 0)
        return self.pool

    def settle(self, pending):
        entry, field, future, size = pending
        self.pending_bytes -= size
        try:
            entry[field], rms = future.result()
            if rms is not None:
                entry["output_rms"] = rms
        except Exception as error:  # noqa: BLE001 - not stored: the capture says the bytes are missing
            self.errors.append(f"cannot store a tensor: {error}")

    def save(self, data, rms_dtype=None, ready=None):
        """On a writer thread (`ready`: the event its snapshot's copy was queued before): where its
        time goes is kept as the writers' phases (beside the workload's time, not in it)."""
        begin = time.perf_counter()
        data = self.tensors.host_when_ready(data, ready) if ready is not None else self.tensors.host(data)
        begin = self.writer_phase("writers: reading to the host", begin)
        digest = hashlib.sha256(data).hexdigest()
        begin = self.writer_phase("writers: hashing", begin)
        path = os.path.join(self.staging, "tensors", digest + ".bin")
        if not os.path.exists(path):
            temporary = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
            with open(temporary, "wb") as handle:
                handle.write(data)
            os.replace(temporary, path)
        begin = self.writer_phase("writers: writing files", begin)
        rms = _rms(data, rms_dtype) if rms_dtype else None
        self.writer_phase("writers: output rms", begin)
        return digest, rms

    def writer_phase(self, name, begin):
        now = time.perf_counter()
        with _lock:
            self.phases[name] = self.phases.get(name, 0.0) + now - begin
        return now

    # -- the end -------------------------------------------------------------------------------

    def checkpoint(self):
        """After each new specialization, what is known so far is written: a process that dies
        where Python cannot run its exit (SIGSEGV, SIGKILL, a fault in a library) keeps what it
        captured. Stores still under way are not waited for: a tensor whose bytes are not written
        yet is missing from the checkpoint (a floating-point one is generated, an integer one lists
        its specialization as not stored). Each checkpoint writes every record so far, so their cost
        grows with the capture: past a second in all they take at most 5% of the workload's time
        (one skipped now is made at a later new specialization)."""
        if self.phases.get("checkpoints", 0.0) > _CHECKPOINT_FREE_S + _CHECKPOINT_SHARE * (time.time() - self.started):
            return
        begin = time.perf_counter()
        still = []
        for pending in self.pending:
            (self.settle if pending[2].done() else still.append)(pending)
        self.pending = still
        try:
            with _lock:
                text = self.raw_text()
            self.checkpoints += 1
            self.replace_raw(text, f"{os.getpid()}.{self.checkpoints}", only_if_not_final=True)
        except Exception as error:  # noqa: BLE001 - the workload goes on; the exit's write tries again
            self.errors.append(f"cannot write a checkpoint of the capture: {error}")
        self.phase("checkpoints", begin)

    def raw_text(self):
        kernels = list(self.order) + [r for i, r in self.graph_only.items() if i not in self.by_identity]
        raw = {"schema": RAW_FORMAT, "pid": os.getpid(), "argv": sys.argv, "versions": _versions(),
               "wall_s": time.time() - self.started, "overhead_s": self.overhead_s, "phases": dict(self.phases),
               "errors": list(self.errors), "shortened": dict(self.shortened),
               "launches": kernels}
        return json.dumps(raw, default=str)

    def replace_raw(self, text, tag, only_if_not_final=False):
        path = os.path.join(self.staging, f"raw-{os.getpid()}.json")
        temporary = f"{path}.{tag}.tmp"
        with open(temporary, "w") as handle:
            handle.write(text)
        # A SIGTERM's write may have run inside this checkpoint (the handler runs between two
        # bytecodes): its file, the later one, stays.
        if only_if_not_final and self.written_at_end:
            os.unlink(temporary)
            return
        os.replace(temporary, path)

    def write(self):
        begin = time.perf_counter()
        while self.pending:
            self.settle(self.pending.pop(0))
        self.overhead_s += time.perf_counter() - begin
        self.phase("hashing and writing, left at exit", begin)
        self.replace_raw(self.raw_text(), f"{os.getpid()}.end")
        self.written_at_end = True


def _alias_groups(spans):
    """Groups (sets of argument indices, two or more) of the spans (index, storage, start, end) that
    overlap, directly or through others, in one storage. Disjoint views of one storage are apart."""
    groups = []
    by_storage = collections.defaultdict(list)
    for index, storage, start, end in spans:
        by_storage[storage].append((start, end, index))
    for ranges in by_storage.values():
        ranges.sort()
        group, reach = set(), None
        for start, end, index in ranges:
            if reach is not None and start < reach:
                group.add(index)
                reach = max(reach, end)
                continue
            if len(group) > 1:
                groups.append(group)
            group, reach = {index}, end
        if len(group) > 1:
            groups.append(group)
    return sorted(groups, key=min)


class _Done:
    """A future already done."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


def _versions():
    versions = {"python": sys.version.split()[0]}
    for name in ("triton", "torch", "flag_gems"):
        module = sys.modules.get(name)
        if module is not None:
            versions[name] = getattr(module, "__version__", "?")
    return versions


def _patch_compiled_kernel(module):
    kernel_class = module.CompiledKernel
    if getattr(kernel_class, "_abtool_patched", False):
        return
    launcher_of = kernel_class.run  # a property: the launcher, made on first use

    def run(self):
        launcher = launcher_of.fget(self)
        if _capture is None:
            return launcher

        def watched(g0, g1, g2, stream, *rest_and_args):
            # JITFunction.run and CompiledKernel.__getitem__ pass: function, packed metadata,
            # launch metadata, the enter and exit hooks, then every argument of the kernel.
            rest, call_args = rest_and_args[:5], rest_and_args[5:]
            return _capture.launch(self, lambda: launcher(g0, g1, g2, stream, *rest_and_args), (g0, g1, g2), stream,
                                   call_args, rest)

        return watched

    kernel_class.run = property(run)
    kernel_class._abtool_patched = True


def _patch_timing_loops(module):
    """A benchmark suite's own timing loops (triton.testing.do_bench, do_bench_cudagraph: 100 ms and
    more of repeated calls per measurement) run each call once under capture: abtool times the
    kernels again, and most of a suite's run is those loops. Inside a tuner (its benchmarks choose
    the pick that capture records) they run as they are. ABTOOL_CAPTURE_FULL_TIMING=1 (capture
    --full-timing) leaves them alone."""
    if os.environ.get("ABTOOL_CAPTURE_FULL_TIMING") == "1" or getattr(module, "_abtool_patched", False):
        return
    summarize = getattr(module, "_summarize_statistics", _summary_of)
    for name in ("do_bench", "do_bench_cudagraph"):
        original = getattr(module, name, None)
        if original is not None:
            setattr(module, name, _once_outside_tuners(f"{module.__name__}.{name}", original, summarize))
    module._abtool_patched = True


def _once_outside_tuners(name, original, summarize):
    import inspect
    signature = inspect.signature(original)

    def timed_once(fn, *args, **kwargs):
        if _capture is None or _stack() or _state.inside:
            return original(fn, *args, **kwargs)
        bound = signature.bind(fn, *args, **kwargs)
        bound.apply_defaults()
        begin = time.perf_counter()
        fn()
        _capture.tensors.synchronize()
        ms = (time.perf_counter() - begin) * 1000
        _capture.shortened[name] = _capture.shortened.get(name, 0) + 1
        # What the loop returns, of the one call (a number, quantiles, every time): its caller goes on.
        return summarize([ms], bound.arguments.get("quantiles"), bound.arguments.get("return_mode", "mean"))

    timed_once.__wrapped__ = original
    return timed_once


def _summary_of(times, quantiles, return_mode):
    """triton.testing's _summarize_statistics where it has none."""
    if quantiles is not None:
        return times[0] if len(quantiles) == 1 else [times[0]] * len(quantiles)
    return times if return_mode == "all" else times[0]


_PATCHES = {"triton.compiler.compiler": _patch_compiled_kernel, "triton.runtime.autotuner": _patch_autotuner,
            "triton.testing": _patch_timing_loops}


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Patches Triton's modules as they are first imported, so a workload that never imports
    Triton pays nothing, and one that does is watched from its first kernel on."""

    def find_spec(self, name, path, target=None):
        if name not in _PATCHES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return None
        exec_module = spec.loader.exec_module

        def patched_exec(module):
            exec_module(module)
            try:
                _PATCHES[name](module)
            except Exception:  # noqa: BLE001 - a Triton this shim does not know: nothing is captured
                if _capture is not None:
                    _capture.errors.append(f"cannot watch {name}: {traceback.format_exc(limit=1)}")

        spec.loader.exec_module = patched_exec
        return spec


def install(staging=None, max_input_mb=None, tensors=None):
    """Starts watching (sitecustomize calls this); returns the Capture."""
    global _capture
    staging = staging or os.environ["ABTOOL_CAPTURE_STAGING"]
    if max_input_mb is None:  # abtool capture sets both; its --max-input-mb default is its own (capture.h)
        max_input_mb = float(os.environ["ABTOOL_CAPTURE_MAX_INPUT_MB"])

    class _LazyTorch:  # torch imported when the first tensor is looked at, not before
        impl = None

        def __getattr__(self, name):
            if _LazyTorch.impl is None:
                _LazyTorch.impl = TorchTensors()
            return getattr(_LazyTorch.impl, name)

    _capture = Capture(staging, int(max_input_mb * 1024 * 1024), tensors or _LazyTorch())
    for name, patch in _PATCHES.items():
        if name in sys.modules:
            patch(sys.modules[name])
    if not any(isinstance(finder, _PatchOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())
    atexit.register(_capture.write)
    _write_on_stop(_capture)
    return _capture


def _write_on_stop(capture):
    """SIGTERM (abtool capture's --timeout, or a stop passed on) ends Python without its atexit: the
    capture is written first, then the workload's own handler (or the default) has the signal.
    SIGINT raises KeyboardInterrupt, which unwinds to atexit by itself."""
    if threading.current_thread() is not threading.main_thread():
        return
    previous = signal.getsignal(signal.SIGTERM)

    def on_stop(number, frame):
        try:
            capture.write()
        except Exception as error:  # noqa: BLE001 - stopping anyway; abtool says what it found
            sys.stderr.write(f"abtool_capture: could not write the capture on SIGTERM: {error}\n")
        if callable(previous):
            previous(number, frame)
        else:
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)

    signal.signal(signal.SIGTERM, on_stop)
