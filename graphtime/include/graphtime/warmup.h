// How long to warm up: the --warmup-ms budget as a number of calls (SPEC section 7, step 2).
#pragma once

namespace abt {

inline constexpr int kMinWarmupCalls = 5;
inline constexpr int kMaxWarmupCalls = 200;

// `single_call_us` is the steady time of one call measured after the discarded first call.
int warmup_call_count(double single_call_us, double warmup_ms);

// Host timing only: keeps this thread's core busy for `ms` before an op's timing rounds. The
// per-point warm-up is at most 200 calls (about a millisecond for a small kernel), too short for
// a core that was idle to reach its steady clock; without this the first op timed after a quiet
// spell (replay compiles little) runs slower than the same op after a sweep (record).
void warm_up_host_core(double ms);

}  // namespace abt
