// The measurement skeleton: its four phases in order, the warm-up count, the stop rule and the
// fallback to a second method, with scripted sources (no clock needed).
#include <gtest/gtest.h>

#include "graphtime/sampling.h"
#include "graphtime/stop_rule.h"
#include "graphtime/warmup.h"
#include "util/errors.h"
#include "stats/summary.h"

namespace abt {

// Takes samples of a fixed size and writes down every call the skeleton makes.
class ScriptedSource : public SampleSource {
 public:
  ScriptedSource(TimingMethod method, double single_us, std::string& trace, std::optional<Phase> unavailable_at = {})
      : method_(method), single_us_(single_us), trace_(trace), unavailable_at_(unavailable_at) {}
  TimingMethod method() const override { return method_; }
  void enter(Phase phase) override {
    trace_ += "[" + std::to_string(int(phase)) + "]";
    if (phase == unavailable_at_) throw SourceUnavailable{no_cudagraph_marker(GraphPhase::capture, "scripted")};
  }
  void call() override { trace_ += "c"; }
  void settle() override { trace_ += "s"; }
  double timed_call_us() override {
    trace_ += "t";
    return single_us_;
  }
  long long begin_sampling(double single_us, const TimingSettings&) override {
    trace_ += "b";
    return 3;
  }
  SampleBatch take_samples(size_t most) override {
    trace_ += "x";
    return {std::vector<double>(std::min<size_t>(most, 2), single_us_), 2};
  }

 private:
  TimingMethod method_;
  double single_us_;
  std::string& trace_;
  std::optional<Phase> unavailable_at_;
};

TimingSettings count_bound(int samples) {
  TimingSettings settings;
  settings.warmup_ms = 1;       // 1 ms of 200 us calls: 5 calls
  settings.rep_ms = 1e9;        // never reached: the sample count stops it
  settings.min_samples = samples;
  settings.max_samples = samples;
  return settings;
}

TEST(Sampling, ThePhasesRunInOrderWithTheWarmupCountFromTheSingleCall) {
  std::string trace;
  ScriptedSource source(TimingMethod::host, 200, trace);
  Measurement result = measure_in_phases(source, nullptr, count_bound(6));
  // discard (call + settle), single call, 5 warm-up calls and a settle, then 3 batches of 2.
  EXPECT_EQ(trace, "[0]cs[1]t[2]cccccs[3]bxxx");
  EXPECT_EQ(result.method, TimingMethod::host);
  EXPECT_EQ(result.warmup_calls, 5);
  EXPECT_EQ(result.samples_us.size(), 6u);
  EXPECT_EQ(result.launches, 1 + 1 + 5 + 3 + 3 * 2);
  EXPECT_TRUE(result.markers.empty());
}

TEST(Sampling, AnUnavailableMethodFallsBackFromThatPhaseAndKeepsTheMarker) {
  std::string graph_trace, direct_trace;
  ScriptedSource graph(TimingMethod::graph, 200, graph_trace, Phase::sample);
  ScriptedSource direct(TimingMethod::direct, 200, direct_trace);
  Measurement result = measure_in_phases(graph, &direct, count_bound(4));
  EXPECT_EQ(graph_trace, "[0]cs[1]t[2]cccccs[3]");
  EXPECT_EQ(direct_trace, "[3]bxx") << "the fallback samples; the warm-up already ran";
  EXPECT_EQ(result.method, TimingMethod::direct);
  ASSERT_EQ(result.markers.size(), 1u);
  EXPECT_EQ(result.markers[0].kind, MarkerKind::benchmark_direct_no_cudagraph);

  std::string lone_trace;
  ScriptedSource lone(TimingMethod::graph, 200, lone_trace, Phase::warm_up);
  EXPECT_THROW(measure_in_phases(lone, nullptr, count_bound(4)), PointError) << "no fallback: the point fails";
}

// A long kernel whose warm-up batches take the scripted per-call times, one after another.
class WarmingSource : public ScriptedSource {
 public:
  WarmingSource(double single_us, std::vector<double> batch_us, std::string& trace)
      : ScriptedSource(TimingMethod::direct, single_us, trace), batch_us_(std::move(batch_us)) {}
  double warm_up_calls_us(int n) override {
    batches.push_back(n);
    const double us = batch_us_[std::min(next_++, batch_us_.size() - 1)];
    return us;
  }
  std::vector<int> batches;

 private:
  std::vector<double> batch_us_;
  size_t next_ = 0;
};

TimingSettings full_warmup() {
  TimingSettings settings = count_bound(6);
  settings.warmup_ms = 1000;  // a 500 us kernel: 200 calls at most, in batches of 5 (2 ms)
  return settings;
}

TEST(Sampling, TheWarmupEndsOnceTwoBatchesAgreeOnTheCallTime) {
  std::string trace;
  WarmingSource ramping(500, {560, 520, 503, 501, 500}, trace);
  Measurement result = measure_in_phases(ramping, nullptr, full_warmup());
  EXPECT_EQ(ramping.batches, (std::vector<int>{5, 5, 5, 5})) << "503 -> 501 is the first pair within 1%";
  EXPECT_EQ(result.warmup_calls, 20);
  EXPECT_EQ(result.launches, 1 + 1 + 20 + 3 + 3 * 2);
}

TEST(Sampling, AWarmupThatNeverSettlesMakesItsWholeCount) {
  std::string trace;
  std::vector<double> sawtooth;
  for (int i = 0; i < 60; ++i) sawtooth.push_back(i % 2 ? 520 : 500);
  WarmingSource saw(500, sawtooth, trace);
  Measurement result = measure_in_phases(saw, nullptr, full_warmup());
  EXPECT_EQ(result.warmup_calls, 200);
  EXPECT_EQ(saw.batches.size(), 40u);
  EXPECT_EQ(warmup_batch_calls(500), 5);
}

TEST(Sampling, ASmallKernelMakesItsWholeWarmupInOneBatch) {
  EXPECT_EQ(warmup_batch_calls(1), 200) << "2 ms of 1 us calls is more than the count";
  EXPECT_EQ(warmup_batch_calls(100), 20);
  EXPECT_EQ(warmup_batch_calls(0), 200);
  std::string trace;
  WarmingSource tiny(1, {1.2, 1.0}, trace);
  Measurement result = measure_in_phases(tiny, nullptr, full_warmup());
  EXPECT_EQ(tiny.batches, (std::vector<int>{200}));
  EXPECT_EQ(result.warmup_calls, 200);
  EXPECT_FALSE(warmup_steady(0, 1.0)) << "a first batch is compared with nothing";
  EXPECT_TRUE(warmup_steady(100, 100.9));
  EXPECT_FALSE(warmup_steady(100, 101.1));
}

TEST(StopRule, FixedBudgetNeedsTheMinimumThenTheBudgetAndNeverExceedsTheMaximum) {
  FixedBudget rule(10.0, 3, 5);
  std::vector<double> two(2, 1.0), three(3, 1.0), five(5, 1.0);
  EXPECT_FALSE(rule.done({two, 100.0})) << "budget spent, but too few samples";
  EXPECT_FALSE(rule.done({three, 5.0}));
  EXPECT_TRUE(rule.done({three, 10.0}));
  EXPECT_TRUE(rule.done({five, 0.0}));
  EXPECT_EQ(rule.room({three, 0.0}), 2u);
}

}  // namespace abt

namespace abt {

TEST(StopRule, NoiseTargetStopsOnceTheMeanIsKnownButNotBeforeItsMinimumTime) {
  NoiseTarget rule(0.5, 5.0, 20.0, 10, 1000);
  std::vector<double> steady(50, 10.0);
  steady[0] = 10.01;
  std::vector<double> noisy;
  for (int i = 0; i < 50; ++i) noisy.push_back(i % 2 ? 5.0 : 15.0);
  EXPECT_FALSE(rule.done({steady, 1.0})) << "the minimum time first";
  EXPECT_TRUE(rule.done({steady, 5.0}));
  EXPECT_FALSE(rule.done({noisy, 5.0})) << "a noisy mean needs more samples";
  EXPECT_TRUE(rule.done({noisy, 20.0})) << "the budget still ends it";
  EXPECT_LT(relative_ci95_half_width(steady), 0.001);
  EXPECT_GT(relative_ci95_half_width(noisy), 0.1);
}

TEST(StopRule, AFewSamplesThatHappenToAgreeAreJudgedWithStudentsT) {
  // Two samples 0.3% apart: 1.96 standard errors would call the mean known to 0.3%; t(1) = 12.7
  // says 1.9%, and the round goes on.
  const std::vector<double> two{100.0, 100.3};
  EXPECT_GT(relative_ci95_half_width(two), 0.015);
  EXPECT_NEAR(student_t_975(1), 12.706, 1e-3);
  EXPECT_NEAR(student_t_975(30), 2.042, 1e-3);
  EXPECT_NEAR(student_t_975(60), 2.000, 2e-3);
  EXPECT_NEAR(student_t_975(1000), 1.962, 2e-3);
}

}  // namespace abt
