// The history's judgements on series measured on an H200 (bench/history/gpu_nightly.sh, FlagGems'
// kernels, FMA contraction off for nights 4 to 6): the gate of a young series, and what `changes`
// says of a machine's step on identical code.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sstream>

#include "history/changes.h"
#include "printers/history_printers.h"

namespace abt {
namespace {

struct Night {
  double value, low, high;
  const char* code;  // the code measured: equal texts, identical code
};

HistorySeries history_of(const std::string& point, const std::vector<Night>& nights) {
  HistorySeries history;
  history.metric = {"time_vs_control", "x", Better::lower};
  Series series;
  series.point = point;
  series.op = point.substr(0, point.find('/'));
  for (size_t i = 0; i < nights.size(); ++i) {
    history.builds.push_back({int64_t(i + 1), fmt::format("{}", i + 1), "f", {OrderKind::number, double(i + 1), ""}, 1, ""});
    history.runs.push_back({int64_t(i + 1), fmt::format("run{}", i + 1), "", int64_t(i + 1), "", 1});
    SeriesValue value;
    value.build = i;
    value.value = nights[i].value;
    value.low = nights[i].low;
    value.high = nights[i].high;
    value.run = int64_t(i + 1);
    value.code = {std::string(nights[i].code), std::string(nights[i].code)};
    series.values.push_back(value);
  }
  history.series.push_back(series);
  return history;
}

// rms_norm_kernel/4096/bf16, nights 1 to 4: +0.33% at night 4, where its code changed. Its own
// interval overlaps night 3's, but is clear of the median of the three nights before: with three
// builds of past (too few to learn a noise) the gate fails it, judged by its own interval. The
// whole series later showed the step (+0.48% between 3 and 4, p = 7e-12).
TEST(HistoryGate, AYoungSeriesStepIsJudgedAgainstTheMedianOfItsPast) {
  const HistorySeries history = history_of("rms_norm_kernel/4096/bf16", {{0.99892, 0.99646, 1.00260, "fma"},
                                                                          {0.99815, 0.99620, 1.00374, "fma"},
                                                                          {0.99904, 0.99751, 1.00224, "fma"},
                                                                          {1.00217, 1.00017, 1.00659, "no-fma"}});
  const ChangeSettings settings;
  const GateResult result = gate(history, find_changes(history, settings), settings);
  ASSERT_EQ(result.regressions.size(), 1u);
  EXPECT_EQ(result.regressions[0].basis, GateBasis::own_interval);
  EXPECT_NEAR(result.regressions[0].reference, 0.99892, 1e-9) << "the median of nights 1 to 3";
  EXPECT_FALSE(result.passed());
  // `history show` says the bar the gate held the newest value to, in the gate's words.
  std::ostringstream shown;
  const std::vector<Change> changes = find_changes(history, settings);
  print_series(history, history.series[0], series_steps(judged_of(history.series[0]), false, settings), changes,
               gate(history, changes, settings), 200, shown);
  EXPECT_NE(shown.str().find("the gate at 4: regression +0.33% against 0.9989x, judged by its own interval against the median "
                             "of builds 1 to 3 (too short a past to learn its noise), beyond 0.00%"),
            std::string::npos)
      << shown.str();

  // The same night on the build before's code: the machine's, never the gate's.
  HistorySeries same_code = history;
  same_code.series[0].values[3].code = same_code.series[0].values[2].code;
  EXPECT_TRUE(gate(same_code, find_changes(same_code, settings), settings).regressions.empty());

  // Its interval not clear of that median: no regression claimed.
  HistorySeries within = history;
  within.series[0].values[3].low = 0.9985;
  EXPECT_TRUE(gate(within, find_changes(within, settings), settings).regressions.empty());
}

// gelu_none_kernel_rank_1-2/16777216/fp32, nine nights of identical code: steps of +0.06% and
// -0.05% at a learned noise of 0.01%, real (p < 1e-17) and the machine's. `changes` says a step on
// identical code from --threshold or 1% on, whichever is larger: these are left out.
TEST(HistoryChanges, AMachinesStepOnIdenticalCodeIsSaidFromOnePercentOn) {
  const std::vector<double> values{0.99965, 0.99972, 0.99977, 1.00198, 1.00011, 1.00034, 1.00038, 0.99970, 0.99967};
  std::vector<Night> nights;
  for (double value : values) nights.push_back({value, value - 0.0015, value + 0.0015, "same"});
  HistorySeries history = history_of("gelu_none_kernel_rank_1-2/16777216/fp32", nights);
  ChangeSettings settings;
  EXPECT_TRUE(find_changes(history, settings).empty());
  settings.machine_floor_pct = 0;  // every step the data shows
  const std::vector<Change> all = find_changes(history, settings);
  ASSERT_FALSE(all.empty());
  for (const Change& change : all) EXPECT_EQ(change.cause, ChangeCause::identical_code);
  // A 3% step on identical code is said, as the machine's.
  for (size_t i = 5; i < values.size(); ++i) history.series[0].values[i].value *= 1.03;
  const std::vector<Change> big = find_changes(history, ChangeSettings{});
  ASSERT_EQ(big.size(), 1u);
  EXPECT_EQ(big[0].cause, ChangeCause::identical_code);
  EXPECT_EQ(big[0].after, 5u);
}

}  // namespace
}  // namespace abt
