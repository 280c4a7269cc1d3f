"""A small real Triton workload for `abtool capture` on a GPU (tests/capture/capture_gpu.sh):
a plain @triton.jit kernel at two sizes, one that accumulates into its output, a triton.autotune
kernel, a triton.heuristics kernel on a bf16 strided view, a kernel taking a dtype constexpr
(`OUT_DTYPE=tl.bfloat16`, as backward kernels do) at two dtypes, a split-K style reduction whose
tuner's pre_hook zeroes its total before the atomic adds, a fill of zeros into an integer tensor
that held zeros, a GEMM on host tensor descriptors tuned as FlagGems' Hopper mm is (each config's
pre_hook sets the tiles), a CUDA graph of the workload's own (a
kernel warmed up eagerly, and one launched only inside the capture, which is listed), a
torch.compile(mode="reduce-overhead") function (its kernel warmed up while torch routes the thread's
allocations to its graph pool, then replayed in a graph), and one kernel of the script itself (which
a capture lists as not replayable)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import shim_kernels  # noqa: E402


@triton.jit
def script_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offsets, tl.load(x_ptr + offsets, mask=offsets < n) + 1, mask=offsets < n)


@torch.compile(mode="reduce-overhead")
def residual_gelu(x, r):
    return torch.nn.functional.gelu(x) + r


def main():
    torch.manual_seed(0)
    for n in (1 << 16, 1 << 20):
        x = torch.randn(n, device="cuda")
        for _ in range(3):
            y = torch.empty_like(x)
            shim_kernels.scale[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        torch.testing.assert_close(y, 2 * x)
    x, y = torch.randn(1 << 18, device="cuda"), torch.randn(1 << 18, device="cuda")
    expected = x + y
    shim_kernels.accumulate[(triton.cdiv(x.numel(), 512),)](x, y, x.numel(), BLOCK=512)
    torch.testing.assert_close(y, expected)
    x = torch.randn(1 << 20, device="cuda")
    y = torch.empty_like(x)
    shim_kernels.tuned_scale[lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)](x, y, x.numel())
    torch.testing.assert_close(y, 3 * x)
    wide = torch.randn(512, 1500, device="cuda", dtype=torch.bfloat16)
    view = wide[:, :1000]  # rows 1500 apart: a strided view
    out = torch.empty(512, device="cuda", dtype=torch.float32)
    shim_kernels.row_sum[(512,)](view, out, 1000, view.stride(0))
    torch.testing.assert_close(out, view.float().sum(dim=1), rtol=1e-3, atol=1e-2)
    for n, out_dtype in ((1 << 16, tl.float16), (1 << 18, tl.bfloat16)):
        x = torch.randn(n, device="cuda")
        y = torch.empty_like(x)
        shim_kernels.cast_scale[(triton.cdiv(n, 1024),)](x, y, n, OUT_DTYPE=out_dtype, BLOCK=1024)
        torch_dtype = torch.float16 if out_dtype == tl.float16 else torch.bfloat16
        torch.testing.assert_close(y, (2 * x).to(torch_dtype).float())
    x = torch.randint(-100, 100, (1 << 20,), device="cuda", dtype=torch.int32)
    total = torch.full((1,), 12345, device="cuda", dtype=torch.int32)  # what a previous step left: the hook zeroes it
    shim_kernels.split_sum[lambda meta: (triton.cdiv(x.numel(), meta["BLOCK"]),)](x, total, x.numel())
    assert int(total.item()) == int(x.sum().item()), (int(total.item()), int(x.sum().item()))
    flags = torch.zeros(1000, device="cuda", dtype=torch.int32)
    shim_kernels.fill_zero[(4,)](flags, 1000, BLOCK=256)  # zeros over the zeros it held: seen (its IR never reads it)
    assert int(flags.abs().sum().item()) == 0
    from triton.tools.tensor_descriptor import TensorDescriptor
    a = torch.randn(256, 128, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(128, 192, device="cuda", dtype=torch.bfloat16)
    c = torch.empty(256, 192, device="cuda", dtype=torch.bfloat16)
    descriptors = [TensorDescriptor.from_tensor(t, [1, 1]) for t in (a, b, c)]  # tiles: the config's pre_hook sets them
    shim_kernels.tma_matmul[lambda meta: (triton.cdiv(256, meta["BLOCK_M"]) * triton.cdiv(192, meta["BLOCK_N"]),)](
        *descriptors, 256, 192, 128)
    torch.testing.assert_close(c.float(), a.float() @ b.float(), rtol=2e-2, atol=0.25)
    x = torch.randn(4096, device="cuda")
    y = torch.empty_like(x)
    shim_kernels.scale[(4,)](x, y, 4096, BLOCK=1024)  # the eager warm-up a graph is made after
    other = torch.randn(8192, device="cuda")
    shim_kernels.negate[(8,)](other, 8192, BLOCK=1024)  # compiled here, not inside the capture; another shape
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        shim_kernels.scale[(4,)](x, y, 4096, BLOCK=1024)
        shim_kernels.negate[(4,)](y, 4096, BLOCK=1024)
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(y, -2 * x)
    x, r = torch.randn(2048, 256, device="cuda"), torch.randn(2048, 256, device="cuda")
    for _ in range(3):  # warm-up (eager, in the graph's pool), recording, replay
        out = residual_gelu(x, r)
    torch.testing.assert_close(out, torch.nn.functional.gelu(x) + r)
    z = torch.zeros(4096, device="cuda")
    script_kernel[(4,)](z, 4096, BLOCK=1024)
    torch.cuda.synchronize()
    print("triton_workload: ok")


if __name__ == "__main__":
    main()
