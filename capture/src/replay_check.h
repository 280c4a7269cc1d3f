// The end of `abtool capture`: each captured specialization compiled and launched once, on its
// captured inputs, and compared with its captured outputs by record's own gate (`abtool record
// --configs library` at the least timing, in a child process: a kernel that faults the device
// takes the child, not the capture). What passes is what `record` can measure.
#pragma once
#include <filesystem>
#include <string>

#include "capture_manifest.h"

namespace abt::capture {

// Checks the capture at `dir` (its ops/ and shapes.yaml) with the Triton of `python`; record's
// run.log is kept as dir/check.log, its run directory removed.
CaptureManifest::ReplayCheck check_by_replaying(const std::filesystem::path& dir, const std::string& python);

}  // namespace abt::capture
