// A run directory as diff and replay read it: meta.json and results.json, validated, tolerant of
// runs killed midway (planned points that never finished are simply absent).
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"

namespace abt {

struct RunData {
  RunLayout layout{""};
  MetaRecord meta;
  ResultsFile results;
  std::map<std::string, size_t> index;  // point id -> position in results.points

  const PointRecord* find(const std::string& id) const;
};

// Throws InputError when `dir` is not a run directory, RunFormatError when a file is damaged.
// `samples`: skip reads the points' summaries but not their samples.
RunData read_run(const std::filesystem::path& dir, ResultsFile::Samples samples = ResultsFile::Samples::read);
// The two sides of a comparison, read side by side; A's error first when both are damaged.
std::pair<RunData, RunData> read_runs(const std::filesystem::path& a, const std::filesystem::path& b);
// InputError ("A and B have no point in common: ...") when both planned points and none alike:
// other ops, another shape set. diff and explain refuse such a pair alike.
void require_common_points(const RunData& a, const RunData& b);

}  // namespace abt
