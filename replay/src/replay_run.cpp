#include "replay/replay_run.h"

#include "replay/replay_chooser.h"
#include "replay/replay_source.h"

namespace abt {

RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const RunDirectory::Echo& echo) {
  RecordRun a = open_record_run(from);
  RunRequest request = resolve_request(options, RunMode::replay, a.defaults());
  request.replay_from = a.layout.dir();
  RunPlan plan(std::move(request));
  ReplayChooser chooser(*a.record);
  return execute_run(plan, &chooser, echo);
}

}  // namespace abt
