#include "model/instruction_count.h"

#include <algorithm>

namespace abt {

double InstructionCount::spread() const {
  if (calls.empty()) return 0;
  const auto [low, high] = std::minmax_element(calls.begin(), calls.end());
  return *low == 0 ? (*high == 0 ? 0.0 : 1.0) : double(*high - *low) / double(*low);
}

}  // namespace abt
