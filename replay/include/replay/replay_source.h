// Side A as replay sees it: a finished or partial `record` run directory, and the selection
// (ops, shapes, dtypes, seed, timer settings) that B inherits unless told otherwise.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graphtime/timer.h"

namespace abt {

struct RecordRun {
  std::filesystem::path dir;
  nlohmann::json meta;
  std::vector<std::string> ops;
  std::filesystem::path ops_dir;
  std::filesystem::path shapes_file;  // A's shapes.yaml: the shapes A actually used
  std::vector<std::string> dtypes;    // A's --dtypes, empty when A used the shape set's
  uint64_t seed = 0;
  TimingSettings timing;
  std::string compiler;                // A's --compiler as given (B's default: the same backend and build)
  std::filesystem::path autotune_db() const { return dir / "autotune.sqlite"; }
};

// Throws InputError when `dir` is not a run directory, or is a replay run.
RecordRun open_record_run(const std::filesystem::path& dir);

}  // namespace abt
