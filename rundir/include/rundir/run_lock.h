// One writer per run directory. A new run claims its directory by creating RUN/lock exclusively
// (two `record --out X` started together: one gets exit 2); while a run is written, its writer
// holds an flock on RUN/lock, which names its pid (a second `--resume` gets exit 2 naming it).
// The kernel drops the flock when the holder dies, so a killed run can be resumed at once.
#pragma once
#include <filesystem>

namespace abt {

// Creates `dir` (and its parents) and RUN/lock, atomically claiming it for a new run. InputError
// if `dir` holds anything already: a run is never overwritten.
void claim_new_directory(const std::filesystem::path& dir);

class RunLock {
 public:
  // Holds the flock of an existing run directory. InputError naming the holder's pid if another
  // process holds it.
  explicit RunLock(const std::filesystem::path& dir);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace abt
