// A hardware counter is a row of model/metric.h and nothing else (issue 75): a test adds a fake
// counter row and follows it from the profiler's values through results.json, diff's text, JSON
// and CSV, to the history, without any other file knowing it. Its own executable: the row it adds
// is the process's from then on.
#include <gtest/gtest.h>

#include <sstream>

#include "compare/comparison.h"
#include "counters/counter_metrics.h"
#include "history/history_store.h"
#include "printers/printers.h"
#include "run_fixture.h"
#include "rundir/run_data.h"

namespace abt {
namespace {

// L1 bytes, as a compiler engineer might add them: a count, summed over a call's kernels.
const MetricId kFakeCounter = add_metric_row({MetricId::time, "l1_fake_bytes", "L1 fake", "bytes", Better::lower,
                                              MetricJudged::beyond_reads, MetricShown::data, "a test's counter",
                                              {"l1tex__t_bytes_fake.sum", CounterFold::sum, 0.5, "l1 fake"}});

// One profiler range as CUPTI gives it: every counter row's value, `fake` the fake one's.
std::vector<double> range(double fake) {
  const std::vector<std::string> names = counter_metric_names();
  std::vector<double> values(names.size(), 0.0);
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == kDurationMetric) values[i] = 1000;
    if (names[i] == "dram__bytes_read.sum") values[i] = 4096;
    if (names[i] == "l1tex__t_bytes_fake.sum") values[i] = fake;
  }
  return values;
}

// A call's counters read twice (kCounterReads), from two kernels each: the fake counts add.
CounterReads reads(double fake_per_kernel) {
  CounterReads counters;
  for (int read = 0; read < kCounterReads; ++read)
    counters.reads.push_back(combine_ranges({range(fake_per_kernel), range(fake_per_kernel)}, "cupti"));
  return counters;
}

TEST(CounterRow, AFakeCounterRowReachesEveryOutput) {
  ASSERT_EQ(metric_named("l1_fake_bytes"), kFakeCounter);
  const std::vector<std::string> asked = counter_metric_names();
  EXPECT_NE(std::find(asked.begin(), asked.end(), "l1tex__t_bytes_fake.sum"), asked.end()) << "CUPTI is asked for it";

  TempDir dir("abtool-counter-row-");
  testing::FakeRun a(dir.path() / "A", RunMode::record), b(dir.path() / "B", RunMode::replay);
  a.meta().run_id = "record-1";
  b.meta().run_id = "replay-1";
  b.meta().replay_from = a.dir();
  b.meta().replay_from_run_id = "record-1";
  a.add("moved", 100).counters = reads(5000);
  b.add("moved", 100, "1", "ret2\n").counters = reads(6000);  // 12,000 bytes a call against 10,000
  a.add("still", 100).counters = reads(5000);
  b.add("still", 100, "1", "ret\n").counters = reads(5000);
  a.write();
  b.write();

  // results.json keeps it by the row's name, and reads it back.
  const nlohmann::json results = JsonFields::parse_file(b.dir() / "results.json");
  EXPECT_EQ(results["points"][0]["counters"][0]["l1_fake_bytes"].get<double>(), 12000) << results["points"][0]["counters"].dump();
  const RunData run_a = read_run(a.dir()), run_b = read_run(b.dir());
  ASSERT_TRUE(run_b.results.points[0].counters);
  EXPECT_EQ(run_b.results.points[0].counters->reads[1].value(kFakeCounter), 12000);

  const Comparison report = compare_runs(run_a, run_b);
  std::ostringstream text, json, csv;
  print_text(report, text, false, true);
  print_json(report, json);
  print_csv(report, csv);
  EXPECT_NE(text.str().find("dram read same, dram write same, L2 hit same, inst same, occupancy same, l1 fake +20.0%, stalls same"),
            std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("l1 fake same"), std::string::npos) << "the point where it did not move: " << text.str();

  const nlohmann::json diff = nlohmann::json::parse(json.str());
  const nlohmann::json& counters = diff["points"][0]["counters"];
  const nlohmann::json& fake_change = counters["changes"].back();
  EXPECT_EQ(fake_change["counter"], "l1_fake_bytes");
  EXPECT_DOUBLE_EQ(fake_change["change"].get<double>(), 20.0);
  EXPECT_EQ(fake_change["change_unit"], "%");
  EXPECT_TRUE(fake_change["beyond_noise"].get<bool>());
  EXPECT_EQ(counters["b_mean"]["l1_fake_bytes"].get<double>(), 12000);
  bool in_metrics = false;
  for (const nlohmann::json& metric : diff["points"][0]["metrics"])
    if (metric["metric"] == "l1_fake_bytes") {
      in_metrics = true;
      EXPECT_EQ(metric["unit"], "bytes");
      EXPECT_EQ(metric["change"], "worse") << metric.dump() << ": reads apart, and lower is better";
    }
  EXPECT_TRUE(in_metrics) << diff["points"][0]["metrics"].dump();

  std::istringstream csv_lines(csv.str());
  std::string header, first;
  std::getline(csv_lines, header);
  std::getline(csv_lines, first);
  for (const char* column : {"a_l1_fake_bytes", "b_l1_fake_bytes", "l1_fake_bytes_change_pct"})
    EXPECT_NE(header.find(column), std::string::npos) << header;
  EXPECT_NE(first.find(",10000,12000,19.99"), std::string::npos) << header << "\n" << first;

  // The history keeps it as a metric of its own, a row per point.
  HistoryStore store(dir.path() / "h.sqlite", HistoryAccess::write);
  store.add(run_b, {"b1", "1"});
  bool stored = false;
  for (const StoredMetric& metric : store.metrics()) stored |= metric.name == "l1_fake_bytes" && metric.unit == "bytes";
  EXPECT_TRUE(stored);
  const std::vector<StoredObservation> rows = store.observations("l1_fake_bytes");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].value + rows[1].value, 12000 + 10000);
}

}  // namespace
}  // namespace abt
