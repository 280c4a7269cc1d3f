#include <algorithm>
#include <cmath>

#include "graphtime/timer.h"

namespace abt {

TimingSettings sweep_settings(const TimingSettings& full) {
  TimingSettings quick = full;
  quick.warmup_ms = std::min(full.warmup_ms, 20.0);
  quick.rep_ms = std::min(full.rep_ms, 25.0);
  quick.min_samples = 5;
  quick.max_samples = 500;
  quick.rounds = 1;
  return quick;
}

TimingSettings round_settings(const TimingSettings& full, int round) {
  TimingSettings settings = full;
  int rounds = std::max(1, full.rounds);
  settings.rep_ms = full.rep_ms / rounds;
  settings.min_samples = std::max(1, full.min_samples / rounds + 1);
  settings.max_samples = std::max(settings.min_samples, full.max_samples / rounds);
  if (round > 0) settings.warmup_ms = 0;  // clamps to the minimum warm-up count
  return settings;
}

void append_round(Measurement& total, const Measurement& round) {
  if (total.method.empty()) {
    total.method = round.method;
    total.warmup_calls = round.warmup_calls;
  } else if (total.method != round.method) {
    total.method = "mixed";
  }
  total.launches += round.launches;
  total.samples_us.insert(total.samples_us.end(), round.samples_us.begin(), round.samples_us.end());
  total.round_sizes.push_back(int(round.samples_us.size()));
  for (const auto& marker : round.markers)
    if (std::find(total.markers.begin(), total.markers.end(), marker) == total.markers.end())
      total.markers.push_back(marker);
}

}  // namespace abt
