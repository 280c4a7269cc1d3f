#include <fmt/format.h>

#include "commands.h"
#include "shards/merge.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {

int run_merge(const MergeOptions& options) {
  std::vector<std::filesystem::path> shards(options.shards.begin(), options.shards.end());
  refuse_output_inside(options.out, shards, "merge");
  MergeOutcome outcome = merge_runs(options.out, shards, options.command_line);
  fmt::print("merged {} shards: {} points ({} FAILED) -> {}\n", outcome.shards, outcome.points, outcome.failed,
             options.out.string());
  return kExitOk;
}

}  // namespace abt
