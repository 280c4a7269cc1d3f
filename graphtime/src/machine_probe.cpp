#include "graphtime/machine_probe.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

#include "stats/summary.h"

namespace abt {
namespace {

// Vector floating point on data that stays in L1: what compute-bound kernels share with it.
double probe_once(std::array<float, 2048>& y, const std::array<float, 2048>& x) {
  auto start = std::chrono::steady_clock::now();
  for (int pass = 0; pass < 100; ++pass)
    for (size_t i = 0; i < y.size(); ++i) y[i] = y[i] * 0.999f + x[i];
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

double machine_probe_us() {
  static std::array<float, 2048> x, y;
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = float(i % 7) * 0.25f;
    y[i] = 1.0f;
  }
  std::vector<double> times(7);
  for (double& time : times) time = probe_once(y, x);
  return median_of(std::move(times));
}

}  // namespace abt
