// Counter-based random inputs: element i of argument a under seed s is a pure function of
// (s, a, i), so every side, compiler and device gets byte-identical inputs.
#pragma once
#include <cstdint>

namespace abt {

uint64_t counter_hash(uint64_t seed, uint64_t stream, uint64_t index);
double counter_uniform(uint64_t seed, uint64_t stream, uint64_t index);  // [0, 1)
double counter_normal(uint64_t seed, uint64_t stream, uint64_t index);   // mean 0, sd 1

}  // namespace abt
