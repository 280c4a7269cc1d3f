#include <cstdint>

void saxpy_ref(int64_t n, ABT_DTYPE a, const ABT_DTYPE* x, ABT_DTYPE* y) {
  for (int64_t i = 0; i < n; ++i) y[i] = static_cast<ABT_DTYPE>(double(a) * double(x[i]) + double(y[i]));
}
