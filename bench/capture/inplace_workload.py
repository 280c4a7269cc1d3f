"""Kernels whose arguments share memory, as training and inference libraries launch them, for
`abtool capture` on the GPU machine (bench/capture/inplace_ab.sh, bench/RESULTS.md):

- an RMSNorm backward that writes dX into dY's buffer (the same tensor passed as dY_ptr and dX_ptr,
  the in-place default of a training library's backward);
- a residual add into a column slice of a larger tensor (a view with a storage offset and a row
  stride), reading another slice of the same tensor: the two views' spans overlap in memory though
  their elements do not;
- a sliding-window sum of two overlapping views of one buffer into an output of its own;
- a device-side TMA kernel (tl.make_tensor_descriptor inside the kernel, its descriptors in global
  scratch that Triton's allocator hands out), scaling a matrix in place through one descriptor;
- one kernel launched with two values of a float scalar (the same code, another specialization's
  inputs);
- a grid given as a callable of the meta-parameters (`kernel[lambda meta: ...]`), launched on a
  side stream (torch.cuda.Stream) whose input the default stream made, and again on the default
  stream: launches on two streams.

Each is checked against torch on the spot, so the capture is of correct launches.

  python3 bench/capture/inplace_workload.py [--rows 4096] [--cols 1024] [--repeat 3]
"""
import argparse
import time

import os
import sys

import torch
import triton

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inplace_kernels import add_into_view, axpby, rmsnorm_backward, scale_tiles_device_tma, window_sum  # noqa: E402


def scratch(size, alignment, stream):
    return torch.empty(size, dtype=torch.int8, device="cuda")


def run(rows, cols):
    device = "cuda"
    torch.manual_seed(0)
    # RMSNorm backward, in place: dX into dY.
    x = torch.randn(rows, cols, device=device, dtype=torch.bfloat16)
    w = torch.randn(cols, device=device, dtype=torch.bfloat16)
    rstd = torch.rsqrt(x.float().pow(2).mean(-1) + 1e-6)
    dy = torch.randn(rows, cols, device=device, dtype=torch.bfloat16)
    xr = x.float() * rstd[:, None]
    wdy = w.float() * dy.float()
    expected = (wdy - xr * (xr * wdy).mean(-1, keepdim=True)) * rstd[:, None]
    rmsnorm_backward[(rows,)](dy, x, w, rstd, dy, x.stride(0), cols, BLOCK=triton.next_power_of_2(cols))
    torch.testing.assert_close(dy.float(), expected, rtol=2e-2, atol=2e-2)

    # A residual add into a slice of a wider tensor, from another slice of it, with two alphas.
    hidden = torch.randn(rows, 4 * cols, device=device, dtype=torch.float32)
    for alpha in (0.5, 2.0):
        out, src = hidden[:, cols:2 * cols], hidden[:, 2 * cols:3 * cols]
        expected = out + alpha * src
        add_into_view[(rows, triton.cdiv(cols, 256))](out, src, cols, out.stride(0), src.stride(0), alpha, BLOCK=256)
        torch.testing.assert_close(out, expected)

    # Two overlapping views of one buffer, summed into an output of its own.
    n = rows * cols
    buffer = torch.randn(n + n // 2, device=device, dtype=torch.float16)
    a, b = buffer[:n], buffer[n // 2:]
    window = torch.empty(n, device=device, dtype=torch.float16)
    window_sum[(triton.cdiv(n, 1024),)](a, b, window, n, BLOCK=1024)
    torch.testing.assert_close(window, a + b)

    # A device-side TMA descriptor, scaling in place.
    matrix = torch.randn(rows, cols, device=device, dtype=torch.bfloat16)
    expected = (matrix.float() * 1.5).to(torch.bfloat16)
    scale_tiles_device_tma[(rows // 64, cols // 64)](matrix, rows, cols, 1.5, BM=64, BN=64)
    torch.testing.assert_close(matrix, expected)

    # A grid as a callable of the meta-parameters, on a side stream and on the default stream.
    x = torch.randn(n, device=device, dtype=torch.float32)
    y = torch.randn(n, device=device, dtype=torch.float32)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)  # noqa: E731
    with torch.cuda.stream(side):
        on_side = torch.empty_like(x)
        axpby[grid](x, y, on_side, n, 2.0, -1.0, BLOCK=2048)
    torch.cuda.current_stream().wait_stream(side)
    on_default = torch.empty_like(x)
    axpby[grid](x, y, on_default, n, 0.5, 0.25, BLOCK=2048)
    torch.testing.assert_close(on_side, 2.0 * x - y)
    torch.testing.assert_close(on_default, 0.5 * x + 0.25 * y)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=4096)
    parser.add_argument("--cols", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    triton.set_allocator(scratch)
    started = time.perf_counter()
    for _ in range(args.repeat):
        for rows in (args.rows // 4, args.rows):
            run(rows, args.cols)
    torch.cuda.synchronize()
    print(f"inplace_workload: every kernel matched torch; wall {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
