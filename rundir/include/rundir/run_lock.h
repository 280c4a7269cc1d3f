// One writer per run directory. A new run claims its directory by creating RUN/lock exclusively
// (two `record --out X` started together: one gets exit 2); while a run is written, the process
// that writes it (RunDirectory: the worker, not its supervisor) holds an flock on RUN/lock, which
// names its pid (a second `--resume` gets exit 2 naming it), so no process can write into a run
// another one owns. The kernel drops the flock when the holder dies, so a killed run can be
// resumed at once. RUN/lock is opened without following a link.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

namespace abt {

class RunLock {
 public:
  // Holds the flock of an existing run directory. InputError naming the holder's pid if another
  // process holds it, or when RUN/lock is not a plain file (a link). The file keeps the last
  // holder's pid until claim(): a resume refused after taking the lock leaves it as it was.
  explicit RunLock(const std::filesystem::path& dir);
  // Writes this process's pid into the lock file: it writes the run from now on.
  void claim();
  ~RunLock();
  RunLock(RunLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  RunLock& operator=(RunLock&&) = delete;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  friend RunLock claim_new_directory(const std::filesystem::path& dir);
  explicit RunLock(int locked_fd) : fd_(locked_fd) {}
  int fd_ = -1;
};

// The pid of the process writing `dir` now (holding RUN/lock's flock), read without writing
// anything (a run shared read-only can be asked); nullopt when no live process writes it.
std::optional<std::string> run_writer(const std::filesystem::path& dir);

// Creates `dir` (and its parents) and RUN/lock, atomically claiming it for a new run, and holds
// its flock. InputError if `dir` holds anything already: a run is never overwritten.
RunLock claim_new_directory(const std::filesystem::path& dir);

}  // namespace abt
