"""A small torch.compile'd function, for what `abtool capture` sees of inductor's kernels."""
import torch


@torch.compile
def fused(x, y):
    return torch.relu(x @ y + 1.0).sum(dim=-1) * 0.5


def main():
    x = torch.randn(1024, 512, device="cuda", dtype=torch.float16)
    y = torch.randn(512, 768, device="cuda", dtype=torch.float16)
    for _ in range(3):
        out = fused(x, y)
    torch.cuda.synchronize()
    print("compiled function ran:", tuple(out.shape))


if __name__ == "__main__":
    main()
