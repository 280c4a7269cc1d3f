// A side's samples in order of value, sorted once for both ways of resampling them (the computed
// median reads the rounds sorted and every value's counts; the simulated one ranks each sample).
#pragma once
#include <cstdint>
#include <vector>

namespace abt {

struct RoundValue {
  double value;
  uint32_t round;  // in the rounds' order
  uint32_t index;  // the sample's place in its round, as measured
};

struct RoundOrder {
  std::vector<std::vector<double>> sorted_rounds;  // each round's values, ascending
  std::vector<RoundValue> ascending;  // every sample (equal values in an order of no meaning)
};

// `rounds`: resample_rounds().
RoundOrder order_rounds(const std::vector<std::vector<double>>& rounds);

}  // namespace abt
