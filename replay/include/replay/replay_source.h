// Side A as replay sees it: a finished or partial `record` run directory, its autotune record,
// and the selection (ops, shapes, dtypes, seed, compiler, timer settings) B inherits unless told
// otherwise.
#pragma once
#include <filesystem>
#include <memory>

#include "engine/run_request.h"
#include "rundir/autotune_store.h"
#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "rundir/run_data.h"

namespace abt {

struct RecordRun {
  RunLayout layout{""};  // absolute
  MetaRecord meta;
  RunData points;        // A's results.json (the points' summaries, not their samples)
  std::unique_ptr<AutotuneStore> record;
  RunDefaults defaults() const;  // what B runs with where an option is absent
};

// Throws InputError when `dir` is not a run directory, is a replay run, is still being recorded,
// or did not finish and has no point; RunFormatError (exit 2) naming the file and field when one of
// its files is damaged.
RecordRun open_record_run(const std::filesystem::path& dir);

}  // namespace abt
