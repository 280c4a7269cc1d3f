# LayerNorm forward, one program per row, in the style of the Triton tutorials' fused layer norm:
# a pass for the mean, a pass for the variance, a pass that normalizes and applies w and b. The
# row's mean and 1/std are written too (the backward pass needs them).
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(x, y, w, b, mean, rstd, n, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x + row * n
    y_row = y + row * n
    columns = tl.arange(0, BLOCK_SIZE)
    total = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n, BLOCK_SIZE):
        values = tl.load(x_row + start + columns, mask=start + columns < n, other=0.0).to(tl.float32)
        total += values
    row_mean = tl.sum(total, axis=0) / n
    squares = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n, BLOCK_SIZE):
        mask = start + columns < n
        values = tl.load(x_row + start + columns, mask=mask, other=0.0).to(tl.float32)
        centered = tl.where(mask, values - row_mean, 0.0)
        squares += centered * centered
    row_rstd = 1 / tl.sqrt(tl.sum(squares, axis=0) / n + eps)
    tl.store(mean + row, row_mean)
    tl.store(rstd + row, row_rstd)
    for start in range(0, n, BLOCK_SIZE):
        mask = start + columns < n
        values = tl.load(x_row + start + columns, mask=mask, other=0.0).to(tl.float32)
        scale = tl.load(w + start + columns, mask=mask).to(tl.float32)
        shift = tl.load(b + start + columns, mask=mask).to(tl.float32)
        tl.store(y_row + start + columns, ((values - row_mean) * row_rstd * scale + shift).to(y.dtype.element_ty), mask=mask)
