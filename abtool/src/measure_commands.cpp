// record and replay: resolve the options, run through the recorder's plan -> run API, print
// the result table.
#include <fmt/format.h>

#include <cstdio>

#include "commands.h"
#include "default_paths.h"
#include "recorder/run.h"
#include "rundir/result_table.h"
#include "util/errors.h"

namespace abt {
namespace {

void echo_line(const std::string& line) {
  fmt::print("{}\n", line);
  std::fflush(stdout);
}

int finish(const RunOutcome& outcome) {
  fmt::print("\n{}", result_table(outcome.points));
  fmt::print("run directory: {}\n", outcome.dir.string());
  return outcome.failed ? kExitPointFailed : kExitOk;
}

}  // namespace

int run_record(const RunOptions& options) {
  RunPlan plan(resolve_request(options, RunMode::record, record_defaults()));
  return finish(execute_run(plan, {}, echo_line));
}

int run_replay(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay) {
  return finish(replay_run(from, options, replay, echo_line));
}

}  // namespace abt
