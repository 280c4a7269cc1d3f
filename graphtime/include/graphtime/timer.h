// Timing one variant at one point (SPEC section 7). A Timer owns the measurement method; the
// caller supplies what one call is and how to restore in-place inputs between calls.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/measurement.h"
#include "model/vocabulary.h"

namespace abt {

struct TimingSettings {
  TimerKind timer = TimerKind::graph;  // CUDA ops; host ops are always wall-clock timed
  double warmup_ms = 1000;             // steady warm-up budget, turned into a call count (warmup.h)
  double rep_ms = 500;                 // measurement budget per point, split over `rounds`
  int rounds = 10;                     // interleaved measurement rounds (engine/point_engine.h)
  int min_samples = 10;
  int max_samples = 2000;
  // Stop a round early once its mean is known to this relative 95% half-width (stop_rule.h);
  // 0: spend the whole budget. A round always spends kMinBudgetFraction of its budget.
  double noise_target_pct = 0.5;
};
// 0.1: a steady kernel's round ends once the noise target is met and a tenth of its share is spent
// (at 0.25 every point of a 144-point suite took 0.15-0.2 s of timing per run, whatever its noise).
inline constexpr double kMinBudgetFraction = 0.1;
// Every round of a point (each side's half of an interleaved round) takes at least this many
// samples, past its budget if it must: a 4 ms GEMM gets 6 samples in a 25 ms half-round, and a
// round's median from 2 samples moved its A/A ratio by over 1% (bench/RESULTS.md).
inline constexpr int kMinSamplesPerRound = 6;

struct TimedCall {
  std::function<void()> launch;  // one call of the op (may be several kernels on a GPU)
  std::function<void()> reset;   // restores in-place inputs; empty when the op has none
  std::vector<std::string> kernel_symbols;  // the op's kernels: what CUPTI counts
};

class Timer {
 public:
  virtual ~Timer() = default;
  virtual Measurement measure(const TimedCall& call, const TimingSettings& settings) = 0;
};

// Wall-clock timing for host ops, whatever --timer says.
std::unique_ptr<Timer> make_host_timer();

// Short budgets for sweep candidates: enough to rank variants, not to report them.
TimingSettings sweep_settings(const TimingSettings& full);

// The sweep's first stage (successive halving, recorder/sweep.h): every verified candidate gets
// a few milliseconds, enough to tell the best quarter from the rest; only those get
// sweep_settings' budget.
inline constexpr double kScreenWarmupMs = 2, kScreenRepMs = 4;
TimingSettings screen_settings(const TimingSettings& full);

// One round of a point's measurement: a share of the budget; the warm-up of the round comes
// from warmup.h (the first round warms up fully, later ones after other points ran briefly).
TimingSettings round_settings(const TimingSettings& full, int round);

// One side of an interleaved round (A's stored binary, or B's): half of the round's budget and
// of its sample cap; the per-round sample minimum stays whole.
TimingSettings interleaved_side_settings(const TimingSettings& round);

}  // namespace abt
