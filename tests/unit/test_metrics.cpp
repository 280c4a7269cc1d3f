// Issue 59: metrics as data. The catalog, a side's values read from its records, the JSON list
// results.json keeps, and each rule a metric is judged by.
#include <gtest/gtest.h>

#include <set>

#include "compare/metric_comparison.h"
#include "model/metric_json.h"
#include "model/point_metrics.h"

namespace abt {
namespace {

TEST(MetricCatalog, EveryMetricHasOneRowAndANameOfItsOwn) {
  std::set<std::string_view> names;
  for (size_t i = 0; i < kMetrics.size(); ++i) {
    EXPECT_EQ(size_t(kMetrics[i].id), i) << "rows in the enum's order: " << kMetrics[i].name;
    EXPECT_TRUE(names.insert(kMetrics[i].name).second) << kMetrics[i].name;
    EXPECT_FALSE(kMetrics[i].label.empty());
    EXPECT_FALSE(kMetrics[i].unit.empty());
    EXPECT_EQ(metric_named(kMetrics[i].name), kMetrics[i].id);
    EXPECT_EQ(metric_info(kMetrics[i].id).name, kMetrics[i].name);
    // A counter row names what CUPTI calls it and its word in the why line; no other row does.
    const CounterSource& counter = kMetrics[i].counter;
    EXPECT_EQ(counter.cupti.empty(), !kMetrics[i].is_counter()) << kMetrics[i].name;
    EXPECT_EQ(counter.why.empty(), !kMetrics[i].is_counter()) << kMetrics[i].name;
    EXPECT_EQ(kMetrics[i].about.find("(--counters)") != std::string_view::npos, kMetrics[i].is_counter())
        << kMetrics[i].name << ": what --counters reads is a counter row";
    if (counter.fold == CounterFold::duration_weighted) EXPECT_EQ(kMetrics[i].unit, "%") << "a ratio: " << kMetrics[i].name;
  }
  EXPECT_FALSE(metric_named("time_vs_control")) << "a history's own series is no metric row";
  EXPECT_THROW(add_metric_row(kMetrics[0]), std::invalid_argument) << "a name a row already has";
}

TEST(MetricValues, AMetricIsKeptOnceAndReplacedWhenSetAgain) {
  MetricValues values;
  values.set(MetricId::code_bytes, {100});
  values.set(MetricId::l2_hit_pct, {80, 82});
  values.set(MetricId::code_bytes, {120});
  ASSERT_EQ(values.all().size(), 2u);
  EXPECT_EQ(values.find(MetricId::code_bytes)->reads, std::vector<double>{120});
  EXPECT_DOUBLE_EQ(values.find(MetricId::l2_hit_pct)->value(), 81);
  EXPECT_DOUBLE_EQ(values.find(MetricId::l2_hit_pct)->high() - values.find(MetricId::l2_hit_pct)->low(), 2);
  EXPECT_EQ(values.find(MetricId::time), nullptr);
}

TEST(PointMetrics, EveryRecordOfASideIsReadAsMetricsInTheCatalogsOrder) {
  PointRecord point;
  point.latency = summarize({2, 3, 4});
  point.instructions = InstructionCount{"callgrind", {1000, 1000}};
  point.compile_ms = 12.5;
  point.compile_profile = CompileProfile{{{"cc1plus", 10.0, 5000}, {"as", 2.0, 700}}, "callgrind", true};
  GpuCounters read;
  read.set(MetricId::dram_read_bytes, 4096);
  read.set(MetricId::dram_write_bytes, 0);
  read.set(MetricId::l2_hit_pct, 75);
  read.set(MetricId::warp_instructions, 5120);
  read.set(MetricId::occupancy_pct, 60);
  point.counters = CounterReads{{read, read}};
  point.metrics.set(MetricId::code_bytes, {321});
  const MetricValues metrics = metrics_of(point);
  std::vector<MetricId> order;
  for (const MetricValue& value : metrics.all()) order.push_back(value.metric);
  EXPECT_EQ(order, (std::vector<MetricId>{MetricId::time, MetricId::instructions, MetricId::compile_ms, MetricId::compile_instructions,
                                          MetricId::dram_read_bytes, MetricId::dram_write_bytes, MetricId::l2_hit_pct,
                                          MetricId::warp_instructions, MetricId::occupancy_pct, MetricId::code_bytes}));
  EXPECT_DOUBLE_EQ(metrics.find(MetricId::time)->value(), 3);
  EXPECT_EQ(metrics.find(MetricId::instructions)->reads, (std::vector<double>{1000, 1000}));
  EXPECT_DOUBLE_EQ(metrics.find(MetricId::compile_instructions)->value(), 5700);
  EXPECT_EQ(metrics.find(MetricId::dram_read_bytes)->reads, (std::vector<double>{4096, 4096}));
  EXPECT_DOUBLE_EQ(metrics.find(MetricId::code_bytes)->value(), 321);
  // A side that measured nothing beyond its time.
  PointRecord bare;
  bare.latency = summarize({5});
  EXPECT_EQ(metrics_of(bare).all().size(), 1u);
}

TEST(MetricJson, TheListReadsBackAndDamageIsNamed) {
  MetricValues values;
  values.set(MetricId::code_bytes, {1234});
  values.set(MetricId::occupancy_pct, {50.5, 49.5});
  const nlohmann::json side{{"metrics", metrics_json(values)}};
  EXPECT_EQ(metrics_from_json(JsonFields(side, "results.json: point 1")), values);
  EXPECT_TRUE(metrics_from_json(JsonFields(nlohmann::json::object(), "older run")).empty()) << "a run before the list";
  auto error = [](const nlohmann::json& list) {
    try {
      metrics_from_json(JsonFields(nlohmann::json{{"metrics", list}}, "results.json: point 1"));
    } catch (const RunFormatError& failure) {
      return std::string(failure.what());
    }
    return std::string("read");
  };
  EXPECT_NE(error(nlohmann::json::parse(R"([{"metric": "code_byte", "reads": [1]}])")).find("unknown value 'code_byte'"), std::string::npos);
  EXPECT_NE(error(nlohmann::json::parse(R"([{"metric": "code_bytes", "reads": [1]}, {"metric": "code_bytes", "reads": [2]}])"))
                .find("listed twice"),
            std::string::npos);
  EXPECT_NE(error(nlohmann::json::parse(R"([{"metric": "code_bytes", "reads": []}])")).find("at least one read"), std::string::npos);
  EXPECT_NE(error(nlohmann::json::parse(R"([{"metric": "code_bytes", "reads": ["x"]}])")).find("results.json: point 1"),
            std::string::npos);
}

MetricValues one(MetricId metric, std::vector<double> reads) {
  MetricValues values;
  values.set(metric, std::move(reads));
  return values;
}

const MetricComparison& only(const std::vector<MetricComparison>& rows) {
  EXPECT_EQ(rows.size(), 1u);
  return rows.front();
}

TEST(MetricComparison, ACountIsJudgedAtTheInstructionThreshold) {
  const JudgingRule rule;  // 0.1%
  const auto larger = only(compare_metrics(one(MetricId::code_bytes, {1000}), one(MetricId::code_bytes, {1010}), {}, rule));
  EXPECT_EQ(larger.change, MetricChange::worse);
  EXPECT_NEAR(*larger.change_pct, 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(*larger.ratio_low, 1.01);
  EXPECT_EQ(only(compare_metrics(one(MetricId::code_bytes, {1000}), one(MetricId::code_bytes, {990}), {}, rule)).change,
            MetricChange::better);
  EXPECT_EQ(only(compare_metrics(one(MetricId::code_bytes, {100000}), one(MetricId::code_bytes, {100050}), {}, rule)).change,
            MetricChange::same)
      << "0.05% is below the threshold";
  EXPECT_EQ(only(compare_metrics(one(MetricId::code_bytes, {100000}), one(MetricId::code_bytes, {100000}), {}, rule)).change,
            MetricChange::same);
}

TEST(MetricComparison, NoisyReadsCountOnlyBeyondTheirOwnSpreadAndHigherCanBeBetter) {
  const JudgingRule rule;
  // Hit rates 70/72 against 80/81: beyond both spreads and the half-point floor, and higher is better.
  EXPECT_EQ(only(compare_metrics(one(MetricId::l2_hit_pct, {70, 72}), one(MetricId::l2_hit_pct, {80, 81}), {}, rule)).change,
            MetricChange::better);
  // Reads that move by more than the change: the same.
  EXPECT_EQ(only(compare_metrics(one(MetricId::dram_read_bytes, {1000, 1400}), one(MetricId::dram_read_bytes, {1100, 1300}), {}, rule))
                .change,
            MetricChange::same);
  EXPECT_EQ(only(compare_metrics(one(MetricId::dram_read_bytes, {1000, 1001}), one(MetricId::dram_read_bytes, {2000, 2001}), {}, rule))
                .change,
            MetricChange::worse);
}

TEST(MetricComparison, TheDecidingMetricsTakeThePointsOwnDecisionAndAWallTimeIsNeverJudged) {
  MetricValues a = one(MetricId::time, {10}), b = one(MetricId::time, {8});
  a.set(MetricId::compile_ms, {100});
  b.set(MetricId::compile_ms, {300});
  PointDecisions decided;
  decided.timing_verdict = Verdict::faster;
  decided.speedup = RatioInterval{1.25, 1.2, 1.3, 2000};
  const auto rows = compare_metrics(a, b, decided, JudgingRule{});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].metric, MetricId::time);
  EXPECT_EQ(rows[0].change, MetricChange::better);
  EXPECT_NEAR(*rows[0].ratio_low, 1 / 1.3, 1e-12);
  EXPECT_NEAR(*rows[0].ratio_high, 1 / 1.2, 1e-12);
  EXPECT_EQ(rows[1].metric, MetricId::compile_ms);
  EXPECT_EQ(rows[1].change, MetricChange::not_judged) << "one wall time a side decides nothing";
  EXPECT_NEAR(*rows[1].change_pct, 200, 1e-9);
  // A metric only one side measured is listed, not judged.
  const auto lone = only(compare_metrics(one(MetricId::code_bytes, {10}), MetricValues{}, {}, JudgingRule{}));
  EXPECT_TRUE(lone.a && !lone.b && !lone.change_pct);
  EXPECT_EQ(lone.change, MetricChange::not_judged);
}

}  // namespace
}  // namespace abt
