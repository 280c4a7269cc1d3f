"""The kernel patterns of issue 45 in one workload, for `abtool capture` on the GPU machine
(bench/capture/patterns_ab.sh, bench/RESULTS.md): FlagGems 5.0.2's ops of a decoder layer in bf16,
whose mm takes host TMA tensor descriptors (N and K multiples of 8) and a config pre_hook that sets
their tiles; index_add (atomic adds into a clone); a split-K GEMM whose configs zero C in a pre_hook
and whose tuner resets it (splitk_gemm.py); a torch.compile(mode="reduce-overhead") block, whose
kernels run inside CUDA graphs after an eager warm-up. Runs as one process or under torchrun (every
rank on the same GPU, each with its own FlagGems tuning cache; rank 1 adds a token count rank 0 does
not run, so the capture merges some specializations and adds others). Prints its own wall time.

  python3 bench/capture/patterns_workload.py [--tokens 256,1024] [--repeat 2]
  python3 -m torch.distributed.run --nproc-per-node 2 bench/capture/patterns_workload.py
"""
import argparse
import os
import sys
import time

rank = int(os.environ.get("RANK", "0"))
if "FLAGGEMS_CACHE_DIR" in os.environ:  # two processes, one sqlite tuning cache: give each its own
    os.environ["FLAGGEMS_CACHE_DIR"] = os.path.join(os.environ["FLAGGEMS_CACHE_DIR"], f"rank{rank}")

import torch  # noqa: E402

import flag_gems  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from splitk_gemm import splitk_mm  # noqa: E402


@torch.compile(mode="reduce-overhead")
def gated_residual(x, w, r):
    return torch.nn.functional.silu(x * w) + r * 0.5


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tokens", default="256,1024", help="token counts, comma separated")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    tokens = [int(t) for t in args.tokens.split(",")]
    if rank == 1:
        tokens.append(512)
    hidden, inter = 2048, 5632
    device = "cuda"
    torch.manual_seed(rank)
    start = time.time()
    with flag_gems.use_gems():
        for t in tokens:
            x = torch.randn(t, hidden, device=device, dtype=torch.bfloat16)
            w = torch.randn(hidden, device=device, dtype=torch.bfloat16)
            up = torch.randn(hidden, 2 * inter, device=device, dtype=torch.bfloat16) / hidden**0.5
            down = torch.randn(inter, hidden, device=device, dtype=torch.bfloat16) / inter**0.5
            index = torch.randint(0, t, (t // 2,), device=device)
            for _ in range(args.repeat):
                h = torch.nn.functional.rms_norm(x, (hidden,), w)
                gate = torch.mm(h, up)  # Hopper: host TMA descriptors, tiles set by the config's pre_hook
                act = torch.nn.functional.silu(gate[:, :inter]) * gate[:, inter:]
                y = torch.mm(act.contiguous(), down)
                torch.index_add(y, 0, index, x[: t // 2])  # atomic adds
                torch.softmax(y.float(), dim=-1)
    for t in tokens:
        a = torch.randn(max(t // 16, 16), 8192, device=device, dtype=torch.float16)
        b = torch.randn(8192, 1024, device=device, dtype=torch.float16) / 90.0
        for _ in range(args.repeat):
            splitk_mm(a, b)  # config pre_hook + reset_to_zero
    x = torch.randn(4096, hidden, device=device)
    w = torch.randn(hidden, device=device)
    r = torch.randn(4096, hidden, device=device)
    for _ in range(4):  # eager warm-up, the graph's recording, then replays
        gated_residual(x, w, r)
    torch.cuda.synchronize()
    print(f"rank {rank}: workload wall {time.time() - start:.3f} s")


if __name__ == "__main__":
    main()
