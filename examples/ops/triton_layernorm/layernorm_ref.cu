// One thread per row, double accumulation, two passes: slow, simple, trusted.
#include "../common/abt_convert.h"
typedef ABT_DTYPE T;

extern "C" __global__ void layernorm_ref(const T* x, T* y, const T* w, const T* b, float* mean, float* rstd,
                                         long long n, float eps, long long m) {
  long long r = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (r >= m) return;
  const T* row = x + r * n;
  double sum = 0.0;
  for (long long i = 0; i < n; ++i) sum += to_float(row[i]);
  const double row_mean = sum / double(n);
  double squares = 0.0;
  for (long long i = 0; i < n; ++i) {
    const double centered = to_float(row[i]) - row_mean;
    squares += centered * centered;
  }
  const double row_rstd = 1.0 / sqrt(squares / double(n) + double(eps));
  mean[r] = float(row_mean);
  rstd[r] = float(row_rstd);
  for (long long i = 0; i < n; ++i)
    y[r * n + i] = from_float<T>(float((to_float(row[i]) - row_mean) * row_rstd * to_float(w[i]) + to_float(b[i])));
}
