#include "launch/device_target.h"
#include "sha256_piece_source.h"

namespace abt {

// verify/compare_outputs.cpp's rule, element for element, in double precision with the same
// roundings (no contraction into fused multiply-adds): the counts and extremes it gives equal the
// host's, bit for bit (test_gpu checks). Each warp folds its elements, then one atomic per value:
// result[0] max |got - want| and result[1] max relative error, as the bits of non-negative doubles
// (which order like the values), result[2] mismatches, result[3] the first mismatching index,
// result[4] the largest finite |want| (bits, as result[0]).
//
// abt_digest_pieces: the SHA-256 of each 64 KiB piece of a buffer (util/piece_digest.h), a thread
// a piece, with sha256_piece.inc's code (the unit tests hold it to OpenSSL's).
const std::string& device_check_source() {
  static const std::string source = "#define ABT_HOST_DEVICE __device__\n" + std::string(kSha256PieceSource) + R"CUDA(
typedef unsigned long long u64;

__device__ double element(const void* data, u64 i, int dtype, u64* bits) {
  switch (dtype) {
    case 0: { unsigned v = ((const unsigned*)data)[i]; *bits = v; return (double)__uint_as_float(v); }
    case 1: { u64 v = ((const u64*)data)[i]; *bits = v; return __longlong_as_double((long long)v); }
    case 2: {
      unsigned short v = ((const unsigned short*)data)[i];
      float f;
      asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(v));
      *bits = v;
      return (double)f;
    }
    case 3: { unsigned short v = ((const unsigned short*)data)[i]; *bits = v; return (double)__uint_as_float((unsigned)v << 16); }
    case 4: { int v = ((const int*)data)[i]; *bits = (unsigned)v; return (double)v; }
    case 5: { long long v = ((const long long*)data)[i]; *bits = (u64)v; return __ll2double_rn(v); }
    case 6: { signed char v = ((const signed char*)data)[i]; *bits = (unsigned char)v; return (double)v; }
    case 7: { unsigned char v = ((const unsigned char*)data)[i]; *bits = v; return (double)v; }
    default: { short v = ((const short*)data)[i]; *bits = (unsigned short)v; return (double)v; }
  }
}

extern "C" __global__ void abt_digest_pieces(const unsigned char* data, u64 bytes, u64 piece_bytes, unsigned char* digests) {
  const u64 piece = blockIdx.x * (u64)blockDim.x + threadIdx.x;
  const u64 start = piece * piece_bytes;
  if (start >= bytes) return;
  const u64 size = bytes - start < piece_bytes ? bytes - start : piece_bytes;
  abt_sha256_piece(data + start, size, digests + 32 * piece);
}

extern "C" __global__ void abt_check_outputs(const void* got, const void* want, u64 count, int dtype, int exact,
                                             double atol, double rtol, u64* result) {
  double max_abs = 0, max_rel = 0, want_max_abs = 0;
  u64 mismatches = 0, first = ~0ull;
  for (u64 i = blockIdx.x * (u64)blockDim.x + threadIdx.x; i < count; i += (u64)gridDim.x * blockDim.x) {
    u64 got_bits = 0, want_bits = 0;
    const double x = element(got, i, dtype, &got_bits), y = element(want, i, dtype, &want_bits);
    bool ok;
    double abs_error;
    if (isnan(x) || isnan(y)) {
      ok = isnan(x) && isnan(y);
      abs_error = ok ? 0 : __longlong_as_double(0x7ff0000000000000ll);
    } else if (isinf(x) || isinf(y)) {
      ok = x == y;
      abs_error = ok ? 0 : __longlong_as_double(0x7ff0000000000000ll);
    } else {
      want_max_abs = fmax(want_max_abs, fabs(y));
      abs_error = fabs(__dsub_rn(x, y));
      ok = exact ? got_bits == want_bits : abs_error <= __dadd_rn(atol, __dmul_rn(rtol, fabs(y)));
    }
    max_abs = fmax(max_abs, abs_error);
    if (!isfinite(abs_error)) max_rel = abs_error;
    else if (y != 0) max_rel = fmax(max_rel, __ddiv_rn(abs_error, fabs(y)));
    if (!ok) {
      ++mismatches;
      if (i < first) first = i;
    }
  }
  for (int offset = 16; offset > 0; offset /= 2) {
    max_abs = fmax(max_abs, __shfl_down_sync(0xffffffffu, max_abs, offset));
    max_rel = fmax(max_rel, __shfl_down_sync(0xffffffffu, max_rel, offset));
    want_max_abs = fmax(want_max_abs, __shfl_down_sync(0xffffffffu, want_max_abs, offset));
    mismatches += __shfl_down_sync(0xffffffffu, mismatches, offset);
    const u64 other = __shfl_down_sync(0xffffffffu, first, offset);
    if (other < first) first = other;
  }
  if ((threadIdx.x & 31) != 0) return;
  atomicMax(&result[0], (u64)__double_as_longlong(max_abs));
  atomicMax(&result[1], (u64)__double_as_longlong(max_rel));
  atomicMax(&result[4], (u64)__double_as_longlong(want_max_abs));
  if (mismatches) {
    atomicAdd(&result[2], mismatches);
    atomicMin(&result[3], first);
  }
}
)CUDA";
  return source;
}

}  // namespace abt
