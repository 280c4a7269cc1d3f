#include <algorithm>

#include "graphtime/timer.h"
#include "graphtime/warmup.h"

namespace abt {

TimingSettings sweep_settings(const TimingSettings& full) {
  TimingSettings quick = full;
  quick.warmup_ms = warmup_budget_ms(WarmupStage::sweep_candidate, full);
  quick.rep_ms = std::min(full.rep_ms, 25.0);
  quick.min_samples = 5;
  quick.max_samples = 500;
  quick.rounds = 1;
  quick.noise_target_pct = 0;  // a candidate's short budget is spent whole: it is ranked by it
  return quick;
}

TimingSettings screen_settings(const TimingSettings& full) {
  TimingSettings brief = sweep_settings(full);
  brief.warmup_ms = std::min(brief.warmup_ms, kScreenWarmupMs);
  brief.rep_ms = std::min(brief.rep_ms, kScreenRepMs);
  brief.min_samples = 3;
  brief.max_samples = 100;
  return brief;
}

TimingSettings round_settings(const TimingSettings& full, int round) {
  TimingSettings settings = full;
  int rounds = std::max(1, full.rounds);
  settings.rep_ms = full.rep_ms / rounds;
  settings.min_samples = std::max(kMinSamplesPerRound, full.min_samples / rounds + 1);
  settings.max_samples = std::max(settings.min_samples, full.max_samples / rounds);
  settings.warmup_ms = warmup_budget_ms(round == 0 ? WarmupStage::first_round : WarmupStage::later_round, full);
  return settings;
}

TimingSettings interleaved_side_settings(const TimingSettings& round) {
  TimingSettings side = round;
  side.rep_ms = round.rep_ms / 2;
  side.max_samples = std::max(side.min_samples, round.max_samples / 2);
  return side;
}

}  // namespace abt
