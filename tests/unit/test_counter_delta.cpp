// compare/counter_delta.h: the `why` line diff prints beside a verdict from both sides' hardware
// counters, and the counters' JSON as results.json and diff's JSON hold it.
#include <gtest/gtest.h>

#include "compare/counter_delta.h"
#include "model/gpu_counters_json.h"

namespace abt {
namespace {

GpuCounters counters(double read, double write, double l2_hit, double instructions, double occupancy,
                     double long_scoreboard, double barrier = 5) {
  GpuCounters c;
  c.tool = "cupti";
  c.kernels = 1;
  c.duration_ns = 45000;
  c.set(MetricId::dram_read_bytes, read);
  c.set(MetricId::dram_write_bytes, write);
  c.set(MetricId::l2_hit_pct, l2_hit);
  c.set(MetricId::warp_instructions, instructions);
  c.set(MetricId::occupancy_pct, occupancy);
  for (const auto& [reason, name] : Spellings<StallReason>::table) c.stalls.push_back({reason, 0});
  for (auto& share : c.stalls) {
    if (share.reason == StallReason::long_scoreboard) share.pct_of_active_warps = long_scoreboard;
    if (share.reason == StallReason::barrier) share.pct_of_active_warps = barrier;
  }
  return c;
}

CounterReads once(const GpuCounters& read) { return CounterReads{{read}}; }

TEST(CounterDelta, SaysWhatMovedInOneLine) {
  const CounterDelta delta = counter_delta(once(counters(100e6, 50e6, 81, 1000000, 91.7, 30)),
                                           once(counters(112.4e6, 50.1e6, 74.2, 1003000, 91.5, 39.1)), true);
  EXPECT_EQ(delta.why,
            "dram read +12.4%, dram write same, L2 hit 81.0->74.2%, inst +0.30%, occupancy same, stall long_scoreboard "
            "+9.1 pts");
  ASSERT_EQ(delta.changes.size(), 5u) << "a change per counter row";
  EXPECT_NEAR(*delta.find(MetricId::dram_read_bytes)->change, 12.4, 1e-9);
  EXPECT_TRUE(delta.find(MetricId::dram_read_bytes)->beyond_noise);
  EXPECT_FALSE(delta.find(MetricId::dram_write_bytes)->beyond_noise);
  EXPECT_NEAR(*delta.find(MetricId::l2_hit_pct)->change, -6.8, 1e-9) << "a ratio's change in points";
  ASSERT_TRUE(delta.largest_stall_change);
  EXPECT_EQ(delta.largest_stall_change->reason, StallReason::long_scoreboard);
  EXPECT_TRUE(delta.same_process);
}

TEST(CounterDelta, IdenticalCountersReadSameEverywhere) {
  const GpuCounters a = counters(67.2e6, 46e6, 12.5, 31.6e6, 91.7, 40);
  EXPECT_EQ(counter_delta(once(a), once(a), true).why,
            "dram read same, dram write same, L2 hit same, inst same, occupancy same, stalls same");
}

TEST(CounterDelta, AnyInstructionDifferenceIsShownAndAZeroBaseIsShownAsBytes) {
  const CounterDelta delta = counter_delta(once(counters(0, 46e6, 12.5, 31.6e6, 91.7, 40)),
                                           once(counters(2.5e6, 46e6, 12.5, 31.6e6 + 12, 93.0, 40, 0)), false);
  EXPECT_EQ(delta.why,
            "dram read 0 B -> 2.5 MB, dram write same, L2 hit same, inst +12, occupancy 91.7->93.0%, stall barrier -5.0 pts");
  EXPECT_FALSE(delta.find(MetricId::dram_read_bytes)->change);
}

TEST(CounterDelta, ADifferentKernelCountIsNamed) {
  GpuCounters a = counters(1e6, 1e6, 50, 1000, 50, 10), b = a;
  b.kernels = 2;
  EXPECT_NE(counter_delta(once(a), once(b), true).why.find("kernels 1 -> 2"), std::string::npos);
}

// A microsecond kernel's stalls and DRAM bytes move from read to read of the same code (on the
// H200, an identical saxpy's long_scoreboard read 13.6 points apart): a change within what the
// sides' own reads differ by is `same`; one beyond it shows, from the means.
TEST(CounterDelta, AChangeWithinTheSidesOwnReadsIsSame) {
  const CounterReads a{{counters(1e6, 1e6, 60, 5000, 20, 30), counters(1.08e6, 1e6, 64, 5000, 20, 42)}};
  const CounterReads noisy{{counters(1.04e6, 1e6, 63, 5000, 20, 44), counters(1.02e6, 1e6, 61, 5000, 20, 38)}};
  EXPECT_EQ(counter_delta(a, noisy, true).why,
            "dram read same, dram write same, L2 hit same, inst same, occupancy same, stalls same");
  const CounterReads moved{{counters(1.30e6, 1e6, 40, 5100, 20, 70), counters(1.32e6, 1e6, 41, 5100, 20, 71)}};
  const CounterDelta delta = counter_delta(a, moved, true);
  EXPECT_EQ(delta.why, "dram read +26.0%, dram write same, L2 hit 62.0->40.5%, inst +2.00%, occupancy same, stall long_scoreboard +34.5 pts");
  EXPECT_DOUBLE_EQ(*delta.a.value(MetricId::dram_read_bytes), 1.04e6) << "the mean of A's reads";
}

TEST(CounterReads, MeanAndRangeAreCounterByCounter) {
  const CounterReads reads{{counters(1e6, 2e6, 60, 5000, 20, 30), counters(3e6, 2e6, 70, 5000, 30, 50)}};
  EXPECT_DOUBLE_EQ(*reads.mean().value(MetricId::dram_read_bytes), 2e6);
  EXPECT_DOUBLE_EQ(*reads.range().value(MetricId::dram_read_bytes), 2e6);
  EXPECT_DOUBLE_EQ(*reads.range().value(MetricId::dram_write_bytes), 0);
  EXPECT_DOUBLE_EQ(*reads.mean().stall(StallReason::long_scoreboard), 40);
  EXPECT_DOUBLE_EQ(*reads.range().stall(StallReason::long_scoreboard), 20);
  EXPECT_DOUBLE_EQ(*CounterReads{{counters(1e6, 2e6, 60, 5000, 20, 30)}}.range().value(MetricId::l2_hit_pct), 0);
}

TEST(GpuCountersJson, RoundTripsAndRefusesWhatTheHardwareCannotSay) {
  const CounterReads written{{counters(67.2e6, 46e6, 12.5, 31.6e6, 91.7, 40), counters(67.1e6, 46e6, 12.4, 31.6e6, 91.6, 41)}};
  nlohmann::json side{{"counters", counter_reads_json(written)}};
  const auto read = counter_reads_from_json(JsonFields(side, "results.json: point 1"));
  ASSERT_TRUE(read);
  EXPECT_EQ(counter_reads_json(*read), counter_reads_json(written));
  EXPECT_FALSE(counter_reads_from_json(JsonFields(nlohmann::json{{"counters", nullptr}}, "x")));

  auto refused = [&](const char* field, const nlohmann::json& value) {
    nlohmann::json damaged = side;
    damaged["counters"][1][field] = value;
    try {
      counter_reads_from_json(JsonFields(damaged, "results.json: point 1"));
    } catch (const RunFormatError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refused("l2_hit_pct", -3).find("l2_hit_pct"), std::string::npos);
  EXPECT_NE(refused("occupancy_pct", "full").find("occupancy_pct"), std::string::npos);
  EXPECT_NE(refused("dram_read_bytes", -1).find("dram_read_bytes"), std::string::npos);
  EXPECT_NE(refused("kernels", 0).find("kernels"), std::string::npos);
  EXPECT_NE(refused("tool", "ncu").find("unknown counter reader 'ncu'"), std::string::npos);
  EXPECT_NE(refused("stalls_pct", nlohmann::json{{"coffee", 3.0}}).find("unknown stall reason 'coffee'"), std::string::npos);
  EXPECT_NE(refused("kernels", 2).find("every read of one call has the same kernels"), std::string::npos);
  nlohmann::json one_counter_short = side;
  one_counter_short["counters"][1].erase("l2_hit_pct");
  try {
    counter_reads_from_json(JsonFields(one_counter_short, "results.json: point 1"));
    ADD_FAILURE() << "a read without a counter its other read has was accepted";
  } catch (const RunFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("every read of one call has the same counters"), std::string::npos);
  }
  nlohmann::json no_counter = side;
  for (const char* key : {"dram_read_bytes", "dram_write_bytes", "l2_hit_pct", "warp_instructions", "occupancy_pct"})
    for (auto& one : no_counter["counters"]) one.erase(key);
  try {
    counter_reads_from_json(JsonFields(no_counter, "results.json: point 1"));
    ADD_FAILURE() << "a read of no counter was accepted";
  } catch (const RunFormatError& error) {
    EXPECT_NE(std::string(error.what()).find("a read of no counter this abtool knows (expected some of: dram_read_bytes, "),
              std::string::npos)
        << error.what();
  }
  // A counter this abtool has no row for (a newer abtool's) is passed over, the rest read.
  nlohmann::json newer = side;
  for (auto& one : newer["counters"]) one["dram__throughput_pct"] = 12.0;
  EXPECT_EQ(counter_reads_json(*counter_reads_from_json(JsonFields(newer, "x"))), counter_reads_json(written));
  EXPECT_NE(refused("l2_hit_pct", -3).find("read 2"), std::string::npos) << "the message names the read";
}

}  // namespace
}  // namespace abt
