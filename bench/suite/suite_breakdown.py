"""Where a benchmark suite's run goes, measured (bench/RESULTS.md): runs bench/suite/flag_gems_suite.py
(or another suite script) in this process with timers around Triton's compiles
(JITFunction._do_compile: a compile or a load from Triton's cache), autotuners' benchmarks of their
configs (Autotuner._bench, FlagGems' LibTuner included) and the suite's own timing loops
(triton.testing.do_bench called outside an autotuner), each time counted once, in the innermost
of them. What capture can shorten is the timing loops; compiles and tuners must run as they do.

  python3 bench/suite/suite_breakdown.py [suite script] [suite options...]
"""
import os
import runpy
import sys
import time

started = time.perf_counter()
_stack = []  # [category, begun, children's time]
totals = {}
calls = {}


def timed(category, function):
    def wrapper(*args, **kwargs):
        if category == "timing loops" and any(frame[0] == "autotuner benchmarks" for frame in _stack):
            return function(*args, **kwargs)  # a tuner's own do_bench: counted as the tuner's
        _stack.append([category, time.perf_counter(), 0.0])
        try:
            return function(*args, **kwargs)
        finally:
            name, begun, children = _stack.pop()
            elapsed = time.perf_counter() - begun
            totals[name] = totals.get(name, 0.0) + elapsed - children
            calls[name] = calls.get(name, 0) + 1
            if _stack:
                _stack[-1][2] += elapsed
    return wrapper


def main():
    script = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1].endswith(".py") else \
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "flag_gems_suite.py")
    sys.argv = [script] + [a for a in sys.argv[1:] if a != script]
    import triton
    import triton.testing
    from triton.runtime import autotuner, jit
    imported = time.perf_counter()
    jit.JITFunction._do_compile = timed("compiles", jit.JITFunction._do_compile)
    autotuner.Autotuner._bench = timed("autotuner benchmarks", autotuner.Autotuner._bench)
    triton.testing.do_bench = timed("timing loops", triton.testing.do_bench)
    runpy.run_path(script, run_name="__main__")
    import torch
    torch.cuda.synchronize()
    wall = time.perf_counter() - started
    print(f"\nsuite_breakdown: {script}, wall {wall:.1f} s")
    print(f"  {'import of triton':<24} {imported - started:7.1f} s")
    for name in ("compiles", "autotuner benchmarks", "timing loops"):
        print(f"  {name:<24} {totals.get(name, 0.0):7.1f} s  ({calls.get(name, 0)} calls)")
    rest = wall - (imported - started) - sum(totals.values())
    print(f"  {'the rest':<24} {rest:7.1f} s  (imports of torch and the library, inputs, the suite's own code)")


if __name__ == "__main__":
    main()
