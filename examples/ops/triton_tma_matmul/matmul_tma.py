# C = A x B through host tensor descriptors, as Hopper GEMMs of kernel libraries are written
# (FlagGems' mm on sm_90, the Triton tutorials' TMA matmul): the launcher builds a CUtensorMap per
# operand, the kernel loads [BLOCK_M, BLOCK_K] and [BLOCK_K, BLOCK_N] tiles with TMA and stores
# its [BLOCK_M, BLOCK_N] fp32 tile the same way.
import triton
import triton.language as tl


@triton.jit
def matmul_tma_kernel(a_desc, b_desc, c_desc, M, N, K,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    pid_m = pid // num_pid_n
    pid_n = pid % num_pid_n
    accumulator = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
        accumulator = tl.dot(a, b, accumulator)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], accumulator)
