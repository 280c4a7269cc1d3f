// A run directory as `diff` reads it: tolerant of runs that were killed midway.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/bootstrap.h"

namespace abt {

struct RunPoint {
  std::string id;  // op/shape/dtype
  nlohmann::json json;  // the results.json entry
  bool success() const { return json.value("status", "") == "SUCCESS"; }
  std::vector<double> samples() const;
  RoundedSamples rounded_samples() const;
  double median() const;
  std::optional<double> machine_probe_median() const;  // absent in runs without probes
  std::vector<std::string> markers() const;
  std::string text(const char* field) const { return json.value(field, std::string()); }
};

struct RunData {
  std::filesystem::path dir;
  nlohmann::json meta;
  std::vector<std::string> planned;       // every point the run meant to measure, in order
  std::map<std::string, RunPoint> points; // by id; planned points absent here are missing
  bool complete = false;
  std::string mode() const { return meta.value("mode", std::string()); }
};

// Throws InputError when `dir` has no readable meta.json or results.json.
RunData load_run(const std::filesystem::path& dir);

}  // namespace abt
