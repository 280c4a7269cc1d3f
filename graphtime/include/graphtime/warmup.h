// Every warm-up decision of a run, in one place (SPEC section 7, step 2).
#pragma once

namespace abt {

struct TimingSettings;

inline constexpr int kMinWarmupCalls = 5;
inline constexpr int kMaxWarmupCalls = 200;
inline constexpr double kSweepWarmupMs = 20;  // a sweep candidate ranks; it is not reported

// The warm-up phase of a measurement: the budget as a call count of the steady single-call time
// measured after the discarded call, clamped to [kMinWarmupCalls, kMaxWarmupCalls].
int warmup_call_count(double single_call_us, double warmup_ms);

// What each kind of measurement warms up for: a sweep candidate briefly; a point's first round
// the full --warmup-ms; its later rounds (after other points ran) the minimum count again.
enum class WarmupStage { sweep_candidate, first_round, later_round };
double warmup_budget_ms(WarmupStage stage, const TimingSettings& settings);

// Host ops, before an op's timing rounds: keep this thread's core busy for the full --warmup-ms.
// The per-point warm-up is at most 200 calls (about a millisecond for a small kernel), too short
// for a core that was idle to reach its steady clock; without this the first op timed after a
// quiet spell (replay compiles little) runs slower than the same op after a sweep (record).
void warm_up_host_core(const TimingSettings& settings);

}  // namespace abt
