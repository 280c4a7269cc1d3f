"""The kernels of inplace_workload.py, in a module of their own: abtool imports them again to compile them."""
import triton
import triton.language as tl


@triton.jit
def rmsnorm_backward(dY_ptr, X_ptr, W_ptr, RSTD_ptr, dX_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    dy = tl.load(dY_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    x = tl.load(X_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W_ptr + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.load(RSTD_ptr + row)
    x_hat = x * rstd
    wdy = w * dy
    c = tl.sum(x_hat * wdy, axis=0) / n_cols
    dx = (wdy - x_hat * c) * rstd
    tl.store(dX_ptr + row * stride + cols, dx.to(dX_ptr.dtype.element_ty), mask=mask)


@triton.jit
def add_into_view(out_ptr, x_ptr, n_cols, out_stride, x_stride, alpha, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    out = tl.load(out_ptr + row * out_stride + cols, mask=mask)
    x = tl.load(x_ptr + row * x_stride + cols, mask=mask)
    tl.store(out_ptr + row * out_stride + cols, out + alpha * x, mask=mask)


@triton.jit
def window_sum(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(a_ptr + offsets, mask=mask) + tl.load(b_ptr + offsets, mask=mask), mask=mask)


@triton.jit
def scale_tiles_device_tma(x_ptr, M, N, factor, BM: tl.constexpr, BN: tl.constexpr):
    desc = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m, n = tl.program_id(0) * BM, tl.program_id(1) * BN
    tile = desc.load([m, n])
    desc.store([m, n], (tile.to(tl.float32) * factor).to(tile.dtype))


@triton.jit
def axpby(x_ptr, y_ptr, out_ptr, n, a, b, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, a * x + b * y, mask=mask)
