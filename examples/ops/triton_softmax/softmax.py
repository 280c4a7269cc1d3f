# Row-wise softmax, one program per row, in the style of the Triton tutorials' fused softmax but
# for rows of any length: a first pass over BLOCK_SIZE-wide tiles keeps a running max and a
# rescaled running sum (online softmax), a second pass writes exp(x - max) / sum.
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(m, n, x, y, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_row = x + row * n
    y_row = y + row * n
    columns = tl.arange(0, BLOCK_SIZE)
    running_max = tl.full([BLOCK_SIZE], float("-inf"), tl.float32)
    running_sum = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n, BLOCK_SIZE):
        mask = start + columns < n
        values = tl.load(x_row + start + columns, mask=mask, other=float("-inf")).to(tl.float32)
        new_max = tl.maximum(running_max, values)
        # Lanes that have seen only -inf keep a zero sum (exp(-inf - -inf) would be NaN).
        rescale = tl.where(new_max == float("-inf"), 0.0, tl.exp(running_max - new_max))
        running_sum = running_sum * rescale + tl.where(mask, tl.exp(values - new_max), 0.0)
        running_max = new_max
    row_max = tl.max(running_max, axis=0)
    lane_scale = tl.where(running_max == float("-inf"), 0.0, tl.exp(running_max - row_max))
    row_sum = tl.sum(running_sum * lane_scale, axis=0)
    for start in range(0, n, BLOCK_SIZE):
        mask = start + columns < n
        values = tl.load(x_row + start + columns, mask=mask, other=float("-inf")).to(tl.float32)
        tl.store(y_row + start + columns, (tl.exp(values - row_max) / row_sum).to(y.dtype.element_ty), mask=mask)
