#!/usr/bin/env python3
"""Triton's own answer to "which config is fastest": @triton.autotune over the kernel, config
space and shapes of an abtool record of triton_matmul (its autotune_records/triton_matmul.json
lists every candidate, so the space is the same by construction). Prints one JSON line per
shape, then one with the totals. Run with the interpreter under test; needs PyTorch and a GPU.

  triton_autotune_sweep.py RECORD_JSON OP_SOURCE KERNEL
"""
import importlib.util
import json
import sys
import time

import torch
import triton


def load_kernel(source, name):
    spec = importlib.util.spec_from_file_location("bench_op", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def as_triton_config(config):
    params = {key: int(value) for key, value in config.items()}
    launch = {key: params.pop(key) for key in ("num_warps", "num_stages") if key in params}
    return triton.Config(params, **launch)


def config_text(config):
    return " ".join(f"{key}={value}" for key, value in sorted(config.items()))


def main():
    record, source, kernel_name = sys.argv[1:4]
    choices = json.load(open(record))["choices"]
    configs = [candidate["config"] for candidate in choices[0]["candidates"]]
    tuned = triton.autotune(configs=[as_triton_config(c) for c in configs], key=["M", "N", "K"])(load_kernel(source, kernel_name))
    total = 0.0
    for choice in choices:
        M, N, K = (int(d) for d in choice["shape"].split("x"))
        a = torch.rand((M, K), device="cuda", dtype=torch.bfloat16) * 2 - 1
        b = torch.rand((K, N), device="cuda", dtype=torch.bfloat16) * 2 - 1
        c = torch.empty((M, N), device="cuda", dtype=torch.float32)
        grid = lambda meta: (triton.cdiv(M, meta["BLOCK_SIZE_M"]) * triton.cdiv(N, meta["BLOCK_SIZE_N"]),)
        torch.cuda.synchronize()
        start = time.perf_counter()
        tuned[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
        torch.cuda.synchronize()
        wall = time.perf_counter() - start
        total += wall
        best = tuned.best_config
        timings = {}  # config text -> autotune's median, in us
        for config, times in tuned.configs_timings.items():
            median = times[0] if isinstance(times, (list, tuple)) else times
            timings[config_text(dict(config.kwargs, num_warps=config.num_warps, num_stages=config.num_stages))] = median * 1000
        best_text = config_text(dict(best.kwargs, num_warps=best.num_warps, num_stages=best.num_stages))
        print(json.dumps({"shape": choice["shape"], "wall_s": round(wall, 3), "bench_s": round(tuned.bench_time, 3),
                          "best": best_text, "best_us": round(timings[best_text], 2), "timings_us": timings}), flush=True)
    print(json.dumps({"total_s": round(total, 3), "triton": triton.__version__}))


if __name__ == "__main__":
    main()
