// Synthetic run directories for diff tests, written through rundir's own records (meta.json,
// results.json, IR files), so they are valid exactly when real runs are.
#pragma once
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "rundir/meta_record.h"
#include "rundir/results_file.h"
#include "util/files.h"

namespace abt::testing {

// Test shapes are named ("same", "faster"): each name stands for a one-dimensional shape of its
// own, the same in every FakeRun.
inline std::vector<long long> shape_of(const std::string& name) {
  return {(long long)(std::hash<std::string>{}(name) % 1000000) + 1};
}
inline std::string point_id(const std::string& name) { return Point{"op", shape_of(name), DType::fp32}.id(); }

class FakeRun {
 public:
  FakeRun(const std::filesystem::path& dir, RunMode mode) : dir_(dir) {
    std::filesystem::create_directories(dir_);
    meta_.mode = mode;
    meta_.timing = {TimerKind::graph, 1000, 500, 2, std::nullopt};
    meta_.status = RunStatus::finished;
  }
  // A SUCCESS point of op `op` with 100 samples around `center_us` in two rounds.
  PointRecord& add(const std::string& shape, double center_us, const std::string& config = "1",
                   const std::string& asm_text = "ret\n", unsigned seed = 1) {
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0, center_us * 0.01);
    PointRecord point;
    point.point = Point{"op", shape_of(shape), DType::fp32};
    point.kernel = "k";
    point.success = true;
    point.config = {{"B", config}};
    point.variant = "B" + config;
    point.config_source = meta_.mode == RunMode::record ? ConfigSource::sweep : ConfigSource::replay;
    point.measurement.method = TimingMethod::host;
    for (int i = 0; i < 100; ++i) point.measurement.samples_us.push_back(center_us + noise(random));
    point.measurement.round_sizes = {50, 50};
    point.input_digest = "in";
    point.output_digest = "out";
    point.binary_hash = "hash-" + asm_text;
    std::string ir = "ir/" + point.point.shape_text() + "/k/B" + config + ".s";
    std::filesystem::create_directories((dir_ / ir).parent_path());
    std::ofstream(dir_ / ir) << asm_text;
    point.ir_files = {ir};
    results_.planned.push_back(point.id());
    points_.push_back(std::move(point));
    return points_.back();  // a deque: stays valid as more points are added
  }
  void plan_only(const std::string& shape) { results_.planned.push_back(Point{"op", shape_of(shape), DType::fp32}.id()); }
  MetaRecord& meta() { return meta_; }
  void write(bool complete = true) {
    results_.complete = complete;
    results_.points.assign(points_.begin(), points_.end());
    for (auto& point : results_.points) point.latency = summarize(point.measurement.samples_us);
    write_file_atomically(dir_ / "meta.json", meta_.to_json().dump());
    ResultsWriter::write(dir_ / "results.json", dir_ / "samples.bin", results_);
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  MetaRecord meta_;
  ResultsFile results_;
  std::deque<PointRecord> points_;
};

}  // namespace abt::testing
