// Whether a point gets timing rounds beyond the regular `--rounds` (a replay's: more
// interleaved rounds while A and B cannot be told apart yet, replay/extra_rounds.h). The policy
// sees the point's sides as timed so far, round by round.
#pragma once
#include <vector>

#include "engine/side.h"

namespace abt {

class RoundPolicy {
 public:
  virtual ~RoundPolicy() = default;
  // Before each round past the regular ones: whether the point needs it; `spent_ms` is what
  // its extra rounds have taken so far.
  virtual bool wants_another(const std::vector<Side>& sides, double spent_ms) const = 0;
  // The most rounds a point may get, the regular ones included.
  virtual int max_rounds(int regular) const = 0;
};

}  // namespace abt
