"""A kernel in a module of its own, for tests/capture/test_shim.py."""
import enum

import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offsets, 2 * tl.load(x_ptr + offsets, mask=offsets < n), mask=offsets < n)


@triton.jit
def accumulate(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(y_ptr + offsets, mask=mask) + tl.load(x_ptr + offsets, mask=mask), mask=mask)


@triton.jit
def add_twice(x_ptr, y_ptr, n, BLOCK: tl.constexpr):  # in place when y is x, or a view over it
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(y_ptr + offsets, mask=mask) + 2 * tl.load(x_ptr + offsets, mask=mask), mask=mask)


# A tuned kernel and a heuristics kernel, as libraries write them (tests/capture/triton_workload.py).
@triton.autotune(configs=[triton.Config({"BLOCK": 256}, num_warps=4), triton.Config({"BLOCK": 1024}, num_warps=4),
                          triton.Config({"BLOCK": 2048}, num_warps=8)], key=["n"])
@triton.jit
def tuned_scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, 3 * tl.load(x_ptr + offsets, mask=mask), mask=mask)


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["n_cols"])})
@triton.jit
def row_sum(x_ptr, out_ptr, n_cols, stride, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    values = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(values, axis=0))


@triton.jit
def twice(x):
    return 2 * x


@triton.jit
def offset_twice(x):  # an op's scalar function, which a generated module copies (test_shim.py)
    return twice(x) + 1


@triton.jit
def cast_scale(x_ptr, y_ptr, n, OUT_DTYPE: tl.constexpr, BLOCK: tl.constexpr):  # a dtype constexpr, as backward kernels take
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, (2 * tl.load(x_ptr + offsets, mask=mask)).to(OUT_DTYPE).to(tl.float32), mask=mask)


class Mode(enum.Enum):  # an enum a kernel's constexpr takes (test_shim.py ConstexprValues)
    PLAIN = 0
    FAST = 1


def _zero_total(nargs):
    nargs["total_ptr"].zero_()


# A split-K style reduction, as libraries tune them: each program adds its part into the total
# with an atomic, so the total must be zero before every launch: a config pre_hook and the tuner's
# reset_to_zero do it (tests/capture/triton_workload.py).
@triton.autotune(configs=[triton.Config({"BLOCK": 1024}, num_warps=4, pre_hook=_zero_total),
                          triton.Config({"BLOCK": 4096}, num_warps=8, pre_hook=_zero_total)],
                 key=["n"], reset_to_zero=["total_ptr"])
@triton.jit
def split_sum(x_ptr, total_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(total_ptr, tl.sum(tl.load(x_ptr + offsets, mask=offsets < n, other=0), axis=0))


@triton.jit
def negate(x_ptr, n, BLOCK: tl.constexpr):  # launched only inside a CUDA graph (triton_workload.py)
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offsets, -tl.load(x_ptr + offsets, mask=offsets < n), mask=offsets < n)


@triton.jit
def fill_zero(out_ptr, n, BLOCK: tl.constexpr):  # writes what an integer tensor may already hold
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.zeros([BLOCK], dtype=tl.int32), mask=offsets < n)


@triton.jit
def gather(index_ptr, x_ptr, out_ptr, n, BLOCK: tl.constexpr):  # an integer tensor it reads: indices
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    rows = tl.load(index_ptr + offsets, mask=offsets < n, other=0)
    tl.store(out_ptr + offsets, tl.load(x_ptr + rows), mask=offsets < n)


@triton.jit
def strided_sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):  # a pointer carried through a loop
    pointers = x_ptr + tl.arange(0, BLOCK)
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for _ in range(0, n, BLOCK):
        total += tl.load(pointers)
        pointers += BLOCK
    tl.store(out_ptr + tl.arange(0, BLOCK), total)


@triton.jit
def increment(counts_ptr, n, BLOCK: tl.constexpr):  # an integer tensor read and written in place
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(counts_ptr + offsets, tl.load(counts_ptr + offsets, mask=offsets < n) + 1, mask=offsets < n)


@triton.jit
def tile_double(in_desc, out_desc, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):  # host tensor descriptors
    m = tl.program_id(0) * BLOCK_M
    n = tl.program_id(1) * BLOCK_N
    out_desc.store([m, n], 2 * in_desc.load([m, n]))


def _tma_tiles(nargs):  # as FlagGems' matmul_tma_set_block_size_hook: each config's tiles
    nargs["a_desc"].block_shape = [nargs["BLOCK_M"], nargs["BLOCK_K"]]
    nargs["b_desc"].block_shape = [nargs["BLOCK_K"], nargs["BLOCK_N"]]
    nargs["c_desc"].block_shape = [nargs["BLOCK_M"], nargs["BLOCK_N"]]


# A Hopper GEMM on host tensor descriptors, tuned as FlagGems' mm is (triton_workload.py).
# No two tile parameters agree in both configs, so each tile's names are found (capture_gpu.sh checks them).
@triton.autotune(configs=[triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4, pre_hook=_tma_tiles),
                          triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=8, pre_hook=_tma_tiles)],
                 key=["M", "N", "K"])
@triton.jit
def tma_matmul(a_desc, b_desc, c_desc, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_m = pid // tl.cdiv(N, BLOCK_N)
    pid_n = pid % tl.cdiv(N, BLOCK_N)
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        accumulator = tl.dot(a_desc.load([pid_m * BLOCK_M, k * BLOCK_K]), b_desc.load([k * BLOCK_K, pid_n * BLOCK_N]),
                             accumulator)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], accumulator.to(tl.bfloat16))
