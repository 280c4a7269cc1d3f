#include "recorder/record_run.h"

#include "recorder/library_pick.h"
#include "recorder/sweep.h"

namespace abt {

RunOutcome record_run(RunPlan& plan, const RunDirectory::Echo& echo, StepWatch* watch) {
  SweepChooser sweep;
  LibraryPickChooser library;
  ConfigChooser& chooser = plan.request().configs == ConfigPolicy::library ? static_cast<ConfigChooser&>(library) : sweep;
  return execute_run(plan, RunHooks{.chooser = chooser}, echo, watch);
}

}  // namespace abt
