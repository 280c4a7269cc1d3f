// The end of `abtool capture`: each captured specialization compiled and launched once, on its
// captured inputs, and compared with its captured outputs by record's own gate (`abtool record
// --configs library` at the least timing, in a child process: a kernel that faults the device
// takes the child, not the capture). What passes is what `record` can measure.
//
// The record starts with the workload (capture/check_handshake.h): its compiler's start and the
// import of the workload's libraries (seconds, for torch and FlagGems) happen while the workload
// runs, and only the checking itself follows it.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "capture_manifest.h"
#include "util/files.h"

namespace abt::capture {

class PendingCheck {
 public:
  // Starts the record for the capture that will be written at `dir`, with the Triton of `python`.
  // `program`: the abtool to run (empty: this one; a test names a stand-in).
  PendingCheck(const std::filesystem::path& dir, const std::string& python, const std::string& program = "");
  // A check never finished: its record is stopped (SIGTERM; SIGKILL if it has not ended in 10 s).
  ~PendingCheck();
  PendingCheck(const PendingCheck&) = delete;
  PendingCheck& operator=(const PendingCheck&) = delete;

  // Where the shim lists the modules of the kernels it sees (ABTOOL_CAPTURE_IMPORTS).
  const std::filesystem::path& imports_dir() const { return handshake_.path(); }
  // The capture is complete at `dir`: the record checks it; its run.log is kept as dir/check.log,
  // its run directory removed. `seconds` counts from here: what the check adds after the workload.
  CaptureManifest::ReplayCheck finish();

 private:
  struct Child;
  std::filesystem::path dir_;
  TempDir handshake_;
  std::unique_ptr<Child> child_;
  std::string not_started_;  // why the record could not start
};

}  // namespace abt::capture
