// The per-round clock check with a scripted probe: a throttled round is run again, and kept with
// CLOCK_THROTTLED after the last attempt.
#include <gtest/gtest.h>

#include <deque>

#include "graphtime/clock_check.h"

namespace abt {

class ScriptedClock : public ClockProbe {
 public:
  explicit ScriptedClock(std::deque<double> readings) : readings_(std::move(readings)) {}
  double sm_clock_mhz() override {
    double mhz = readings_.front();
    if (readings_.size() > 1) readings_.pop_front();
    return mhz;
  }
  double max_clock_mhz() const override { return 1980; }

 private:
  std::deque<double> readings_;
};

Measurement one_round(int& runs) {
  ++runs;
  Measurement measured;
  measured.method = TimingMethod::graph;
  measured.samples_us = {double(runs)};
  return measured;
}

TEST(ClockCheck, ARoundAtFullClockIsKeptWithItsClock) {
  ScriptedClock clock({1980});
  int runs = 0;
  Measurement kept = measure_at_full_clock([&] { return one_round(runs); }, clock, {0.9, 3, std::chrono::milliseconds(0)});
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(kept.round_clock_mhz, std::vector<double>{1980});
  EXPECT_TRUE(kept.markers.empty());
}

TEST(ClockCheck, AThrottledRoundIsRunAgainUntilTheClockRecovers) {
  ScriptedClock clock({345, 1700, 1965});
  int runs = 0;
  Measurement kept = measure_at_full_clock([&] { return one_round(runs); }, clock, {0.9, 3, std::chrono::milliseconds(0)});
  EXPECT_EQ(runs, 3);
  EXPECT_EQ(kept.samples_us, std::vector<double>{3}) << "the throttled rounds' samples are discarded";
  EXPECT_EQ(kept.round_clock_mhz, std::vector<double>{1965});
  EXPECT_TRUE(kept.markers.empty());
}

TEST(ClockCheck, AfterTheLastAttemptTheRoundIsKeptWithTheMarker) {
  ScriptedClock clock({1500});
  int runs = 0;
  Measurement kept = measure_at_full_clock([&] { return one_round(runs); }, clock, {0.9, 3, std::chrono::milliseconds(0)});
  EXPECT_EQ(runs, 3);
  ASSERT_EQ(kept.markers.size(), 1u);
  EXPECT_EQ(kept.markers[0].text(), "CLOCK_THROTTLED sm_mhz=1500 max_mhz=1980 attempts=3");
  EXPECT_EQ(kept.round_clock_mhz, std::vector<double>{1500});
}

}  // namespace abt
