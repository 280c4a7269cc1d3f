#include "engine/sweep_budget.h"

#include <algorithm>

namespace abt {

size_t sweep_finalists(size_t verified, bool full) {
  if (full || verified <= kScreenBelow) return verified;  // a small space is timed whole
  return std::max(kMinFinalists, (verified + 3) / 4);
}

}  // namespace abt
