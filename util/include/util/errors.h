// Error kinds that decide abtool's exit code (SPEC section 4).
#pragma once
#include <stdexcept>
#include <string>

namespace abt {

// 3 is not in the contract: it means a bug or a broken environment (full disk, ...), never user input.
enum ExitCode : int { kExitOk = 0, kExitPointFailed = 1, kExitBadInput = 2, kExitInternal = 3 };

// Bad input or usage: the message names the file, field or point. Exit code 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A failure confined to one point or variant (compile, launch, verify); the run goes on.
class PointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A kernel faulted (illegal address, trap, ...): the CUDA context is lost for this process, so
// nothing after it on that device can be measured. The run records it and stops.
class DeviceFault : public PointError {
 public:
  using PointError::PointError;
};

// A file could not be written (a full disk, a read-only filesystem), with the OS's reason: the
// run stops (exit 3) and leaves its files as they were, to be resumed once there is room.
class StorageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SIGINT or SIGTERM arrived: the run stops at its next step and is marked interrupted; abtool
// exits with 128 + the signal (130, 143).
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

// "file:line: field: reason", the shape every input error takes.
std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& reason);

}  // namespace abt
