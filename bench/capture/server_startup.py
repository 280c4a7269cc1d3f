"""Where the Triton compile server's start goes before its first batch can fork, in one process,
in the server's own order (compilers/triton/abtool_triton_compile.py, serve()): `import triton`;
then the op's module (its library: torch, FlagGems) with the sha256 of libtriton.so on a thread
beside it; the warm-up compile either after that import (--order after, the server before
2026-12-04's second change) or on a thread beside it with the interpreter's switch interval at
0.5 ms (--order beside, the server now); then one more compile of the same tiny kernel (what a
forked batch pays once warmed). A fresh Triton cache each run, so the warm-up compiles. Run it
with the interpreter under test; prints a table.

  python3 bench/capture/server_startup.py [--order after|beside] [MODULE ...]   (default: beside, flag_gems.ops.mm)
"""
import argparse
import hashlib
import importlib
import os
import sys
import tempfile
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--order", choices=["after", "beside"], default="beside")
    parser.add_argument("modules", nargs="*", default=["flag_gems.ops.mm"])
    options = parser.parse_args()
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="server-startup-")
    began = time.perf_counter()
    phases = []

    def mark(name, since):
        phases.append((name, time.perf_counter() - since))

    started = time.perf_counter()
    triton = importlib.import_module("triton")
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    mark("import triton", started)
    library = os.path.join(os.path.dirname(triton.__file__), "_C", "libtriton.so")
    ended = {}

    def digest():
        with open(library, "rb") as handle:
            sha = hashlib.sha256()
            while block := handle.read(1 << 20):
                sha.update(block)
        ended["digest"] = time.perf_counter()

    def compile_tiny(block):
        import triton.language as tl

        @triton.jit
        def tiny(x, BLOCK: tl.constexpr):
            tl.store(x + tl.arange(0, BLOCK), tl.arange(0, BLOCK))

        triton.compile(ASTSource(tiny, {"x": "*i32", "BLOCK": "constexpr"}, {"BLOCK": block}, {}),
                       target=GPUTarget("cuda", 90, 32), options={"num_warps": 1})

    def warm_up(interval):
        warm_started = time.perf_counter()
        try:
            compile_tiny(32)
        finally:
            sys.setswitchinterval(interval)
        ended["warm-up"] = time.perf_counter()
        ended["warm-up alone"] = ended["warm-up"] - warm_started

    started = time.perf_counter()
    threads = [threading.Thread(target=digest)]
    if options.order == "beside":
        threads.append(threading.Thread(target=warm_up, args=(sys.getswitchinterval(),)))
        sys.setswitchinterval(0.0005)
    for thread in threads:
        thread.start()
    for module in options.modules:
        importlib.import_module(module)
    mark(f"import {', '.join(options.modules)} (sha256 beside it"
         + (", and the warm-up)" if options.order == "beside" else ")"), started)
    if options.order == "after":
        warm_up(sys.getswitchinterval())
        mark("warm-up compile after the import", ended["warm-up"] - ended["warm-up alone"])
    for thread in threads:
        thread.join()
    phases.append(("sha256 of libtriton.so ended, after the start", ended["digest"] - began))
    phases.append(("warm-up compile ended, after the start", ended["warm-up"] - began))
    phases.append(("ready to fork (threads joined), after the start", time.perf_counter() - began))
    started = time.perf_counter()
    compile_tiny(64)
    mark("the same kernel again, another constexpr", started)
    print(f"order: {options.order}")
    print(f"{'phase':<72} {'s':>7}")
    for name, seconds in phases:
        print(f"{name:<72} {seconds:7.2f}")


if __name__ == "__main__":
    main()
