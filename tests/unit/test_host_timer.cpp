#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "graphtime/timer.h"
#include "stats/summary.h"

namespace abt {

TEST(HostTimer, DiscardsWarmsUpAndSamplesWithinBudget) {
  auto timer = make_host_timer();
  long long calls = 0;
  TimedCall call{[&] {
                   ++calls;
                   auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
                   while (std::chrono::steady_clock::now() < until) {}
                 },
                 {}, {}};
  TimingSettings settings;
  settings.warmup_ms = 2;   // 10 calls of 200 us
  settings.rep_ms = 20;
  Measurement result = timer->measure(call, settings);
  EXPECT_EQ(result.method, TimingMethod::host);
  EXPECT_GE(result.warmup_calls, 5);
  EXPECT_LE(result.warmup_calls, 11);
  EXPECT_GE(result.samples_us.size(), size_t(settings.min_samples));
  EXPECT_EQ(result.launches, calls);
  for (double sample : result.samples_us) EXPECT_GE(sample, 200.0);
}

TEST(HostTimer, ResetRunsBeforeEveryCallAndOutsideTheClock) {
  auto timer = make_host_timer();
  int resets = 0, calls = 0, calls_without_reset = 0;
  bool fresh = false;
  TimedCall call{[&] {
                   ++calls;
                   calls_without_reset += !fresh;
                   fresh = false;
                 },
                 [&] {
                   ++resets;
                   fresh = true;
                   std::this_thread::sleep_for(std::chrono::microseconds(500));  // must not be timed
                 },
                 {}};
  TimingSettings settings;
  settings.warmup_ms = 1;
  settings.rep_ms = 5;
  Measurement result = timer->measure(call, settings);
  EXPECT_EQ(calls_without_reset, 0);
  EXPECT_EQ(resets, calls);
  // Each reset sleeps 500 us; had it been timed, the median would be above that. (The median,
  // not every sample: a shared machine may preempt any single call.)
  EXPECT_LT(median_of(result.samples_us), 250.0);
}

}  // namespace abt
