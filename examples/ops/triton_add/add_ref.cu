extern "C" __global__ void add_ref(const ABT_DTYPE* x, const ABT_DTYPE* y, ABT_DTYPE* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] + y[i];
}
