#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

extern "C" __global__ void rmsnorm_ref(long long m, long long n, float eps, const T* x, const T* w, T* y) {
  long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (r >= m) return;
  double squares = 0.0;
  for (long long i = 0; i < n; ++i) {
    double v = to_float(x[r * n + i]);
    squares += v * v;
  }
  const float scale = float(1.0 / sqrt(squares / double(n) + double(eps)));
  for (long long i = 0; i < n; ++i) y[r * n + i] = from_float<T>(to_float(x[r * n + i]) * scale * to_float(w[i]));
}
