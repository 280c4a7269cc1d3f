// `abtool replay --from A`: B's run with A's choices, through the recorder's plan -> run API.
#pragma once
#include "recorder/run.h"

namespace abt {

// Opens A (options.from), resolves B's request from A's selection and the options given, and runs
// it with A's recorded configs. Throws InputError (exit 2) for a bad or damaged A.
RunOutcome replay_run(const std::filesystem::path& from, const RunOptions& options, const RunDirectory::Echo& echo = {});

}  // namespace abt
