// The chain of work_knob without the planted steps.
extern "C" __global__ void work_knob_ref(long long n, int steps, float one, float zero, const float* x, float* out) {
  const long long i = blockIdx.x * 256LL + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  for (int s = 0; s < steps; ++s) v = fmaf(v, 0.999f, 0.001f);
  out[i] = v;
}
