#include "launch/counter_rng.h"

#include <cmath>

#define ABT_HOST_DEVICE
#include "counter_hash.inc"

namespace abt {

uint64_t counter_hash(uint64_t seed, uint64_t stream, uint64_t index) { return abt_counter_hash(seed, stream, index); }

double counter_uniform(uint64_t seed, uint64_t stream, uint64_t index) {
  return double(counter_hash(seed, stream, index) >> 11) * 0x1.0p-53;
}

double counter_normal(uint64_t seed, uint64_t stream, uint64_t index) {
  double u1 = counter_uniform(seed, stream, 2 * index);
  double u2 = counter_uniform(seed, stream, 2 * index + 1);
  return std::sqrt(-2.0 * std::log1p(-u1)) * std::cos(2.0 * M_PI * u2);
}

}  // namespace abt
