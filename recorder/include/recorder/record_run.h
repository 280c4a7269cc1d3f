// `abtool record`: side A. Each point's config is chosen by a sweep of its whole config space
// (sweep.h), stored in autotune.sqlite with every candidate, and the winner is measured.
#pragma once
#include "engine/run.h"

namespace abt {

RunOutcome record_run(RunPlan& plan, const RunDirectory::Echo& echo = {}, StepWatch* watch = nullptr);

}  // namespace abt
