"""A split-K GEMM as libraries write one (bench/capture/patterns_workload.py): each of SPLIT_K programs
adds its partial product into C with an atomic, so C must be zero before every launch. Autotuned with
a config pre_hook that zeroes C (what the chosen config's launch relies on) and the tuner's
reset_to_zero (what its benchmarks rely on)."""
import torch
import triton
import triton.language as tl


def _zero_c(nargs):
    nargs["c_ptr"].zero_()


_CONFIGS = [
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "SPLIT_K": 4}, num_warps=4, num_stages=3, pre_hook=_zero_c),
    triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 32, "SPLIT_K": 8}, num_warps=8, num_stages=3, pre_hook=_zero_c),
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64, "SPLIT_K": 16}, num_warps=4, num_stages=4, pre_hook=_zero_c),
]


@triton.autotune(configs=_CONFIGS, key=["M", "N", "K"], reset_to_zero=["c_ptr"])
@triton.jit
def splitk_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, SPLIT_K: tl.constexpr):
    pid = tl.program_id(0)
    pid_k = tl.program_id(1)
    blocks_n = tl.cdiv(N, BLOCK_N)
    rm = (pid // blocks_n) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = (pid % blocks_n) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K * SPLIT_K)):
        a = tl.load(a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak,
                    mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn,
                    mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        rk += BLOCK_K * SPLIT_K
    tl.atomic_add(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
                  mask=(rm[:, None] < M) & (rn[None, :] < N), sem="relaxed")


def splitk_mm(a, b):
    """a @ b in fp32 for a tall K (a decoder's down projection at few tokens)."""
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)  # the pre_hook zeroes it
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]), meta["SPLIT_K"])
    splitk_matmul[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    return c
