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
"""
import atexit
import concurrent.futures
import enum
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import inspect
import json
import os
import re
import sys
import threading
import time
import traceback

RAW_FORMAT = "abtool.capture_raw/1"
_MAX_PENDING_BYTES = 2 << 30  # kept to be stored (on the device or the host), not yet written

_state = threading.local()
_lock = threading.RLock()


_SAMPLE_BYTES = 16 << 20  # read to the host from a tensor too large to store
_SAMPLE_RUNS = 4


def _stack():
    if not hasattr(_state, "tuners"):
        _state.tuners = []
        _state.inside = False  # the shim is at work on this thread: launches pass through
    return _state.tuners


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
            self.overhead_s += time.perf_counter() - begin
            return original()
        try:
            result = self.first_launch(described, original, call_args, kernel, grid, stream, rest)
        finally:
            self.overhead_s += time.perf_counter() - begin
        return result

    def quick_key(self, kernel, grid, call_args):
        parts = [id(kernel), tuple(grid)]
        for value in call_args:
            if self.tensors.is_tensor(value):
                parts.append(self.tensors.quick(value))
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
        shape_key = [(a["name"], a.get("kind"), a.get("type"), tuple(a.get("shape", ())), tuple(a.get("strides", ())),
                      a.get("divisible"), repr(a.get("value")), repr(a.get("descriptor"))) for a in args]
        record["identity"] = json.dumps([record["kernel"]["module"], record["kernel"]["name"], record["kernel"]["file"],
                                         shape_key, record["options"], record["grid"]], default=str)
        return record

    def first_launch(self, record, original, call_args, kernel, grid, stream, rest):
        tensors = self.tensors
        indexed = [(i, a) for i, a in enumerate(record["args"]) if a["kind"] == "tensor"]
        # What every tensor held before the launch: a copy on the device where there is one, else
        # its bytes on the host (TorchTensors.snapshot); read to the host only what is stored.
        begin = time.perf_counter()
        try:
            before = {index: tensors.snapshot(self.tensor_of(call_args[index])) for index, _ in indexed}
            tensors.synchronize()  # copied on torch's current stream; the launch goes to the workload's
        except Exception as error:  # noqa: BLE001 - the workload's launch goes on; this one is listed
            record["problems"].append(_problem("tensor_not_stored", f"its tensors could not be copied: {error}"))
            return original()
        self.phase("keeping what was before", begin)
        result = original()
        try:
            self.examine(record, call_args, kernel, grid, stream, rest, indexed, before)
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

    def examine(self, record, call_args, kernel, grid, stream, rest, indexed, before):
        tensors = self.tensors
        begin = time.perf_counter()
        tensors.synchronize()
        begin = self.phase("its launch", begin)
        # What the launch wrote: what changed, and -- since a launch may write what its buffers
        # already hold (a tuner's benchmarks ran the same computation into the same output just
        # before) -- what a launch on copies overwrites where the copies' floating-point tensors
        # were poisoned (integer ones, indices that steer addresses, keep their contents).
        read = _params_read(_kernel_ttir(kernel))  # what the kernel may read, from its IR (None: unknown)
        overwritten = self.overwritten(kernel, grid, stream, rest, call_args, record, indexed, read)
        written = []
        for index, entry in indexed:
            entry["written"] = index in overwritten or tensors.differs(before[index], self.tensor_of(call_args[index]))
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
            if not (entry["integer"] or entry["bytes"] <= self.max_input_bytes):
                # Too large to store: abtool generates it, over the range a sample of it holds, and
                # A's output is its reference; a sample of the output sets the tolerance's scale.
                if reads:
                    entry["input_range"] = _sample_summary(self.sample(before[index], entry), entry["dtype"])["range"]
                if entry["written"]:
                    entry["output_rms"] = _sample_summary(self.sample(self.tensor_of(call_args[index]), entry), entry["dtype"])["rms"]
                continue
            if reads:
                self.store(entry, "input", before[index])
            if entry["written"]:
                self.store(entry, "output", tensors.snapshot(self.tensor_of(call_args[index])), None if entry["integer"] else entry["dtype"])
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
        try:
            pending = self.writer().submit(self.save, data, rms_dtype)
        except RuntimeError:  # the interpreter is shutting down: no new threads, stored here and now
            self.settle((entry, field, _Done(self.save(data, rms_dtype)), 0))
            return
        self.pending_bytes += entry["bytes"]
        self.pending.append((entry, field, pending, entry["bytes"]))
        while self.pending_bytes > _MAX_PENDING_BYTES and self.pending:  # the memory held stays bounded
            self.settle(self.pending.pop(0))

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

    def save(self, data, rms_dtype=None):
        data = self.tensors.host(data)
        digest = hashlib.sha256(data).hexdigest()
        path = os.path.join(self.staging, "tensors", digest + ".bin")
        if not os.path.exists(path):
            temporary = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
            with open(temporary, "wb") as handle:
                handle.write(data)
            os.replace(temporary, path)
        return digest, _rms(data, rms_dtype) if rms_dtype else None

    # -- the end -------------------------------------------------------------------------------

    def write(self):
        begin = time.perf_counter()
        while self.pending:
            self.settle(self.pending.pop(0))
        self.overhead_s += time.perf_counter() - begin
        self.phase("hashing and writing, left at exit", begin)
        kernels = list(self.order) + [r for i, r in self.graph_only.items() if i not in self.by_identity]
        raw = {"schema": RAW_FORMAT, "pid": os.getpid(), "argv": sys.argv, "versions": _versions(),
               "wall_s": time.time() - self.started, "overhead_s": self.overhead_s, "phases": self.phases,
               "errors": self.errors,
               "launches": kernels}
        path = os.path.join(self.staging, f"raw-{os.getpid()}.json")
        with open(path + ".tmp", "w") as handle:
            json.dump(raw, handle, default=str)
        os.replace(path + ".tmp", path)


class _Done:
    """A future already done."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


def _is_descriptor(value):
    """A host tensor descriptor (triton.tools.tensor_descriptor.TensorDescriptor, Gluon's too)."""
    return type(value).__name__ == "TensorDescriptor" and all(
        hasattr(value, field) for field in ("base", "shape", "strides", "block_shape", "padding"))


def _descriptor_problem(value, signature_type, tensors):
    """Why abtool cannot launch this descriptor as Triton does (None: it can)."""
    if not tensors.is_tensor(value.base):
        return f"a tensor descriptor over a {type(value.base).__name__}, not a tensor"
    if not isinstance(signature_type, str) or not re.fullmatch(r"tensordesc<\w+\[[\d, ]+\]>", signature_type):
        return f"a tensor descriptor of type {signature_type} (a Gluon shared layout, or unknown to abtool)"
    if value.padding not in ("zero", "nan"):
        return f"a tensor descriptor padded with '{value.padding}'"
    return None


def _with_tensor(value, tensor):
    """`value` over `tensor` instead: a tensor descriptor over a copy (the same shape, strides,
    block and padding), or the copy itself."""
    if _is_descriptor(value):
        import dataclasses
        return dataclasses.replace(value, base=tensor)
    return tensor


def _finite_values(data, dtype):
    """The finite elements of `data` read as `dtype` (fp16, bf16, fp32, fp64) as float64; None
    without numpy or for another dtype."""
    try:
        import numpy
    except ImportError:
        return None
    if dtype == "bf16":
        values = (numpy.frombuffer(data, numpy.uint16).astype(numpy.uint32) << 16).view(numpy.float32)
    elif dtype in ("fp16", "fp32", "fp64"):
        values = numpy.frombuffer(data, {"fp16": numpy.float16, "fp32": numpy.float32, "fp64": numpy.float64}[dtype])
    else:
        return None
    return values[numpy.isfinite(values)].astype(numpy.float64)


def _rms(data, dtype):
    """The root-mean-square of the finite elements of `data` read as `dtype` (fp16, bf16, fp32,
    fp64), as abtool's capture/ computes it for a tolerance; None without numpy or for another dtype."""
    values = _finite_values(data, dtype)
    if values is None:
        return None
    return float((values ** 2).mean() ** 0.5) if values.size else 0.0


def _sample_summary(data, dtype):
    """A tensor too large to store, from a sample of its bytes: the range of its finite values
    (None: no finite value, or no numpy) and their root-mean-square."""
    values = _finite_values(data, dtype)
    if values is None or not values.size:
        return {"range": None, "rms": None if values is None else 0.0}
    return {"range": [float(values.min()), float(values.max())], "rms": float((values ** 2).mean() ** 0.5)}


def _runs(count, itemsize, limit, runs):
    """(start, length) of `runs` evenly spaced runs over `count` elements, `limit` bytes in all at most."""
    length = max(1, limit // itemsize // runs)
    if count <= length * runs:
        return [(0, count)]
    return [(count * k // runs, length) for k in range(runs)]


def _numel(shape):
    count = 1
    for size in shape:
        count *= size
    return count


def _kernel_name(kernel):
    fn = getattr(getattr(kernel, "src", None), "fn", None)
    return getattr(fn, "__name__", None) or getattr(kernel, "name", "?")


def _kernel_identity(fn, kernel):
    """Where the kernel's source is: its module (imported again by abtool's Triton helper, so the
    kernel sees its module's globals) and file, or its own text when the module cannot be imported."""
    python_fn = getattr(fn, "fn", None)
    identity = {"name": getattr(python_fn, "__name__", None) or kernel.name, "module": None, "file": None,
                "qualname": getattr(python_fn, "__qualname__", None), "importable": False, "source": None, "why": None}
    if python_fn is None:
        identity["why"] = "not a @triton.jit function (no Python source)"
        return identity
    identity["module"] = python_fn.__module__
    try:
        identity["file"] = inspect.getsourcefile(python_fn)
    except TypeError:
        identity["file"] = None
    identity["source"] = getattr(fn, "_src", None)
    identity["line"] = getattr(fn, "starting_line_number", None)
    if identity["module"] == "__main__":
        identity["why"] = "defined in the script itself (__main__): importing it again would run the workload"
    elif "<locals>" in (identity["qualname"] or ""):
        identity["why"] = "defined inside a function: it has no module attribute to import"
    else:
        module = sys.modules.get(identity["module"])
        found = getattr(module, identity["name"], None) if module is not None else None
        while found is not None and found is not fn and hasattr(found, "fn"):
            found = found.fn
        if found is not fn:
            identity["why"] = f"{identity['module']}.{identity['name']} is not this kernel (generated, or shadowed)"
        elif not _file_is_module(identity["file"], identity["module"]):
            # A name a generator gave a module it put in sys.modules itself (torch.compile's
            # kernels): a new interpreter would not find it under that name.
            identity["why"] = f"{identity['module']} is not {identity['file']} on any import path (a generated module)"
        else:
            identity["importable"] = True
    if not identity["importable"] and identity["file"] and os.path.isfile(identity["file"]) and identity["module"] != "__main__":
        # A generated module (FlagGems' pointwise_dynamic writes one per op and rank into its cache,
        # then gives it the globals of the op's scalar function): its file is copied into the
        # capture, and the functions it calls that live elsewhere are named, to be bound again.
        with open(identity["file"], encoding="utf-8", errors="replace") as handle:
            identity["file_text"] = handle.read()
        identity["binds"], unbound = _foreign_globals(python_fn, identity["file_text"], identity["file"])
        if unbound:
            identity["why"] += f"; it calls {', '.join(unbound)}, which cannot be imported"
        else:
            identity["loadable_from_copy"] = True
    return identity


def _file_is_module(file, module):
    """The file is where `import module` finds it: its path ends with the module's dotted path."""
    if not file:
        return False
    stem = os.path.splitext(os.path.abspath(file))[0]
    if os.path.basename(stem) == "__init__":
        stem = os.path.dirname(stem)
    return stem.replace(os.sep, ".").endswith("." + module) or stem.replace(os.sep, ".") == module


def _foreign_globals(python_fn, file_text, file):
    """The globals the kernel (and the @triton.jit functions of its file it calls) use that the
    file itself does not define -- FlagGems gives its generated modules the globals of the op's
    scalar function -- as name -> "module:attribute" (or "module" for a module); and the names
    of those found nowhere importable."""
    defined = {}
    try:
        # Its own file name: @triton.jit reads the source of what it decorates from there.
        exec(compile(file_text, file, "exec"), defined)  # noqa: S102
    except Exception:  # noqa: BLE001 - then everything the code names is looked for
        defined = {}
    names, seen, pending = set(), set(), [python_fn]
    while pending:  # the kernel, then the jit functions of its own file that it calls
        function = pending.pop()
        for name in _code_names(function.__code__):
            names.add(name)
            # The file's own definition is what the copy runs, also where the module's globals were
            # given another function of that name since (FlagGems: the op's scalar function itself).
            value = defined.get(name) if name in defined else python_fn.__globals__.get(name)
            inner = getattr(value, "fn", None)
            if inner is not None and getattr(getattr(inner, "__code__", None), "co_filename", None) == \
                    python_fn.__code__.co_filename and name not in seen:
                seen.add(name)
                pending.append(inner)
    binds, unbound = {}, []
    for name in sorted(names):
        if name in defined or name not in python_fn.__globals__ or name in seen:
            continue
        value = python_fn.__globals__[name]
        if isinstance(value, (int, float, bool, str)) or value is None:
            unbound.append(name)  # a plain value: no module to bind it from
            continue
        target = _importable_as(name, value)
        if target:
            binds[name] = target
        else:
            unbound.append(name)
    return binds, unbound


def _importable_as(name, value):
    if inspect.ismodule(value) and sys.modules.get(value.__name__) is value:
        return value.__name__
    owner = getattr(getattr(value, "fn", value), "__module__", None)
    for module_name in [owner] + sorted(sys.modules):
        module = sys.modules.get(module_name) if module_name else None
        if module is None or module_name.startswith("_gen_module_"):
            continue
        try:
            if module.__dict__.get(name) is value:  # the namespace itself: no lazy attribute is run
                return f"{module_name}:{name}"
        except Exception:  # noqa: BLE001 - a module object without a plain namespace
            continue
    return None


def _code_names(code):
    yield from code.co_names
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            yield from _code_names(constant)


def _kernel_ttir(kernel):
    """The kernel's Triton IR (CompiledKernel.asm["ttir"]), or None."""
    try:
        return kernel.asm["ttir"]
    except Exception:  # noqa: BLE001 - a kernel without it: its integer tensors are not poisoned
        return None


# Operations through which a kernel may read memory a pointer (or a value made from it) reaches.
_READING_OPS = ("load", "atomic", "gather", "call", "asm", "extern", "prefetch")


def _params_read(ttir):
    """The names of the parameters whose memory the kernel may read, from its Triton IR (a pointer
    flows through splat/addptr/loops into a tt.load, an atomic, a call ...); None if the IR cannot
    be read. Over-approximated: every value made on a line that mentions a parameter's value is
    that parameter's too."""
    if not ttir:
        return None
    lines = ttir.splitlines()
    header = next((line for line in lines if "tt.func" in line), None)
    if header is None:
        return None
    params = re.findall(r"%([\w.$-]+): ", header[header.find("("):])  # each followed by its type and loc(...)
    body = [line.split(" loc(")[0] for line in lines if "tt.func" not in line and not line.startswith("#loc")]
    read = set()
    for param in params:
        reaching, changed = {param}, True
        while changed and param not in read:  # to a fixed point: loops carry values made later in the text
            changed = False
            for line in body:
                if not set(re.findall(r"%([\w.$-]+)", line)) & reaching:
                    continue
                head = line.split("(")[0]
                operation = (line.split("=", 1)[1] if "=" in head else line).split()
                if operation and any(word in operation[0] for word in _READING_OPS):
                    read.add(param)
                    break
                made = set(re.findall(r"%([\w.$-]+)(?::\d+)?\s*=", line)) - reaching
                if made:
                    reaching |= made
                    changed = True
    return read


def _problem(code, text):
    """Why a specialization cannot be replayed: a code of capture/src/capture_miss.h and the sentence."""
    return {"code": code, "text": text}


def _plain(value):
    """A constexpr's or scalar's value as JSON: None, a bool, a number or a string as itself; what
    abtool's Triton compile rebuilds from an expression (opspec/constexpr_literal.h) as {"python":
    the expression}: a Triton dtype (`tl.bfloat16`), a tuple of plain values (`(16, 'ieee')`), an
    enum member (`enum:module:Class.MEMBER`); anything else as {"object": its repr}, not replayable.
    A tl.constexpr wrapper is its value."""
    if type(value).__name__ == "constexpr" and hasattr(value, "value"):
        value = value.value
    if isinstance(value, enum.Enum):
        cls = type(value)
        module = getattr(cls, "__module__", "")
        if module and module != "__main__" and "<" not in cls.__qualname__:
            return {"python": f"enum:{module}:{cls.__qualname__}.{value.name}"}
        return {"object": repr(value)}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    name = _triton_dtype_name(value)
    if name is not None:
        return {"python": "tl." + name}
    if isinstance(value, tuple) and all(v is None or isinstance(v, (bool, int, float, str)) for v in value):
        return {"python": repr(value)}
    return {"object": repr(value)}


_dtype_names = {}  # a Triton dtype's name ("bf16") -> its name in triton.language ("bfloat16")


def _triton_dtype_name(value):
    """triton.language's name of a Triton dtype (`tl.bfloat16` -> "bfloat16"); None for anything else."""
    language = sys.modules.get("triton.language")
    if language is None or type(value) is not getattr(language, "dtype", None):
        return None
    if not _dtype_names:
        for name in dir(language):
            candidate = getattr(language, name, None)
            if type(candidate) is language.dtype:
                _dtype_names.setdefault(candidate.name, name)
    return _dtype_names.get(value.name)


def _versions():
    versions = {"python": sys.version.split()[0]}
    for name in ("triton", "torch", "flag_gems"):
        module = sys.modules.get(name)
        if module is not None:
            versions[name] = getattr(module, "__version__", "?")
    return versions


class TorchTensors:
    """Tensor contents through torch: the raw bytes of the storage a view can reach."""

    integer_dtypes = {"int8", "int16", "int32", "int64", "uint8", "bool", "uint16", "uint32", "uint64"}
    dtypes = {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16", "float64": "fp64", "int32": "i32", "int64": "i64",
              "int8": "i8", "int16": "i16", "uint8": "u8", "bool": "i1", "float8_e4m3fn": "fp8e4nv", "float8_e5m2": "fp8e5"}

    def __init__(self):
        import torch
        self.torch = torch
        # abtool_capture_bytes.DeviceBytes, made at the first CUDA tensor; False: none to be had.
        self._device_bytes = None

    def is_tensor(self, value):
        return isinstance(value, self.torch.Tensor)

    def capturing(self):
        """Whether the current stream is capturing a CUDA graph (no copy or synchronize allowed)."""
        cuda = self.torch.cuda
        return cuda.is_initialized() and cuda.is_current_stream_capturing()

    def as_tensor(self, value):
        """A torch tensor over the memory a pointer-like object (FlagGems' StridedBuffer: a base
        tensor, a dtype, shape, strides and an offset) describes; the object itself otherwise."""
        if isinstance(value, self.torch.Tensor):
            return value
        base = getattr(value, "_base", None)
        if not isinstance(base, self.torch.Tensor) or getattr(value, "dtype", None) != base.dtype:
            return value
        try:
            shape, strides = tuple(value.shape), tuple(value.stride())
            if any(s < 0 for s in strides):
                return value  # a reversed view (flip): no torch view of it
            offset = (value.data_ptr() - base.data_ptr()) // base.element_size() + base.storage_offset()
            return self.torch.as_strided(base, shape, strides, offset)
        except Exception:  # noqa: BLE001 - left as it is: described as unsupported, with its type
            return value

    def view(self, base, shape, strides):
        """The memory `shape` and `strides` reach from the start of `base` (a tensor descriptor's)."""
        return self.torch.as_strided(base, shape, strides, base.storage_offset())

    @staticmethod
    def quick(value):
        return (value.dtype, tuple(value.shape), value.stride(), value.data_ptr() % 16, value.device)

    @staticmethod
    def extent(value):
        if value.numel() == 0:
            return 0
        return 1 + sum((size - 1) * stride for size, stride in zip(value.shape, value.stride()) if size > 0)

    def span(self, value):
        return self.torch.as_strided(value, (self.extent(value),), (1,), value.storage_offset())

    def describe(self, value):
        name = str(value.dtype).replace("torch.", "")
        extent = self.extent(value)
        return {"dtype": self.dtypes.get(name, name), "shape": list(value.shape), "strides": list(value.stride()),
                "extent": extent, "bytes": extent * value.element_size(), "integer": name in self.integer_dtypes,
                "align16": value.data_ptr() % 16 == 0, "contiguous": bool(value.is_contiguous()),
                "device": str(value.device)}

    # No torch operator that computes on the device here, only views (empty, as_strided, view) and
    # reads to the host (to("cpu")): a library that runs torch's operators as kernels of its own
    # (FlagGems' use_gems overrides copy_, eq, all, fill_, equal, mean, ...) would otherwise launch
    # -- and first compile -- its kernels at the shim's every look at a tensor. On the device the
    # shim's own byte kernel (abtool_capture_bytes.py) copies, poisons and compares; elsewhere the
    # host does.

    def host(self, value):
        """The span's bytes in host memory."""
        if isinstance(value, bytes):
            return value
        span = self.span(value).detach()
        if not span.numel():
            return b""
        host = span.view(self.torch.uint8).to("cpu", copy=True)
        try:
            return host.numpy().tobytes()
        except (ImportError, RuntimeError):  # torch without numpy
            return bytes(host.untyped_storage())

    def sample(self, value, itemsize, limit, runs):
        """`runs` evenly spaced runs of the span's elements, `limit` bytes in all at most, read to the
        host (contiguous slices of the span: copies, no kernel)."""
        if isinstance(value, bytes):
            count = len(value) // itemsize
            return b"".join(value[start * itemsize:(start + length) * itemsize] for start, length in _runs(count, itemsize, limit, runs))
        span = self.span(value).detach()
        return b"".join(self.host(span[start:start + length]) for start, length in _runs(span.numel(), itemsize, limit, runs))

    def copy(self, value, poison=None):
        """A copy of the tensor's span; `poison`: a byte every byte of it is set to instead (0x70..0x7F:
        large finite values in fp16, bf16 and fp32, no NaN, so arithmetic on them runs its course)."""
        storage = self.torch.empty(value.storage_offset() + self.extent(value), dtype=value.dtype, device=value.device)
        copied = self.torch.as_strided(storage, value.shape, value.stride(), value.storage_offset())
        device = self.device_bytes(value)
        if device is not None:
            if poison is not None:
                device.fill(self.raw(storage), poison)
            else:
                device.copy(self.raw(self.span(value)), self.raw(self.span(copied)))
        elif poison is not None:
            raw = storage.view(self.torch.uint8)
            raw.copy_(self.torch.full((raw.numel(),), poison, dtype=self.torch.uint8))
        else:
            self.span(copied).copy_(self.span(value))
        return copied

    def still_poisoned(self, copied, poison):
        device = self.device_bytes(copied)
        if device is not None:
            return not device.differs(self.raw(self.span(copied)), poison=poison)
        return not self.host(copied).lstrip(bytes([poison]))

    def snapshot(self, value):
        """What the tensor holds now, for `differs` and `host` later: a copy on its device (a
        host's copy where the device has no room or no byte kernels)."""
        if self.device_bytes(value) is not None:
            try:
                return self.copy(value)
            except RuntimeError:  # out of device memory: the host keeps it
                pass
        return self.host(value)

    def differs(self, value, other):
        """Whether two tensors of one layout (or a snapshot's bytes and a tensor) differ in their spans."""
        if not isinstance(value, bytes):
            device = self.device_bytes(value)
            if device is not None and other.device == value.device:
                return device.differs(self.raw(self.span(value)), self.raw(self.span(other)))
        return self.host(value) != self.host(other)

    def raw(self, span):
        return span.detach().view(self.torch.uint8)

    def device_bytes(self, value):
        """The device's byte kernels for a CUDA tensor's memory; None: the host does the work."""
        if not value.is_cuda:
            return None
        if self._device_bytes is None:
            try:
                from abtool_capture_bytes import DeviceBytes
                device = DeviceBytes(self.torch)
                # Compiled and tried once, here: a kernel that cannot be made or gives wrong answers
                # on this device leaves the work to the host rather than failing a record.
                probe = self.torch.empty(64, dtype=self.torch.uint8, device=value.device)
                device.fill(probe, 0x7F)
                if device.differs(probe, poison=0x7F) or not device.differs(probe, poison=0x70):
                    raise RuntimeError("the byte kernel gives wrong answers")
                self._device_bytes = device
            except Exception:  # noqa: BLE001 - no Triton to make it with, or it does not work: the host does it
                self._device_bytes = False
        return self._device_bytes or None

    def synchronize(self):
        if self.torch.cuda.is_available():
            self.torch.cuda.synchronize()


def _innermost(stack):
    """The tuner whose config space a launch belongs to, with the heuristics between it and the kernel."""
    tuner = next((c for c in reversed(stack) if c.tunes_configs), None)
    if tuner is None and stack:
        tuner = stack[-1]
    if tuner is not None:
        tuner.heuristics = sorted({name for c in stack if not c.tunes_configs for name in c.tuner.values})
    return tuner


class _TunerContext:
    def __init__(self, tuner, kind, args, kwargs):
        self.tuner, self.kind, self.args, self.kwargs = tuner, kind, args, kwargs
        # a config space abtool replays (triton.autotune, LibTuner), or values it computes (triton.heuristics)
        self.tunes_configs = any(entry["kind"] == kind and entry["tunes_configs"] for entry in _tuner_kinds())
        self.benchmarking = None
        self.benchmark_grids = {}
        self.benchmark_constants = {}  # config text -> the constexprs its launches took (heuristics may differ)
        # config text -> {argument: tile} of its tensor descriptors (a config's pre_hook sets them, as FlagGems' mm does)
        self.benchmark_blocks = {}
        self.heuristics = []

    def note_benchmark(self, kernel, grid, call_args):
        text = _config_text(self.benchmarking)
        self.benchmark_grids[text] = [int(g) for g in grid]
        src = getattr(kernel, "src", None)
        constants = getattr(src, "constants", None) or getattr(src, "constexprs", None) or {}
        names = list(getattr(src, "signature", None) or {})
        self.benchmark_blocks[text] = {names[i]: [int(b) for b in value.block_shape] for i, value in enumerate(call_args)
                                       if i < len(names) and _is_descriptor(value)}
        self.benchmark_constants[text] = {names[path[0]]: _plain(value) for path, value in constants.items()
                                          if isinstance(path, tuple) and len(path) == 1 and path[0] < len(names)}

    def describe(self, kernel, args):
        if not self.tunes_configs:
            return {"kind": self.kind, "heuristics": self.heuristics, "keys": [], "configs": [], "chosen": None,
                    "grids": [], "why": {}}
        tuner = self.tuner
        configs = list(getattr(tuner, "configs", []) or [])
        best = getattr(tuner, "best_config", None)
        names = list(getattr(tuner, "arg_names", []) or [])
        grid_fn = self.kwargs.get("grid")
        launched = {a["name"]: a.get("value") for a in args if a["kind"] in ("constexpr", "specialized")}
        grids, why = [], {}
        for index, config in enumerate(configs):
            text = _config_text(config)
            grid = self.benchmark_grids.get(text)
            if grid is not None:
                tuned = set(config.all_kwargs())
                differing = sorted(name for name, value in self.benchmark_constants.get(text, {}).items()
                                   if name not in tuned and launched.get(name, value) != value)
                if differing:  # a heuristic of the config: the point's other constexprs would not hold for it
                    why[index] = f"its launches took other values of {', '.join(differing)} (a heuristic of the config)"
                    grid = None
            elif self.heuristics:
                why[index] = "not benchmarked here, and heuristics under the tuner may give it other constexprs"
            elif callable(grid_fn):
                try:
                    meta = {**dict(zip(names, self.args)), **self.kwargs, **config.all_kwargs()}
                    grid = [int(g) for g in tuple(grid_fn(meta)) + (1, 1)][:3]
                except Exception as error:  # noqa: BLE001 - that config's grid stays unknown
                    why[index] = f"its grid could not be evaluated: {error}"
            elif grid_fn is not None:
                grid = [int(g) for g in tuple(grid_fn) + (1, 1)][:3]
            grids.append(grid)
        chosen = None
        for index, config in enumerate(configs):
            if best is not None and config.all_kwargs() == best.all_kwargs():
                chosen = index
        keys = list(getattr(tuner, "keys", []) or [])
        return {"kind": self.kind, "keys": keys, "configs": [_config_json(c) for c in configs], "chosen": chosen,
                "grids": grids, "blocks": [self.benchmark_blocks.get(_config_text(c)) for c in configs],
                "why": {str(k): v for k, v in why.items()}, "heuristics": self.heuristics,
                "restore_value": list(getattr(tuner, "restore_value", []) or []),
                "reset_to_zero": list(getattr(tuner, "reset_to_zero", []) or [])}


def _config_json(config):
    return {"kwargs": {k: _plain(v) for k, v in config.kwargs.items()}, "num_warps": config.num_warps,
            "num_stages": config.num_stages, "num_ctas": getattr(config, "num_ctas", 1),
            "maxnreg": getattr(config, "maxnreg", None), "pre_hook": getattr(config, "pre_hook", None) is not None}


def _config_text(config):
    return json.dumps(_config_json(config), sort_keys=True, default=str) if config is not None else ""


_capture = None


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


def _wrap_tuner_init(tuner_class, kind_of):
    original_init = tuner_class.__init__
    if getattr(original_init, "_abtool_patched", False):
        return

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        bound_run = self.run

        def run(*call_args, **call_kwargs):
            stack = _stack()
            stack.append(_TunerContext(self, kind_of(self), call_args, call_kwargs))
            try:
                return bound_run(*call_args, **call_kwargs)
            finally:
                stack.pop()

        self.run = run

    __init__._abtool_patched = True
    tuner_class.__init__ = __init__


_KINDS = []  # tuner_kinds.json's entries, read once


def _tuner_kinds():
    """The tuners a capture knows (tuner_kinds.json beside this file; abtool reads the same table)."""
    if not _KINDS:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tuner_kinds.json")) as handle:
            _KINDS.extend(json.load(handle)["kinds"])
    return _KINDS


def _kind_of(tuner, kinds):
    """The kind of the first entry one of whose classes the tuner's type is, or derives from."""
    classes = {c.__name__ for c in type(tuner).__mro__}
    return next((kind["kind"] for kind in kinds if classes.intersection(kind["classes"])), "none")


def _patch_autotuner(module):
    kinds = _tuner_kinds()
    _wrap_tuner_init(module.Autotuner, lambda tuner: _kind_of(tuner, kinds))
    if hasattr(module, "Heuristics"):
        _wrap_tuner_init(module.Heuristics, lambda tuner: _kind_of(tuner, kinds))
    original_bench = module.Autotuner._bench
    if not getattr(original_bench, "_abtool_patched", False):
        def _bench(self, *args, config, **kwargs):
            stack = _stack()
            context = next((c for c in reversed(stack) if c.tuner is self), None)
            if context is not None:
                context.benchmarking = config
            try:
                return original_bench(self, *args, config=config, **kwargs)
            finally:
                if context is not None:
                    context.benchmarking = None

        _bench._abtool_patched = True
        module.Autotuner._bench = _bench


_PATCHES = {"triton.compiler.compiler": _patch_compiled_kernel, "triton.runtime.autotuner": _patch_autotuner}


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
    return _capture
