// Run directories for the history's scale benchmark and the trend page's browser test, written
// through abtool's own writers (meta.json, results.json and samples.bin as a replay writes them):
// a record OUT/A and BUILDS interleaved replays of it, OUT/B0001..., of POINTS points each. A
// point's pair (B's time over A's code's) is 1 with Gaussian noise; every STEP_EVERY-th point steps
// by STEP_PCT from build STEP_BUILD on.
//   usage: abtool-synthetic-runs OUT BUILDS POINTS [NOISE_PCT=1] [STEP_BUILD=0] [STEP_PCT=5] [STEP_EVERY=10] [SEED=1]
#include <fmt/format.h>

#include <iostream>
#include <random>
#include <string>

#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"
#include "util/files.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: abtool-synthetic-runs OUT BUILDS POINTS [NOISE_PCT=1] [STEP_BUILD=0] [STEP_PCT=5] [STEP_EVERY=10] [SEED=1]\n";
    return 2;
  }
  const fs::path out = argv[1];
  const int builds = std::stoi(argv[2]), points = std::stoi(argv[3]);
  const double noise_pct = argc > 4 ? std::stod(argv[4]) : 1.0;
  const int step_build = argc > 5 ? std::stoi(argv[5]) : 0;
  const double step_pct = argc > 6 ? std::stod(argv[6]) : 5.0;
  const int step_every = argc > 7 ? std::stoi(argv[7]) : 10;
  std::mt19937_64 random(argc > 8 ? std::stoull(argv[8]) : 1);
  std::normal_distribution<double> noise(0, noise_pct / 100);

  auto point_of = [&](int p) { return abt::Point{fmt::format("op{:02}", p % 10), {1024LL * (p / 10 + 1)}, abt::DType::fp32}; };
  std::vector<std::string> planned;
  for (int p = 0; p < points; ++p) planned.push_back(point_of(p).id());

  auto write_run = [&](const fs::path& dir, abt::MetaRecord meta, const std::function<abt::PointRecord(int)>& make) {
    fs::create_directories(dir);
    const abt::RunLayout layout(dir);
    abt::ResultsFile results;
    results.complete = results.ended = true;
    results.planned = planned;
    for (int p = 0; p < points; ++p) results.points.push_back(make(p));
    abt::ResultsWriter::write(layout.results(), layout.samples(), results);
    abt::write_file_atomically(layout.meta(), meta.to_json().dump(2) + "\n");
  };
  auto base_time = [&](int p) { return 5.0 + 3.0 * (p % 17); };  // us

  abt::MetaRecord record;
  record.mode = abt::RunMode::record;
  record.run_id = "5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a";
  record.command_line = {"abtool", "record"};
  record.compiler.version = "synthetic baseline";
  record.start_time = "2026-01-01T00:00:00";
  record.end_time = record.start_time;
  record.status = abt::RunStatus::finished;
  write_run(out / "A", record, [&](int p) {
    abt::PointRecord point;
    point.point = point_of(p);
    point.kernel = point.point.op;
    point.success = true;
    point.measurement.method = abt::TimingMethod::host;
    point.measurement.samples_us = {base_time(p)};
    point.measurement.round_sizes = {1};
    point.latency = abt::summarize(point.measurement.samples_us);
    return point;
  });
  for (int build = 1; build <= builds; ++build) {
    abt::MetaRecord meta = record;
    meta.mode = abt::RunMode::replay;
    meta.run_id = fmt::format("{:032x}", uint64_t(build) * 7919 + 1);
    meta.replay_from = fs::absolute(out / "A");
    meta.replay_from_run_id = record.run_id;
    meta.compiler.version = fmt::format("synthetic build {}", build);
    meta.start_time = fmt::format("2026-01-01T{:02}:{:02}:00", build / 60 % 24, build % 60);
    write_run(out / fmt::format("B{:04}", build), meta, [&](int p) {
      const double ratio = (1 + noise(random)) * (step_build > 0 && build >= step_build && p % step_every == 0 ? 1 + step_pct / 100 : 1);
      abt::PointRecord point;
      point.point = point_of(p);
      point.kernel = point.point.op;
      point.success = true;
      point.measurement.method = abt::TimingMethod::host;
      point.measurement.samples_us = {base_time(p) * ratio};
      point.measurement.round_sizes = {1};
      point.latency = abt::summarize(point.measurement.samples_us);
      abt::Baseline baseline;
      baseline.measurement = point.measurement;
      baseline.measurement.samples_us = {base_time(p)};
      baseline.latency = abt::summarize(baseline.measurement.samples_us);
      baseline.binary_hash = "a-code";
      baseline.interval = abt::StoredInterval{"0123456789abcdef", ratio, ratio * (1 - noise_pct / 200), ratio * (1 + noise_pct / 200), 2000};
      point.baseline = baseline;
      point.metrics.set(abt::MetricId::code_bytes, {double(1000 + p % 7)});
      return point;
    });
  }
  std::cout << fmt::format("{}: A and {} replays of {} points\n", out.string(), builds, points);
  return 0;
}
