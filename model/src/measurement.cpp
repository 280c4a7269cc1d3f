#include "model/measurement.h"

#include <algorithm>

namespace abt {

void append_round(Measurement& total, const Measurement& round) {
  if (total.method == TimingMethod::none) {
    total.method = round.method;
    total.warmup_calls = round.warmup_calls;
  } else if (total.method != round.method) {
    total.method = TimingMethod::mixed;
  }
  total.launches += round.launches;
  total.samples_us.insert(total.samples_us.end(), round.samples_us.begin(), round.samples_us.end());
  total.round_sizes.push_back(int(round.samples_us.size()));
  total.round_clock_mhz.insert(total.round_clock_mhz.end(), round.round_clock_mhz.begin(), round.round_clock_mhz.end());
  for (const auto& marker : round.markers)
    if (std::find(total.markers.begin(), total.markers.end(), marker) == total.markers.end())
      total.markers.push_back(marker);
}

}  // namespace abt
