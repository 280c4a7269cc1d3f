// `record|replay --gpus LIST|all` (docs/scale-out.md: "Several GPUs"): one run over several GPUs of one
// model. The points are split as `--shard I/N` splits them (consecutive parts of about equal
// expected cost), one part per GPU, each a supervised run of its own under OUT/parts/ (so a
// crash or hang on one GPU fails only its point there); a replay's A and B of a point run in the
// same worker, so on the same GPU. One progress line covers them all. When every part finished,
// they are merged into OUT (shards/merge.h): one run directory whose points name their GPU.
// A stopped run keeps its parts; `--resume OUT` finishes them and merges.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "launch/gpu_list.h"
#include "model/vocabulary.h"

namespace abt {

// The GPUs `list` names ("0,2" or "all") among those visible. InputError (exit 2) for an index
// that is not there, one given twice, a machine without GPUs, or GPUs of different models.
std::vector<GpuIdentity> select_gpus(const std::string& list);

struct FleetRun {
  RunMode mode = RunMode::record;
  std::vector<std::string> args;          // the measuring command line after the program, without --gpus and --out
  std::vector<std::string> command_line;  // as the user gave it (the merged run's meta.json)
  std::filesystem::path out;              // the run directory to create
  std::vector<GpuIdentity> gpus;          // two or more
};

// Runs every part to its end, merges them, prints the result table; returns abtool's exit code.
int supervise_on_gpus(const FleetRun& run);

// True when `dir` is a --gpus run that has not been merged yet (it holds gpus.json).
bool is_unmerged_gpu_run(const std::filesystem::path& dir);
// `--resume DIR` of such a run: the unfinished parts are finished, then merged.
int resume_on_gpus(const std::filesystem::path& dir, RunMode mode, std::optional<double> point_timeout_s);

}  // namespace abt
