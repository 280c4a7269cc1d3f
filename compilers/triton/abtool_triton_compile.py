#!/usr/bin/env python3
"""abtool's Triton compile helper, run with the Python interpreter under test (--compiler triton:PYTHON).

abtool stays C++: this helper only compiles. It imports an op's .py, compiles one @triton.jit kernel
per requested variant for an explicit target (no GPU needed) and writes, per variant, into its
out_dir: kernel.cubin, every IR stage Triton exposes (kernel.ttir, .ttgir, .llir, .ptx) and
meta.json (what a C++ launcher needs: name, shared, num_warps, num_ctas, scratch sizes, the
parameters passed, in order, and the TMA layout of its tensor descriptors).

  helper --describe            one JSON object: Triton and Python versions, libtriton path and sha256,
                               the Triton package's folder
  helper --check-skip-passes NAMES
                               one JSON object: the names of abtool_skip_passes no pass function
                               of this Triton adds, each with the nearest known pass
  helper < request.json        compiles a batch; one JSON line per variant on stdout:
                               {"index": i, "ok": true} or {"index": i, "ok": false, "error": "..."}
  helper --serve [--no-digest] a fork server: imports Triton once, prints what --describe prints
                               but the sha256 ({"libtriton_sha256": null}), which follows as a
                               message of its own ({"libtriton_sha256": "..."}) once hashed beside
                               the first requests (not at all with --no-digest), then per request
                               line on stdin
                               ({"id": n, "replies": FILE, "errors": FILE, "env": {...} (set in
                               the batch's process only), ...request.json's fields})
                               forks a process that compiles that batch as above, its reply lines
                               into FILE; on stdout {"id": n, "pid": p} when it started and
                               {"id": n, "exit": code} or {"id": n, "signal": s} when it ended.
                               A request with "prepare": true forks nothing and answers nothing:
                               the server imports the op's module and, beside that import,
                               warms Triton up for the batches to come. EOF on stdin ends the
                               server once its batches are done.

request.json:
  {"source": "/abs/op.py", "kernel": "add_kernel", "arch": 90,
   "import": {"module": "flag_gems.ops.softmax", "globals": {"name": "module:attribute"}},  # optional
   # ("prepare" may name plain modules instead: "import": {"modules": ["flag_gems", "torch"]})
   "options": {"enable_fp_fusion": "0"},              # from --compiler-flags K=V, values as text
   "variants": [{"out_dir": "...", "args": {"x_ptr": "*fp32", "n": "i32", "a_desc": "tensordesc<bf16[64, 32]>"},
                 "constexprs": {"BLOCK": "1024"}, "divisible_by_16": ["x_ptr"],
                 "num_warps": 4, "num_stages": 3}]}
"""
import contextlib
import hashlib
import importlib
import importlib.util
import json
import os
import re
import sys
import traceback


def libtriton():
    import triton
    return os.path.join(os.path.dirname(triton.__file__), "_C", "libtriton.so")


def libtriton_digest():
    """The sha256 of libtriton.so (the compiler build's identity): about a second for its 400 MiB."""
    digest = hashlib.sha256()
    try:
        with open(libtriton(), "rb") as handle:
            for block in iter(lambda: handle.read(1 << 24), b""):
                digest.update(block)  # hashlib lets other threads run meanwhile
    except OSError:
        return ""
    return digest.hexdigest()


def description(digest):
    import triton
    return {"triton_version": triton.__version__, "python": sys.executable, "python_version": sys.version.split()[0],
            "libtriton": libtriton(), "libtriton_sha256": digest, "triton_dir": os.path.dirname(triton.__file__)}


def describe():
    print(json.dumps(description(libtriton_digest())))


def typed(text):
    """A --compiler-flags or constexpr value: None, bool, int, float, what an expression of
    opspec/constexpr_literal.h rebuilds (a Triton dtype `tl.bfloat16`, a tuple `(16, 'ieee')`, an
    enum member `enum:module:Class.MEMBER`), or the text itself."""
    if text.startswith("tl."):
        import triton.language as tl
        value = getattr(tl, text[3:], None)
        if type(value) is not tl.dtype:
            raise ValueError(f"'{text}' is not a Triton dtype")
        return value
    if text.startswith("(") and text.endswith(")"):
        import ast
        value = ast.literal_eval(text)
        if not isinstance(value, tuple):
            raise ValueError(f"'{text}' is not a tuple")
        return value
    if text.startswith("enum:"):
        module, _, path = text[len("enum:"):].partition(":")
        value = importlib.import_module(module)
        for part in path.split("."):
            value = getattr(value, part)
        return value
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if text == "None":
        return None
    try:
        return int(text, 0)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def load_kernel(source, name, imported=None):
    """The @triton.jit function `name`: from its module (`import.module`: imported, so the kernel
    sees its module's globals as it does in the library), else from the file `source`, with the
    names of `import.globals` bound to module:attribute. Wrappers (triton.autotune, heuristics,
    a library's tuner or cache) are unwrapped to the JITFunction under them."""
    import triton

    imported = imported or {}
    if imported.get("module"):
        # The folder the module's import path starts in (a script's folder, or one a library put
        # on sys.path itself, as FlagGems does for its backends' "hopper.ops.mm"); installed
        # packages are found as they are.
        parts = imported["module"].split(".")
        root = os.path.splitext(os.path.abspath(source))[0]
        if os.path.basename(root) == "__init__":
            root = os.path.dirname(root)
        for _ in parts:
            root = os.path.dirname(root)
        sys.path.append(root)
        module = importlib.import_module(imported["module"])
        where = imported["module"]
    else:
        spec = importlib.util.spec_from_file_location("abtool_op_" + os.path.basename(source).replace(".", "_"), source)
        module = importlib.util.module_from_spec(spec)
        sys.path.insert(0, os.path.dirname(source))
        spec.loader.exec_module(module)
        where = source
    for global_name, target in imported.get("globals", {}).items():
        module_name, _, attribute = target.partition(":")
        found = importlib.import_module(module_name)
        setattr(module, global_name, getattr(found, attribute) if attribute else found)
    if not hasattr(module, name):
        raise KeyError(f"{where} has no kernel named {name}")
    kernel = getattr(module, name)
    while not isinstance(kernel, triton.runtime.JITFunction) and hasattr(kernel, "fn"):
        kernel = kernel.fn
    if not isinstance(kernel, triton.runtime.JITFunction):
        raise TypeError(f"{where}.{name} is a {type(kernel).__name__}, not a @triton.jit function")
    return kernel


_stage_times = []  # (stage, ms) of the compile in progress, in the order its stages ran
_stages_wrapped = False


def wrap_stages():
    """Times each stage of Triton's compile: the front end (ASTSource.make_ir: Python AST to TTIR)
    as "ast", then every stage the backend adds (ttir, ttgir, llir, ptx, cubin), by wrapping the
    stage functions themselves. Under --compile-instructions (ABTOOL_STAGE_MARKS names abtool's
    stage marks library) each stage is also bracketed by callgrind client requests: its counts are
    zeroed when it starts and dumped under its name when it ends. The same wrapper makes both, so
    a stage's wall time and its instructions cover the same code."""
    global _stages_wrapped
    if _stages_wrapped:
        return
    _stages_wrapped = True
    import time
    import triton.compiler.compiler as compiler

    marks = None
    if os.environ.get("ABTOOL_STAGE_MARKS"):
        import ctypes
        marks = ctypes.CDLL(os.environ["ABTOOL_STAGE_MARKS"])
        marks.abtool_stage_end.argtypes = [ctypes.c_char_p]

    def timed(name, run):
        label = ("abtool-stage " + name).encode()

        def stage(*args, **kwargs):
            if marks:
                marks.abtool_stage_begin()
            started = time.perf_counter()
            try:
                return run(*args, **kwargs)
            finally:
                _stage_times.append((name, 1000 * (time.perf_counter() - started)))
                if marks:
                    marks.abtool_stage_end(label)
        return stage

    make_backend = compiler.make_backend

    def timed_backend(target):
        backend = make_backend(target)
        add_stages = backend.add_stages

        def add_timed_stages(stages, options, *rest, **named):
            add_stages(stages, options, *rest, **named)
            for ext in list(stages):
                stages[ext] = timed(ext, stages[ext])
        backend.add_stages = add_timed_stages
        return backend

    compiler.make_backend = timed_backend
    compiler.ASTSource.make_ir = timed("ast", compiler.ASTSource.make_ir)


# The option that leaves passes out (--compiler-flags abtool_skip_passes=tritongpu-coalesce,...): not
# Triton's own. Each name is a pass as MLIR's dumps name it (the argument in parentheses of "IR Dump
# Before TritonGPUCoalesce (tritongpu-coalesce)"); the backend builds its stage pipelines in Python
# from the pass modules' add_* functions, so the matching function is made to add nothing while the
# variant compiles.
SKIP_PASSES_OPTION = "abtool_skip_passes"
_PASS_PREFIXES = ("tritongpu-", "triton-nvidia-gpu-", "tritonnvidiagpu-", "triton-nvidia-", "nvgpu-", "nvws-", "triton-",
                  "convert-")
_MLIR_PASSES = {"canonicalize": "add_canonicalizer", "inline": "add_inliner", "cse": "add_cse", "symbol-dce": "add_symbol_dce",
                "sccp": "add_sccp", "loop-invariant-code-motion": "add_licm"}


def _pass_modules():
    """Triton's pass modules (passes.common, passes.ttgpuir, nvidia.passes.ttnvgpuir, ...)."""
    import types
    from triton._C import libtriton
    modules = []
    for root in (getattr(libtriton, "passes", None), getattr(getattr(libtriton, "nvidia", None), "passes", None)):
        for name in dir(root) if root is not None else []:
            value = getattr(root, name)
            if isinstance(value, types.ModuleType) and any(attr.startswith("add_") for attr in dir(value)):
                modules.append(value)
    return modules


_PROBE_VALUES = {"int": 0, "typing.SupportsInt": 0, "bool": False, "str": "", "float": 0.0, "typing.SupportsFloat": 0.0}


def _passes_added_by(function, context):
    """The pass arguments (as MLIR's dumps name them) an add_* function adds, read from the pipeline
    of an empty pass manager it was called on; None where it takes arguments that cannot be made up."""
    from triton._C.libtriton import ir
    header = (function.__doc__ or "").splitlines()[0] if function.__doc__ else ""
    match = re.match(r"\w+\((.*)\) ->", header)
    values = []
    for param in (match.group(1).split(",")[1:] if match else []):
        kind = param.split(":", 1)[1].strip() if ":" in param else ""
        if kind not in _PROBE_VALUES and not kind.startswith("list"):
            return None
        values.append([] if kind.startswith("list") else _PROBE_VALUES[kind])
    manager = ir.pass_manager(context)
    try:
        function(manager, *values)
    except Exception:  # a value it refuses: the name's guess stands in
        return None
    pipeline = re.sub(r"\{[^}]*\}", "", manager.get_pipeline_str())
    return set(re.findall(r"[A-Za-z][\w.-]*", pipeline)) - {"any", "builtin.module"}


def _functions_by_pass(modules):
    """{pass argument: [(module, add_* name)]}, for every add_* function of the pass modules that
    could be called on an empty pass manager (tritonnvidiagpu's add_allocate_tensor_memory adds
    triton-tensor-memory-allocation: no name rule finds that)."""
    from triton._C.libtriton import ir
    context = ir.context()
    ir.load_dialects(context)
    found = {}
    for module in modules:
        for attribute in sorted(dir(module)):
            if attribute.startswith("add_"):
                for name in _passes_added_by(getattr(module, attribute), context) or ():
                    found.setdefault(name, []).append((module, attribute))
    return found


def _functions_named(name, modules):
    """The add_* functions whose name follows from the pass argument's (tritongpu-coalesce:
    add_coalesce; tritongpu-F32DotTC: add_f32_dot_tc; canonicalize: add_canonicalizer)."""
    wanted = {_MLIR_PASSES[name]} if name in _MLIR_PASSES else set()
    for prefix in _PASS_PREFIXES:
        if name.startswith(prefix):
            stem = name[len(prefix):]
            wanted.add("add_" + stem.replace("-", "_"))
            wanted.add("add_" + re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", stem).replace("-", "_").lower())
    wanted.add("add_" + name.replace("-", "_"))
    return [(module, attribute) for module in modules for attribute in sorted(wanted) if hasattr(module, attribute)]


def check_skip_passes(text):
    """--check-skip-passes NAMES: one JSON object, {"unknown": [{"name": n, "nearest": m or null}]}:
    the names no add_* function of this Triton adds, each with the known pass argument nearest it."""
    import difflib
    modules = _pass_modules()
    by_pass = _functions_by_pass(modules)
    known = set(by_pass) | set(_MLIR_PASSES)
    for module in modules:
        for attribute in dir(module):
            if attribute.startswith("add_"):
                known.update(prefix + attribute[4:].replace("_", "-") for prefix in ("tritongpu-", "triton-"))
    unknown = []
    for name in [name.strip() for name in text.split(",") if name.strip()]:
        if name not in by_pass and not _functions_named(name, modules):
            nearest = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.8)
            unknown.append({"name": name, "nearest": nearest[0] if nearest else None})
    print(json.dumps({"unknown": unknown}))


class LeftOutPasses:
    """While the variant compiles, the add_* functions of the named passes add nothing; afterwards
    each must have been called (else the name matched no pass this compile runs: an error)."""

    def __init__(self, text):
        self.names = [name.strip() for name in text.split(",") if name.strip()]
        self.patched = []  # (module, attribute, original)
        self.calls = {}

    def __enter__(self):
        modules = _pass_modules()
        by_pass = None
        for name in self.names:
            found = _functions_named(name, modules)
            if not found:  # an add_* function named otherwise: the one whose pipeline has the pass
                by_pass = _functions_by_pass(modules) if by_pass is None else by_pass
                found = by_pass.get(name, [])
            if not found:
                self.__exit__(None, None, None)
                raise ValueError(f"{SKIP_PASSES_OPTION}: no function of Triton's pass modules adds a pass named '{name}' "
                                 f"(name it as MLIR's dumps do, e.g. tritongpu-coalesce)")
            self.calls[name] = 0
            for module, attribute in found:
                original = getattr(module, attribute)

                def add_nothing(*args, _name=name, **kwargs):
                    self.calls[_name] += 1
                self.patched.append((module, attribute, original))
                setattr(module, attribute, add_nothing)
        return self

    def __exit__(self, kind, value, trace):
        for module, attribute, original in reversed(self.patched):
            setattr(module, attribute, original)
        self.patched = []
        if kind is None:
            never = [name for name, count in self.calls.items() if count == 0]
            if never:
                raise ValueError(f"{SKIP_PASSES_OPTION}: this compile runs no pass named {', '.join(never)}")
        return False


def compile_variant(kernel, request, variant):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    signature, constexprs, attrs = {}, {}, {}
    for index, param in enumerate(kernel.arg_names):
        if param in variant["constexprs"]:
            signature[param] = "constexpr"
            constexprs[param] = typed(str(variant["constexprs"][param]))
        elif param in variant["args"]:
            signature[param] = variant["args"][param]
            if param in variant.get("divisible_by_16", []):
                attrs[(index,)] = [["tt.divisibility", 16]]
        else:
            raise KeyError(f"kernel parameter '{param}' is neither an argument nor a tune parameter of the op")
    options = {key: typed(str(value)) for key, value in request.get("options", {}).items() if key != SKIP_PASSES_OPTION}
    options["num_warps"] = int(variant["num_warps"])
    options["num_stages"] = int(variant["num_stages"])
    wrap_stages()
    # Every variant compiled for real: a hit in Triton's own cache would time (and count) nothing.
    triton.knobs.compilation.always_compile = True
    del _stage_times[:]
    left_out = request.get("options", {}).get(SKIP_PASSES_OPTION)
    with LeftOutPasses(str(left_out)) if left_out else contextlib.nullcontext():
        compiled = triton.compile(ASTSource(kernel, signature, constexprs, attrs),
                                  target=GPUTarget("cuda", int(request["arch"]), 32), options=options)
    stages = [{"stage": name, "ms": ms} for name, ms in _stage_times]
    out = variant["out_dir"]
    os.makedirs(out, exist_ok=True)
    for stage in ("ttir", "ttgir", "llir", "ptx"):
        if stage in compiled.asm:
            with open(os.path.join(out, "kernel." + stage), "w") as handle:
                handle.write(compiled.asm[stage])
    with open(os.path.join(out, "kernel.cubin"), "wb") as handle:
        handle.write(compiled.asm["cubin"])
    meta = compiled.metadata
    fields = ("name", "shared", "num_warps", "num_ctas", "num_stages", "global_scratch_size", "global_scratch_align",
              "profile_scratch_size", "profile_scratch_align", "launch_cooperative_grid", "launch_pdl")
    described = {field: getattr(meta, field, None) for field in fields}
    # The kernel's parameters in order, as Triton's own launcher passes them: constexprs (tune
    # parameters and integers specialized as 1) are compiled in and not passed.
    described["launch_args"] = [param for param in kernel.arg_names if signature[param] != "constexpr"]
    # Host tensor descriptors the compiler lowered to TMA: what the CUtensorMap of each is built from
    # (swizzle, element size and type in Triton's device numbering, tile); null: passed decomposed.
    described["tensordesc_meta"] = getattr(meta, "tensordesc_meta", None) or None
    described["options"] = {k: str(v) for k, v in options.items()}
    if left_out:
        described["options"][SKIP_PASSES_OPTION] = str(left_out)
    described["stages"] = stages
    with open(os.path.join(out, "meta.json"), "w") as handle:
        json.dump(described, handle)


def failure_text(what):
    """What failed and the exception's own last line first (a log shows its first line), then the
    whole traceback."""
    trace = traceback.format_exc()
    lines = trace.strip().splitlines()
    return "%s: %s\n%s" % (what, lines[-1] if lines else "unknown error", trace)


def compile_batch(request, out):
    """One JSON line per variant on `out`, in order, flushed as each is done."""
    try:
        kernel = load_kernel(request["source"], request["kernel"], request.get("import"))
    except Exception:  # the op's module itself is broken: every variant fails with why
        module = (request.get("import") or {}).get("module") or request["source"]
        error = failure_text("cannot import the op's module %s (kernel %s)" % (module, request["kernel"]))
        for index in range(len(request["variants"])):
            print(json.dumps({"index": index, "ok": False, "error": error}), file=out, flush=True)
        return
    hang_at = os.environ.get("ABTOOL_TEST_TRITON_HANG")  # test switch: this kernel's compile hangs
    for index, variant in enumerate(request["variants"]):
        if hang_at and str(variant["constexprs"].get("BLOCK_SIZE")) == hang_at:
            import time
            time.sleep(3600)
        try:
            compile_variant(kernel, request, variant)
            print(json.dumps({"index": index, "ok": True}), file=out, flush=True)
        except Exception:
            print(json.dumps({"index": index, "ok": False, "error": failure_text("Triton did not compile this variant")}),
                  file=out, flush=True)


def serve():
    """Forks a batch process per request line, Triton already imported: a run pays for starting
    Python and importing Triton once per interpreter, not once per batch."""
    import select
    import threading
    import triton  # noqa: F401  (imported here so that every forked batch inherits it)
    from triton.backends.compiler import GPUTarget  # noqa: F401
    from triton.compiler import ASTSource  # noqa: F401

    # The messages go out on a descriptor of their own: the server's stdout is /dev/null, so that
    # whatever an import or a compile prints never reaches abtool as a message.
    sys.stdout.flush()
    messages = os.dup(1)
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    os.close(quiet)
    speaking = threading.Lock()

    def say(message):
        with speaking:
            os.write(messages, (json.dumps(message) + "\n").encode())

    # The first line says what --describe says but the digest: hashing libtriton.so takes about a
    # second, which would hold up the import of the first op's library (torch and FlagGems take
    # seconds more) behind it. It is hashed beside that import and follows as a message of its own.
    say(description(None))
    hashing = None
    if "--no-digest" not in sys.argv:
        hashing = threading.Thread(target=lambda: say({"libtriton_sha256": libtriton_digest()}))
        hashing.start()

    imported = set()

    def preload(request):
        """A library's module (a captured op's `import`), imported once here so that every batch
        forked after inherits it: importing torch and FlagGems costs seconds, a batch's compile less.
        A module that fails to import here fails again in the batch, which says why."""
        wanted = request.get("import") or {}
        module = wanted.get("module") or ",".join(sorted({t.split(":")[0] for t in wanted.get("globals", {}).values()} |
                                                          set(wanted.get("modules", []))))
        if not module or module in imported:
            return
        imported.add(module)
        saved_path = list(sys.path)
        for name in [None] if wanted.get("module") else module.split(","):
            try:
                if name is None:
                    load_kernel(request["source"], request["kernel"], wanted)
                else:
                    importlib.import_module(name)
            except BaseException:  # noqa: BLE001
                pass
            finally:
                sys.stdout.flush()
        sys.path[:] = saved_path

    def compile_warm_up_kernel(arch, restored_interval):
        try:
            import triton.language as tl

            @triton.jit
            def _abtool_warm_up(x, BLOCK: tl.constexpr):
                tl.store(x + tl.arange(0, BLOCK), tl.arange(0, BLOCK))

            triton.compile(ASTSource(_abtool_warm_up, {"x": "*i32", "BLOCK": "constexpr"}, {"BLOCK": 32}, {}),
                           target=GPUTarget("cuda", int(arch), 32), options={"num_warps": 1})
        except Exception:  # noqa: BLE001 - only a head start: the batches compile as they would
            pass
        finally:
            sys.setswitchinterval(restored_interval)

    warming, switch_interval = {}, sys.getswitchinterval()

    def warm_up(arch):
        """One small kernel compiled here, before any fork: Triton's first compile in a process
        sets its compiler up (0.4-0.7 s on the H200), and every batch forked after inherits that.
        It runs on a thread beside the import of the op's library (preload): Triton's compile
        leaves Python's lock while it works, so the two overlap rather than add up. Meanwhile the
        interpreter hands its lock over every 0.5 ms instead of 5: the compile gives the lock up at
        each call into Triton's C++ and would otherwise wait up to 5 ms for it each time behind
        the import (bench/capture/server_startup.py measures both orders; bench/RESULTS.md)."""
        if arch not in warming:
            warming[arch] = threading.Thread(target=compile_warm_up_kernel, args=(arch, switch_interval))
            sys.setswitchinterval(0.0005)
            warming[arch].start()

    def start(request):
        warm_up(request["arch"])
        preload(request)
        if request.get("prepare"):  # abtool's head start (TritonCompiler::prepare): no batch, no answer
            return
        # No thread alive at a fork: the digest and the warm-up (usually done by now) are waited for.
        for thread in [hashing, *warming.values()]:
            if thread:
                thread.join()
        pid = os.fork()
        if pid == 0:  # the batch process: its replies go to the file abtool named
            code = 0
            os.close(messages)  # the server's alone: a batch that outlives it must not hold abtool's pipe open
            try:
                errors = os.open(request["errors"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(errors, 2)
                os.dup2(errors, 1)  # a kernel's print() must not reach the server's messages
                os.environ.update(request.get("env") or {})  # read when a compile runs (MLIR_ENABLE_DUMP, ...)
                with open(request["replies"], "w") as out:
                    compile_batch(request, out)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stderr.flush()
                os._exit(code)
        running[pid] = request["id"]
        say({"id": request["id"], "pid": pid})

    running, pending, open_input = {}, b"", True
    while open_input or running:
        if open_input and select.select([0], [], [], 0.05)[0]:
            chunk = os.read(0, 1 << 16)
            if not chunk:
                open_input = False
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if line.strip():
                    start(json.loads(line))
        elif not open_input:
            import time
            time.sleep(0.05)
        while running:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            ident = running.pop(pid, None)
            if ident is None:
                continue
            if os.WIFSIGNALED(status):
                say({"id": ident, "signal": os.WTERMSIG(status)})
            else:
                say({"id": ident, "exit": os.WEXITSTATUS(status)})
    return 0


def main():
    if "--describe" in sys.argv:
        describe()
        return 0
    if "--serve" in sys.argv:
        return serve()
    if "--check-skip-passes" in sys.argv:
        check_skip_passes(sys.argv[sys.argv.index("--check-skip-passes") + 1])
        return 0
    compile_batch(json.load(sys.stdin), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
