// `abtool merge OUT RUN...`: the N shard runs of one selection (`--shard I/N`, each finished) as
// one run directory, as if it had been measured whole: every point, the IR and binaries, the
// index, the autotune record; `diff` and `replay --from` take it like any run.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "rundir/run_directory.h"

namespace abt {

struct MergeOutcome {
  size_t points = 0, failed = 0;
  int shards = 0;
};

// InputError (exit 2), naming the runs, when they are not the N shards of one selection: a run
// that is not a shard or did not finish, shards of different selections, compilers, timer
// settings, seeds, replay sources or GPU models, a shard given twice or missing, a point in two
// shards, or two shards whose IR or binary files of the same name differ. OUT must not exist or
// be empty; nothing is written before every check passed. Shards that ran on different devices
// list them all in the merged meta.json ("gpus"). `heading`: run.log's first line (default: the
// merge's own).
MergeOutcome merge_runs(const std::filesystem::path& out, const std::vector<std::filesystem::path>& shards,
                        const std::vector<std::string>& command_line, const RunDirectory::Echo& echo = {},
                        const std::string& heading = {});

}  // namespace abt
