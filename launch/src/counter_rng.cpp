#include "launch/counter_rng.h"

#include <cmath>

namespace abt {

uint64_t counter_hash(uint64_t seed, uint64_t stream, uint64_t index) {
  // Two rounds of the splitmix64 finaliser over a combined counter: cheap, stateless, and
  // well mixed enough that neighbouring elements are uncorrelated.
  uint64_t x = index + 0x9E3779B97F4A7C15ull * (seed + 1) + (stream << 48) + (stream * 0xD1B54A32D192ED03ull);
  for (int round = 0; round < 2; ++round) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 31;
  }
  return x;
}

double counter_uniform(uint64_t seed, uint64_t stream, uint64_t index) {
  return double(counter_hash(seed, stream, index) >> 11) * 0x1.0p-53;
}

double counter_normal(uint64_t seed, uint64_t stream, uint64_t index) {
  double u1 = counter_uniform(seed, stream, 2 * index);
  double u2 = counter_uniform(seed, stream, 2 * index + 1);
  return std::sqrt(-2.0 * std::log1p(-u1)) * std::cos(2.0 * M_PI * u2);
}

}  // namespace abt
