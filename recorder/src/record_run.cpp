#include "recorder/record_run.h"

#include "recorder/sweep.h"

namespace abt {

RunOutcome record_run(RunPlan& plan, const RunDirectory::Echo& echo, StepWatch* watch) {
  SweepChooser sweep;
  return execute_run(plan, RunHooks{.chooser = sweep}, echo, watch);
}

}  // namespace abt
