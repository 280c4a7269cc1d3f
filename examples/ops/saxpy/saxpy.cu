// out = a * x + y, ITEMS consecutive elements per thread (ITEMS = 4: one 16-byte load per array).
typedef ABT_DTYPE T;

extern "C" __global__ void __launch_bounds__(BLOCK) saxpy(long long n, float a, const T* __restrict__ x,
                                                          const T* __restrict__ y, T* __restrict__ out) {
  const long long first = (blockIdx.x * (long long)BLOCK + threadIdx.x) * ITEMS;
  if (ITEMS == 4 && first + 4 <= n) {
    float4 xv = *reinterpret_cast<const float4*>(x + first);
    float4 yv = *reinterpret_cast<const float4*>(y + first);
    *reinterpret_cast<float4*>(out + first) = make_float4(a * xv.x + yv.x, a * xv.y + yv.y, a * xv.z + yv.z, a * xv.w + yv.w);
    return;
  }
  for (long long i = first; i < first + ITEMS && i < n; ++i) out[i] = a * x[i] + y[i];
}
