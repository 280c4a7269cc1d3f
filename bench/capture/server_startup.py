"""Where the Triton compile server's start goes before its first batch can fork, phase by phase in
one process, in the server's own order (compilers/triton/abtool_triton_compile.py, serve()):
`import triton`, the description's sha256 of libtriton.so, the op's module (its library: torch,
FlagGems), the warm-up compile, then one more compile of the same tiny kernel (what a forked
batch would pay once warmed). Run it with the interpreter under test; prints a table.

  python3 bench/capture/server_startup.py [MODULE ...]     (default: flag_gems.ops.mm)
"""
import hashlib
import importlib
import os
import sys
import time


def timed(phases, name, work):
    started = time.perf_counter()
    result = work()
    phases.append((name, time.perf_counter() - started))
    return result


def main():
    modules = sys.argv[1:] or ["flag_gems.ops.mm"]
    phases = []
    triton = timed(phases, "import triton", lambda: importlib.import_module("triton"))
    library = os.path.join(os.path.dirname(triton.__file__), "_C", "libtriton.so")

    def digest():
        with open(library, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()

    timed(phases, f"sha256 of libtriton.so ({os.path.getsize(library) / 2**20:.0f} MiB)", digest)
    for module in modules:
        timed(phases, f"import {module}", lambda module=module: importlib.import_module(module))

    import triton.language as tl
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    @triton.jit
    def tiny(x, BLOCK: tl.constexpr):
        tl.store(x + tl.arange(0, BLOCK), tl.arange(0, BLOCK))

    def compile_tiny(block):
        triton.compile(ASTSource(tiny, {"x": "*i32", "BLOCK": "constexpr"}, {"BLOCK": block}, {}),
                       target=GPUTarget("cuda", 90, 32), options={"num_warps": 1})

    timed(phases, "warm-up compile (the first in the process)", lambda: compile_tiny(32))
    timed(phases, "the same kernel again, another constexpr", lambda: compile_tiny(64))
    print(f"{'phase':<52} {'s':>7}")
    for name, seconds in phases:
        print(f"{name:<52} {seconds:7.2f}")
    print(f"{'total before the first fork':<52} {sum(s for _, s in phases[:-1]):7.2f}")


if __name__ == "__main__":
    main()
