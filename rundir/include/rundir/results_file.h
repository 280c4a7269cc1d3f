// results.json: every point the run planned (ids, in order) and those it finished. Rewritten
// whole after each point, so a run killed midway leaves a readable file.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "rundir/point_record.h"

namespace abt {

struct ResultsFile {
  bool complete = false;
  std::vector<std::string> planned;
  std::vector<PointRecord> points;

  nlohmann::json to_json() const;
  static ResultsFile read(const std::filesystem::path& file);  // validates; RunFormatError on damage
};

}  // namespace abt
