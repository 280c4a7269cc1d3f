"""A FlagGems benchmark suite in miniature, for bench/suite_scale.sh: element-wise, reduction and
normalization ops at the library's own benchmark shapes (benchmark/core_shapes.yaml's defaults,
up to [256, 1024, 1024], whose tensors are over abtool capture's --max-input-mb), in fp16, bf16
and fp32, timed as the library's benchmark harness times them (benchmark/performance_utils.py,
Benchmark.run and get_latency in its default "kernel" mode): inputs made by torch outside
flag_gems, then per point torch's own op (latency_base) and the op under flag_gems.use_gems()
(latency), each through triton.testing.do_bench(warmup=1000, rep=100, return_mode="median"),
its defaults (benchmark/attri_util.py DEFAULT_WARMUP_COUNT, DEFAULT_ITER_COUNT). Prints a line per
(op, shape, dtype) with both medians, and its own wall time last.

  python3 bench/suite/flag_gems_suite.py [--ops abs,exp,...] [--shapes 64x64,4096x4096] [--dtypes fp16,bf16]
      [--warmup MS] [--rep MS] [--gems-only]
"""
import argparse
import time

import torch
import torch.nn.functional as F
import triton

import flag_gems

SHAPES = "64x64,4096x4096,256x1024x1024"
DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def ops_at(x, y, w, b):
    """Each op's call on inputs of one shape and dtype (y: a second operand, w and b: last-dim weights)."""
    n = x.shape[-1]
    return {
        "abs": lambda: torch.abs(x),
        "exp": lambda: torch.exp(x),
        "gelu": lambda: F.gelu(x),
        "silu": lambda: F.silu(x),
        "sigmoid": lambda: torch.sigmoid(x),
        "add": lambda: torch.add(x, y),
        "mul": lambda: torch.mul(x, y),
        "sum": lambda: torch.sum(x, dim=-1),
        "softmax": lambda: torch.softmax(x, dim=-1),
        "log_softmax": lambda: torch.log_softmax(x, dim=-1),
        "layer_norm": lambda: F.layer_norm(x, (n,), w, b),
        "rms_norm": lambda: F.rms_norm(x, (n,), w),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ops", default="", help="comma-separated op names (default: all)")
    parser.add_argument("--shapes", default=SHAPES)
    parser.add_argument("--dtypes", default=",".join(DTYPES))
    parser.add_argument("--warmup", type=float, default=1000, help="do_bench warm-up, ms (the library's harness: 1000)")
    parser.add_argument("--rep", type=float, default=100, help="do_bench repetition, ms (the library's harness: 100)")
    parser.add_argument("--gems-only", action="store_true",
                        help="time only the op under flag_gems (not torch's own op beside it)")
    args = parser.parse_args()
    device = flag_gems.device
    torch.manual_seed(0)
    start = time.time()
    failures = 0

    def latency_us(call):
        return 1000 * triton.testing.do_bench(call, warmup=args.warmup, rep=args.rep, return_mode="median")

    for shape_text in args.shapes.split(","):
        shape = [int(d) for d in shape_text.split("x")]
        for dtype_name in args.dtypes.split(","):
            dtype = DTYPES[dtype_name]
            x = torch.randn(shape, device=device, dtype=dtype)
            y = torch.randn(shape, device=device, dtype=dtype)
            w = torch.randn(shape[-1], device=device, dtype=dtype)
            b = torch.randn(shape[-1], device=device, dtype=dtype)
            for name, call in ops_at(x, y, w, b).items():
                if args.ops and name not in args.ops.split(","):
                    continue
                try:
                    base = "" if args.gems_only else f"torch {latency_us(call):10.2f} us  "
                    with flag_gems.use_gems():
                        gems = latency_us(call)
                    print(f"{name:<12} {shape_text:<16} {dtype_name:<5} {base}flag_gems {gems:10.2f} us", flush=True)
                except Exception as error:  # one op's failure is reported, the suite goes on
                    failures += 1
                    print(f"{name:<12} {shape_text:<16} {dtype_name:<5} FAILED: {type(error).__name__}: {error}", flush=True)
            del x, y, w, b
            torch.cuda.empty_cache()
    torch.cuda.synchronize()
    print(f"workload wall {time.time() - start:.3f} s ({failures} failed)")


if __name__ == "__main__":
    main()
