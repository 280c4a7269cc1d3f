#include "rundir/run_data.h"

#include <fmt/format.h>

#include <set>

#include "rundir/gpu_parts.h"
#include "model/json_fields.h"
#include "util/errors.h"
#include "util/parallel.h"

namespace abt {
namespace fs = std::filesystem;

const PointRecord* RunData::find(const std::string& id) const {
  auto found = index.find(id);
  return found == index.end() ? nullptr : &results.points[found->second];
}

RunData read_run(const fs::path& dir, ResultsFile::Samples samples) {
  RunData run;
  run.layout = RunLayout(dir);
  if (!fs::is_directory(dir)) throw InputError(dir.string() + ": no such run directory");
  refuse_unmerged_gpu_run(dir);
  if (!fs::exists(run.layout.meta()) && !fs::exists(run.layout.results()))
    throw InputError(dir.string() + ": not a run directory (no meta.json or results.json)");
  // A run's own files, never another's through a link (a run directory is shared).
  for (const fs::path& file : {run.layout.meta(), run.layout.results(), run.layout.samples()})
    if (fs::is_symlink(fs::symlink_status(file)))
      throw InputError(file.string() + ": a link; abtool reads a run's files only from inside it");
  run.meta = MetaRecord::read(run.layout.meta());
  run.results = ResultsFile::read(run.layout.results(), samples);
  // A run that ended wrote its results' last line: without it the file was cut short.
  if (run.meta.status != RunStatus::running && !run.results.ended)
    throw RunFormatError(fmt::format("{}: not valid JSON (truncated or damaged at byte {}: meta.json says the run is "
                                     "'{}', but the file stops before its last line)",
                                     run.layout.results().string(), run.results.ends_at_byte, spelling(run.meta.status)));
  // ResultsFile::read refused a point given twice.
  for (size_t i = 0; i < run.results.points.size(); ++i) run.index.emplace(run.results.points[i].id(), i);
  return run;
}

namespace {

// The ops a run planned, for saying what it holds: "cpu_saxpy, cpu_softmax".
std::string planned_ops(const RunData& run) {
  std::set<std::string> ops;
  for (const auto& id : run.results.planned) ops.insert(id.substr(0, id.find('/')));
  return ops.empty() ? "none" : fmt::format("{}", fmt::join(ops, ", "));
}

}  // namespace

// Two runs that planned no point alike (other ops, another shape set): a mistake, not a comparison.
void require_common_points(const RunData& a, const RunData& b) {
  if (a.results.planned.empty() || b.results.planned.empty()) return;
  const std::set<std::string> in_a(a.results.planned.begin(), a.results.planned.end());
  for (const auto& id : b.results.planned)
    if (in_a.count(id)) return;
  throw InputError(fmt::format("A and B have no point in common: A planned {} point(s) of {}, B {} of {}", in_a.size(),
                               planned_ops(a), b.results.planned.size(), planned_ops(b)));
}

std::pair<RunData, RunData> read_runs(const fs::path& a, const fs::path& b) {
  std::pair<RunData, RunData> runs;
  for_each_index(2, [&](size_t side) {
    if (side == 0) runs.first = read_run(a);
    else runs.second = read_run(b);
  });
  return runs;
}

}  // namespace abt
