"""A FlagGems workload for `abtool capture` (bench/capture/flag_gems_ab.sh, bench/RESULTS.md): the
ops of a decoder layer and its head on LLM-like shapes, through FlagGems (use_gems), each called
a few times as a model's layers would. Prints its own wall time.

  python3 bench/capture/flag_gems_workload.py [--repeat N] [--small]

mm runs at two kinds of shape: the layer's projections (N and K multiples of 8: FlagGems' Hopper
mm takes host-side TMA tensor descriptors there) and a GPT-2-sized head (vocab 50257: its general
mm kernel under LibTuner, whose config space the capture keeps).
"""
import argparse
import time

import torch

import flag_gems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--small", action="store_true", help="fewer, smaller shapes (a quick check)")
    parser.add_argument("--tokens", default="128,2048", help="token counts, comma separated (default 128,2048)")
    args = parser.parse_args()
    device = flag_gems.device
    torch.manual_seed(0)
    tokens = [256] if args.small else [int(t) for t in args.tokens.split(",")]
    hidden, heads = (1024, 8) if args.small else (4096, 32)
    vocab, head_hidden = (50257, 768)
    start = time.time()
    with flag_gems.use_gems():
        for t in tokens:
            x = torch.randn(t, hidden, device=device, dtype=torch.bfloat16)
            w = torch.randn(hidden, device=device, dtype=torch.bfloat16)
            b = torch.randn(hidden, device=device, dtype=torch.bfloat16)
            up = torch.randn(hidden, 2 * hidden, device=device, dtype=torch.bfloat16) / hidden**0.5
            h = torch.randn(t, head_hidden, device=device, dtype=torch.bfloat16)
            lm_head = torch.randn(head_hidden, vocab, device=device, dtype=torch.bfloat16) / head_hidden**0.5
            target = torch.randint(0, vocab, (t,), device=device)
            q = torch.randn(heads, t, hidden // heads, device=device, dtype=torch.bfloat16)
            k = torch.randn(heads, hidden // heads, t, device=device, dtype=torch.bfloat16)
            for _ in range(args.repeat):
                torch.softmax(x, dim=-1)
                torch.nn.functional.layer_norm(x, (hidden,), w, b)
                torch.nn.functional.rms_norm(x, (hidden,), w)
                gate = torch.mm(x, up)
                torch.bmm(q, k)
                torch.nn.functional.gelu(x)
                torch.nn.functional.silu(gate[:, :hidden]) * gate[:, hidden:]
                torch.sum(x, dim=-1)
                logits = torch.mm(h, lm_head)
                torch.argmax(logits, dim=-1)
                torch.nn.functional.cross_entropy(logits.float(), target)
    torch.cuda.synchronize()
    print(f"workload wall {time.time() - start:.3f} s")


if __name__ == "__main__":
    main()
