#include "replay/replay_source.h"

#include <fmt/format.h>

#include "rundir/gpu_parts.h"
#include "rundir/results_file.h"
#include "rundir/run_lock.h"
#include "util/errors.h"

namespace abt {
namespace fs = std::filesystem;

RecordRun open_record_run(const fs::path& dir) {
  const std::string where = "--from " + dir.string();
  if (!fs::is_directory(dir)) throw InputError(where + ": no such run directory");
  RecordRun run;
  run.layout = RunLayout(fs::absolute(dir).lexically_normal());
  refuse_unmerged_gpu_run(run.layout.dir());
  if (!fs::exists(run.layout.meta())) throw InputError(where + ": not a run directory (no meta.json)");
  run.meta = MetaRecord::read(run.layout.meta());
  if (run.meta.mode == RunMode::replay)
    throw InputError(where + " is a replay run (replay of " +
                     (run.meta.replay_from ? run.meta.replay_from->string() : std::string("?")) +
                     "); --from must name a record run");
  // A that did not finish: a baseline only once nobody writes it, and only where it has points.
  if (run.meta.status != RunStatus::finished) {
    if (auto writer = run_writer(run.layout.dir()))
      throw InputError(fmt::format("{}: still being recorded (abtool pid {} writes it); replay it once it has finished", where,
                                   *writer));
  }
  run.points = read_run(run.layout.dir(), ResultsFile::Samples::skip);
  if (run.meta.status != RunStatus::finished && run.points.results.points.empty())
    throw InputError(fmt::format("{}: A did not finish (status {}) and has no point; `abtool record --resume {}` measures them",
                                 where, spelling(run.meta.status), run.layout.dir().string()));
  // After the causes above: a record killed as it began has neither points nor shapes.yaml yet.
  if (!fs::is_regular_file(run.layout.shapes())) throw InputError(where + ": no shapes.yaml in the run directory");
  run.record = AutotuneStore::open_record(run.layout.autotune_db());
  return run;
}

RunDefaults RecordRun::defaults() const {
  RunDefaults defaults;
  defaults.ops = meta.selection.ops;
  defaults.ops_dir = meta.selection.ops_dir;
  defaults.shapes = layout.shapes();  // the shapes A actually used
  defaults.dtypes = meta.selection.dtypes;
  defaults.seed = meta.seed;
  // B compiles with A's compiler unless told otherwise: `--compiler-flags` alone changes only the flags.
  defaults.compiler = meta.selection.compiler;
  defaults.timing.timer = meta.timing.timer;
  defaults.timing.warmup_ms = meta.timing.warmup_ms;
  defaults.timing.rep_ms = meta.timing.rep_ms;
  defaults.timing.rounds = meta.timing.rounds;
  defaults.metric = meta.metric;
  defaults.shard = meta.selection.shard;  // a shard of A is replayed as the same shard: A's points
  if (defaults.shard) defaults.shard_points = ResultsFile::read(layout.results(), ResultsFile::Samples::skip).planned;
  return defaults;
}

}  // namespace abt
