// Synthetic run directories for diff tests: meta.json + results.json (+ IR files) on disk.
#pragma once
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "util/files.h"

namespace abt::testing {

class FakeRun {
 public:
  FakeRun(const std::filesystem::path& dir, const std::string& mode) : dir_(dir) {
    std::filesystem::create_directories(dir_);
    meta_ = {{"mode", mode}, {"timing", {{"timer", "graph"}, {"warmup_ms", 1000}, {"rep_ms", 500}}}};
  }
  nlohmann::json& add(const std::string& shape, double center_us, const std::string& config = "1",
                      const std::string& asm_text = "ret\n", unsigned seed = 1) {
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0, center_us * 0.01);
    std::vector<double> samples;
    for (int i = 0; i < 100; ++i) samples.push_back(center_us + noise(random));
    std::string ir = "ir/" + shape + "/k/B" + config + ".s";
    std::filesystem::create_directories((dir_ / ir).parent_path());
    std::ofstream(dir_ / ir) << asm_text;
    planned_.push_back("op/" + shape + "/fp32");
    points_.push_back({{"op", "op"}, {"shape_text", shape}, {"dtype", "fp32"}, {"status", "SUCCESS"},
                       {"config", {{"B", config}}}, {"variant", "B" + config}, {"method", "host"},
                       {"samples_us", samples}, {"round_sizes", std::vector<int>{50, 50}}, {"markers", nlohmann::json::array()},
                       {"input_digest", "in"}, {"output_digest", "out"}, {"binary_hash", "hash-" + asm_text},
                       {"ir_files", {ir}}, {"error", ""}});
    return points_.back();
  }
  void plan_only(const std::string& shape) { planned_.push_back("op/" + shape + "/fp32"); }
  nlohmann::json& meta() { return meta_; }
  void write(bool complete = true) {
    write_file_atomically(dir_ / "meta.json", meta_.dump());
    write_file_atomically(dir_ / "results.json",
                          nlohmann::json{{"complete", complete}, {"planned", planned_}, {"points", points_}}.dump());
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  nlohmann::json meta_;
  std::vector<std::string> planned_;
  nlohmann::json points_ = nlohmann::json::array();
};

}  // namespace abt::testing
