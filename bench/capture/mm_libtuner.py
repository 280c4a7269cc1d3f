"""FlagGems' LibTuner on mm, cold: the wall time of each first torch.mm call on the shapes given
(LibTuner compiles and benchmarks its whole config space there), then of a second call (its pick,
cached). Run with fresh FLAGGEMS_CACHE_DIR and TRITON_CACHE_DIR for a cold start. Prints a table.

  python3 bench/capture/mm_libtuner.py M,N,K [M,N,K ...]
"""
import sys
import time

import torch

import flag_gems


def main():
    shapes = [tuple(int(v) for v in arg.split(",")) for arg in sys.argv[1:]] or [(2048, 50257, 768)]
    print(f"{'M,N,K':>20} {'first call s':>13} {'second call ms':>15}")
    total = 0.0
    with flag_gems.use_gems():
        for m, n, k in shapes:
            a = torch.randn(m, k, device="cuda", dtype=torch.bfloat16)
            b = torch.randn(k, n, device="cuda", dtype=torch.bfloat16)
            torch.cuda.synchronize()
            start = time.time()
            torch.mm(a, b)
            torch.cuda.synchronize()
            first = time.time() - start
            start = time.time()
            torch.mm(a, b)
            torch.cuda.synchronize()
            second = time.time() - start
            total += first
            print(f"{f'{m},{n},{k}':>20} {first:13.1f} {second * 1e3:15.2f}")
    print(f"LibTuner first calls, total: {total:.1f} s")


if __name__ == "__main__":
    main()
