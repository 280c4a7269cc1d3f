// How long to warm up: the --warmup-ms budget as a number of calls (SPEC section 7, step 2).
#pragma once

namespace abt {

inline constexpr int kMinWarmupCalls = 5;
inline constexpr int kMaxWarmupCalls = 200;

// `single_call_us` is the steady time of one call measured after the discarded first call.
int warmup_call_count(double single_call_us, double warmup_ms);

}  // namespace abt
