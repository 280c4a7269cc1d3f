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

// The warm-up is steady, and ends before that count, once two successive batches of calls agree on
// the per-call time within kSteadyWarmupTolerance; a batch lasts about kSteadyBatchMs (at least
// kMinWarmupCalls calls), so a kernel of a few microseconds makes its whole count in one batch and
// a long one ends after a few. On the H200 the 200 calls of a 0.3-1 ms kernel were most of a
// replay's warm-up, a third of its time (bench/RESULTS.md).
inline constexpr double kSteadyBatchMs = 2;
inline constexpr double kSteadyWarmupTolerance = 0.01;
int warmup_batch_calls(double single_call_us);
bool warmup_steady(double earlier_batch_us, double latest_batch_us);

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
