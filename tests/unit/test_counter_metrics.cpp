// counters/counter_metrics.h: the metrics asked of CUPTI, and how a call's kernels (one profiler
// range each) become one GpuCounters. The reading itself runs on the device (ctest -L gpu).
#include <gtest/gtest.h>

#include "counters/counter_metrics.h"

namespace abt {
namespace {

std::vector<double> range(double duration_ns, double read, double write, double l2_hit, double instructions,
                          double occupancy, double long_scoreboard) {
  std::vector<double> values(counter_metric_names().size(), 0.0);
  values[0] = duration_ns;
  values[1] = read;
  values[2] = write;
  values[3] = l2_hit;
  values[4] = instructions;
  values[5] = occupancy;
  values[6 + size_t(StallReason::long_scoreboard)] = long_scoreboard;
  return values;
}

TEST(CounterMetrics, NamesNsightComputesMetricsInReadingOrder) {
  const auto& names = counter_metric_names();
  ASSERT_EQ(names.size(), 6 + Spellings<StallReason>::table.size());
  EXPECT_EQ(names[0], kDurationMetric);
  EXPECT_EQ(names[1], "dram__bytes_read.sum");
  EXPECT_EQ(names[4], kInstructionsMetric);
  EXPECT_EQ(names[5], "sm__warps_active.avg.pct_of_peak_sustained_active");
  EXPECT_EQ(names[6 + size_t(StallReason::long_scoreboard)], "smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct");
}

TEST(CounterMetrics, OneKernelIsTakenAsRead) {
  const GpuCounters counters = combine_ranges({range(45000, 67.2e6, 46e6, 12.5, 31.6e6, 91.7, 40)}, "cupti");
  EXPECT_EQ(counters.tool, "cupti");
  EXPECT_EQ(counters.kernels, 1u);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::dram_read_bytes), 67.2e6);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::dram_write_bytes), 46e6);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::l2_hit_pct), 12.5);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::warp_instructions), 31.6e6);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::occupancy_pct), 91.7);
  EXPECT_EQ(counters.stalls.size(), Spellings<StallReason>::table.size());
  EXPECT_DOUBLE_EQ(*counters.stall(StallReason::long_scoreboard), 40);
  EXPECT_DOUBLE_EQ(*counters.stall(StallReason::barrier), 0);
}

TEST(CounterMetrics, KernelsOfOneCallSumTheirCountsAndWeighTheirRatiosByDuration) {
  // A prologue of 1 us and a main kernel of 3 us.
  const GpuCounters counters =
      combine_ranges({range(1000, 1e6, 0, 100, 1000, 10, 0), range(3000, 9e6, 4e6, 60, 9000, 90, 20)}, "cupti");
  EXPECT_EQ(counters.kernels, 2u);
  EXPECT_DOUBLE_EQ(counters.duration_ns, 4000);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::dram_read_bytes), 10e6);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::dram_write_bytes), 4e6);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::warp_instructions), 10000);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::l2_hit_pct), 0.25 * 100 + 0.75 * 60);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::occupancy_pct), 0.25 * 10 + 0.75 * 90);
  EXPECT_DOUBLE_EQ(*counters.stall(StallReason::long_scoreboard), 15);
}

TEST(CounterMetrics, RangesWithoutADurationWeighEqually) {
  const GpuCounters counters = combine_ranges({range(0, 0, 0, 50, 1, 20, 0), range(0, 0, 0, 100, 1, 40, 0)}, "cupti");
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::l2_hit_pct), 75);
  EXPECT_DOUBLE_EQ(*counters.value(MetricId::occupancy_pct), 30);
}

TEST(CounterMetrics, ARangeOfTheWrongWidthIsRefused) {
  EXPECT_THROW(combine_ranges({{1.0, 2.0}}, "cupti"), std::invalid_argument);
}

}  // namespace
}  // namespace abt
