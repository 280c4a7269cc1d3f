// Issue 60: the history store (history/history_store.h) and what is judged from it. Runs are made
// in memory (their results.json only needs to exist: its digest says whether a run changed).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <set>

#include "history/changes.h"
#include "history/history_store.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace {
namespace fs = std::filesystem;

class HistoryStoreTest : public ::testing::Test {
 protected:
  // A finished replay of run "a-run" (or a record): points of `op` at shapes 1..n, each B's time
  // `ratio` times A's code's.
  RunData replay(const std::string& name, double ratio, int points = 3, const std::string& op = "op1",
                 const std::string& baseline = "a-run", RunMode mode = RunMode::replay, const std::string& compiler = "g++") {
    RunData run;
    run.layout = RunLayout(dir_.path() / name);
    fs::create_directories(run.layout.dir());
    run.meta.mode = mode;
    run.meta.run_id = "id-" + name;
    run.meta.replay_from_run_id = mode == RunMode::replay ? baseline : "";
    run.meta.replay_from = dir_.path() / "A";
    run.meta.compiler.version = compiler;
    run.meta.start_time = "2026-12-06T10:00:00";
    run.meta.status = RunStatus::finished;
    for (int i = 1; i <= points; ++i) {
      PointRecord point;
      point.point = Point{op, {i * 1024}, DType::fp32};
      point.success = true;
      point.latency = summarize({10.0 * i * ratio});
      if (mode == RunMode::replay) point.baseline = Baseline{{}, summarize({10.0 * i}), "a-code"};
      point.metrics.set(MetricId::code_bytes, {1000});
      run.results.points.push_back(point);
    }
    // What says whether a run changed (run_content): its meta.json and the size of its results.json.
    write_file_atomically(run.layout.meta(), run.meta.to_json().dump());
    write_file_atomically(run.layout.results(), fmt::format("{} {} {}", name, ratio, points));
    return run;
  }
  fs::path db() const { return dir_.path() / "h.sqlite"; }
  std::string error_of(const std::function<void()>& act) {
    try {
      act();
    } catch (const InputError& error) {
      return error.what();
    }
    return "no error";
  }

  TempDir dir_{"abtool-history-store-"};
};

TEST_F(HistoryStoreTest, ARunAddedTwiceIsOneRunAndAResumedOneReplacesItsRows) {
  HistoryStore store(db(), HistoryAccess::write);
  const RunData first = replay("B1", 1.0);
  EXPECT_EQ(store.add(first, {"b1", "1"}).outcome, RunAdded::Outcome::added);
  const size_t rows = store.observations("time_vs_control").size();
  EXPECT_EQ(rows, 3u);
  EXPECT_EQ(store.add(first, {"b1", "1"}).outcome, RunAdded::Outcome::unchanged);
  EXPECT_EQ(store.add(first, {}).outcome, RunAdded::Outcome::unchanged) << "a run added before keeps its build";
  EXPECT_EQ(store.observations("time_vs_control").size(), rows);
  EXPECT_EQ(store.runs().size(), 1u);
  // Re-measured by --resume: same run id, another results.json, one more point.
  RunData resumed = replay("B1", 1.1, 4);
  EXPECT_EQ(store.add(resumed, {"b1", ""}).outcome, RunAdded::Outcome::replaced);
  const std::vector<StoredObservation> now = store.observations("time_vs_control");
  ASSERT_EQ(now.size(), 4u);
  for (const StoredObservation& row : now) EXPECT_NEAR(row.value, 1.1, 1e-12) << "only the new rows";
  EXPECT_EQ(store.runs().size(), 1u);
  // Every metric a row: the time, the code size, A's code's time, the pair.
  std::set<std::string> names;
  for (const StoredMetric& metric : store.metrics()) names.insert(metric.name);
  EXPECT_EQ(names, (std::set<std::string>{"time", "code_bytes", "control_time", "time_vs_control"}));
}

TEST_F(HistoryStoreTest, AnOlderSchemaIsReadAsItIsMigratedByItsNextWriterAndANewerOneIsRefused) {
  {
    HistoryStore store(db(), HistoryAccess::write);
    store.add(replay("B1", 1.0), {"b1", "1"});
  }
  {  // as schema 1 had it: no notes, no outcomes, no compilers
    SqliteDb raw(db(), true);
    raw.exec("DROP TABLE outcomes; ALTER TABLE builds DROP COLUMN compiler; ALTER TABLE observations DROP COLUMN note; "
             "PRAGMA user_version = 1");
  }
  auto version = [&] {
    SqliteDb raw(db(), false);
    SqliteStatement query(raw, "PRAGMA user_version");
    query.step();
    return query.integer(0);
  };
  {  // a reader reads it, and writes nothing
    const HistoryStore store(db(), HistoryAccess::read);
    EXPECT_EQ(store.observations("time_vs_control").size(), 3u);
    EXPECT_TRUE(store.outcomes().empty()) << "schema 1 kept no outcomes";
    EXPECT_EQ(store.builds().at(0).compiler, "");
  }
  EXPECT_EQ(version(), 1);
  {  // its next writer brings it up to date, keeping its rows
    HistoryStore store(db(), HistoryAccess::write);
    store.add(replay("B2", 1.0), {"b2", "2"});
    EXPECT_EQ(store.observations("time_vs_control").size(), 6u);
    EXPECT_EQ(store.outcomes().size(), 3u) << "the new run's points";
  }
  EXPECT_EQ(version(), kHistorySchema);
  {
    SqliteDb raw(db(), true);
    raw.exec("PRAGMA user_version = 9");
  }
  const std::string newer = error_of([&] { HistoryStore(db(), HistoryAccess::read); });
  EXPECT_NE(newer.find(db().string() + ": a history of schema 9, newer than this abtool reads (3)"), std::string::npos) << newer;
}

TEST_F(HistoryStoreTest, AHistoryAnotherWriterHoldsIsRefusedAndKeepsWhatItHas) {
  HistoryStore store(db(), HistoryAccess::write);
  store.add(replay("B1", 1.0), {"b1", "1"});
  SqliteDb other(db(), true);
  other.exec("BEGIN IMMEDIATE");
  const std::string locked = error_of([&] { store.add(replay("B2", 1.0), {"b2", "2"}); });
  EXPECT_NE(locked.find("locked by another writer"), std::string::npos) << locked;
  EXPECT_NE(locked.find("run id-B2"), std::string::npos) << locked;
  other.exec("ROLLBACK");
  EXPECT_EQ(store.runs().size(), 1u);
  EXPECT_EQ(store.add(replay("B2", 1.0), {"b2", "2"}).outcome, RunAdded::Outcome::added) << "once it is free";
}

TEST_F(HistoryStoreTest, ADamagedFileOrAnotherDatabaseIsNoHistory) {
  {
    HistoryStore store(db(), HistoryAccess::write);
    for (int i = 1; i <= 20; ++i) store.add(replay(fmt::format("B{}", i), 1.0, 50), {fmt::format("b{}", i), std::to_string(i)});
  }
  {  // a page of the observations overwritten with other bytes
    std::fstream file(db(), std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(5 * 4096);
    const std::string noise(4096, '\x5a');
    file.write(noise.data(), std::streamsize(noise.size()));
  }
  const std::string damaged = error_of([&] { HistoryStore(db(), HistoryAccess::write); });
  EXPECT_NE(damaged.find(db().string() + ": damaged"), std::string::npos) << damaged;
  write_file_atomically(dir_.path() / "text.sqlite", "not a database at all, but long enough to look like one...");
  const std::string text = error_of([&] { HistoryStore(dir_.path() / "text.sqlite", HistoryAccess::read); });
  EXPECT_NE(text.find("not an abtool history"), std::string::npos) << text;
  {
    SqliteDb other(dir_.path() / "other.sqlite", true);
    other.exec("CREATE TABLE t(x)");
  }
  const std::string foreign = error_of([&] { HistoryStore(dir_.path() / "other.sqlite", HistoryAccess::write); });
  EXPECT_NE(foreign.find("not an abtool history: an SQLite database with other tables"), std::string::npos) << foreign;
  const std::string missing = error_of([&] { HistoryStore(dir_.path() / "none.sqlite", HistoryAccess::read); });
  EXPECT_NE(missing.find("no history there"), std::string::npos) << missing;
  EXPECT_FALSE(fs::exists(dir_.path() / "none.sqlite")) << "reading makes nothing";
}

TEST_F(HistoryStoreTest, ARunOfAnotherFamilyALabelOfAnotherCompilerAndAGarbageOrderAreRefused) {
  HistoryStore store(db(), HistoryAccess::write);
  store.add(replay("B1", 1.0), {"b1", "1"});
  const std::string baseline = error_of([&] { store.add(replay("C1", 1.0, 3, "op1", "another-a"), {"c1", "2"}); });
  EXPECT_NE(baseline.find("run id-C1"), std::string::npos) << baseline;
  EXPECT_NE(baseline.find("replays run another-a; this history holds replays of run a-run"), std::string::npos) << baseline;
  const std::string mode = error_of([&] { store.add(replay("R1", 1.0, 3, "op1", "", RunMode::record), {"r1", "2"}); });
  EXPECT_NE(mode.find("is a record; this history holds replays"), std::string::npos) << mode;
  const std::string label = error_of([&] { store.add(replay("B2", 1.0, 3, "op1", "a-run", RunMode::replay, "clang++"), {"b1", ""}); });
  EXPECT_NE(label.find("build 'b1' is another compiler in this history"), std::string::npos) << label;
  for (const char* garbage : {"next tuesday", "2026-13-45", "1.2.3", "inf"}) {
    const std::string order = error_of([&] { store.add(replay("B3", 1.0), {"b3", garbage}); });
    EXPECT_NE(order.find(fmt::format("--build-order '{}'", garbage)), std::string::npos) << order;
  }
  const std::string kind = error_of([&] { store.add(replay("B4", 1.0), {"b4", "2026-12-07"}); });
  EXPECT_NE(kind.find("is a time; this history orders its builds by number"), std::string::npos) << kind;
  EXPECT_EQ(store.runs().size(), 1u) << "nothing refused was kept";
  EXPECT_EQ(store.builds().size(), 1u);
  // Records of other ops are another family too.
  HistoryStore records(dir_.path() / "records.sqlite", HistoryAccess::write);
  records.add(replay("R2", 1.0, 3, "op1", "", RunMode::record), {"r2", "1"});
  const std::string ops = error_of([&] { records.add(replay("R3", 1.0, 3, "op2", "", RunMode::record), {"r3", "2"}); });
  EXPECT_NE(ops.find("records op2; this history's records are of op1: no op in common"), std::string::npos) << ops;
}

TEST(OrderKeys, NumbersAndTimesOrderAndTheRestIsNone) {
  EXPECT_EQ(parse_order_key("1234")->kind, OrderKind::number);
  EXPECT_DOUBLE_EQ(parse_order_key("20261206.5")->value, 20261206.5);
  const auto day = parse_order_key("2026-12-06"), later = parse_order_key("2026-12-06T13:05:00"), spaced = parse_order_key("2026-12-06 13:05");
  ASSERT_TRUE(day && later && spaced);
  EXPECT_EQ(day->kind, OrderKind::time);
  EXPECT_LT(day->value, later->value);
  EXPECT_DOUBLE_EQ(later->value - day->value, 13 * 3600 + 5 * 60);
  EXPECT_DOUBLE_EQ(spaced->value, later->value);
  for (const char* none : {"", "abc", "2026-12", "2026-12-06T25:00:00", "12e", "nan", "1 2"}) EXPECT_FALSE(parse_order_key(none)) << none;
}

TEST(Noise, TheStepAPointMustMakeIsLearnedFromItsOwnBuilds) {
  const std::vector<double> calm{1.000, 1.001, 0.999, 1.000, 1.002, 0.998, 1.001, 1.000};
  const PointNoise learned = learn_noise({calm}, 0, 2.0);
  EXPECT_TRUE(learned.learned);
  EXPECT_GT(learned.sigma_pct, 0.02);
  EXPECT_LT(learned.sigma_pct, 0.3);
  EXPECT_NEAR(learned.step_pct, kStepSigmas * learned.sigma_pct, 1e-12);
  EXPECT_GE(learned.one_build_pct, learned.step_pct);
  EXPECT_DOUBLE_EQ(learn_noise({calm}, 1.0, 2.0).step_pct, 1.0) << "the floor stands under it";
  const std::vector<ValueInterval> intervals{std::pair{0.95, 1.05}, std::pair{0.97, 1.03}};
  const std::vector<double> two{1.0, 1.0};
  const PointNoise young = learn_noise({two, intervals}, 0.5, 2.0);
  EXPECT_FALSE(young.learned);
  EXPECT_NEAR(young.step_pct, 4.0, 1e-9) << "too few builds: the median half-width of its own intervals";
}

// A history of one point, in memory: its values over builds 0..n-1.
HistorySeries one_series(const std::vector<double>& values) {
  HistorySeries history;
  history.metric = {"time_vs_control", "x", Better::lower};
  Series series{"op1/1024/fp32", "op1", {}};
  for (size_t i = 0; i < values.size(); ++i) {
    history.builds.push_back({int64_t(i + 1), fmt::format("b{}", i + 1), "f", {OrderKind::number, double(i), ""}, 1, ""});
    series.values.push_back({i, values[i], {}, {}, int64_t(i + 1), false, {}});
  }
  history.series.push_back(series);
  return history;
}

TEST(Gate, TheNewestBuildStartsARegressionOrContinuesOne) {
  const std::vector<double> calm{1.000, 1.002, 0.999, 1.001, 0.998, 1.000, 1.001, 0.999};
  std::vector<double> values = calm;
  const ChangeSettings settings;
  EXPECT_TRUE(gate(one_series(values), {}, settings).regressions.empty());
  values.push_back(1.05);  // 5% at the newest build: far beyond 0.1% noise
  const HistorySeries started = one_series(values);
  const GateResult hit = gate(started, find_changes(started, settings), settings);
  ASSERT_EQ(hit.regressions.size(), 1u);
  EXPECT_NEAR(hit.regressions[0].change_pct, 5.0, 0.2);
  EXPECT_EQ(hit.regressions[0].previous, values.size() - 2);
  values.push_back(1.051);  // the build after: the regression goes on, it does not start here
  const HistorySeries continued = one_series(values);
  const GateResult later = gate(continued, find_changes(continued, settings), settings);
  EXPECT_TRUE(later.regressions.empty());
  EXPECT_EQ(later.continuing.size(), 1u);
  values = calm;
  values.push_back(0.95);  // faster: no regression
  EXPECT_TRUE(gate(one_series(values), {}, settings).regressions.empty());
}

TEST(Changes, AStepIsFoundBetweenItsBuildsWithItsIntervalAndKind) {
  std::vector<double> values;
  // 0.1% of noise (a fixed pseudo-random draw), 3% faster from build 18 on.
  const double noise[30] = {0.4, -1.1, 0.9, 0.2, -0.6, 1.3, -0.3, 0.0, -1.4, 0.7, 0.5, -0.2, 1.0, -0.8, 0.3,
                            -0.5, 0.8, -1.0, 0.1, 0.6, -0.7, 1.2, -0.4, 0.2, -0.9, 0.5, -0.1, 0.9, -1.2, 0.3};
  for (int i = 0; i < 30; ++i) values.push_back((1 + noise[i] / 1000) * (i >= 18 ? 0.97 : 1.0));
  const HistorySeries history = one_series(values);
  const std::vector<Change> changes = find_changes(history, ChangeSettings{});
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].before, 17u);
  EXPECT_EQ(changes[0].after, 18u);
  EXPECT_EQ(changes[0].kind, ChangeKind::improvement);
  EXPECT_NEAR(changes[0].change_pct, -3.0, 0.05);
  EXPECT_LT(changes[0].low_pct, changes[0].change_pct);
  EXPECT_GT(changes[0].high_pct, changes[0].change_pct);
  const std::vector<BuildChanges> groups = group_by_build(changes);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].improvements, 1);
}

}  // namespace
}  // namespace abt
