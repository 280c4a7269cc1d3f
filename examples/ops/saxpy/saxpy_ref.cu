extern "C" __global__ void saxpy_ref(long long n, float a, const float* x, const float* y, float* out) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * x[i] + y[i];
}
