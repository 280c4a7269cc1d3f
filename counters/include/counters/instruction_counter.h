// Counting the instructions of a variant's call (--metric instructions), never while timing:
// the engine asks after a point's rounds, for each of its timed sides, on the point's arguments.
#pragma once
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "launch/execution_target.h"
#include "launch/workspace.h"
#include "model/instruction_count.h"

namespace abt {

// A variant as a counter loads it: its binary and the symbol the engine calls.
struct CountedVariant {
  std::filesystem::path binary;
  std::string entry_symbol;
  const LoadedVariant* loaded = nullptr;  // a device counter calls the loaded variant itself
};

// The point cannot be counted (the tool failed, the variant cannot run under it): the point's
// time still stands; run.log says why it has no count.
class CountError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class InstructionCounter {
 public:
  virtual ~InstructionCounter() = default;
  // Every variant's calls counted on the workspace's arguments as the gate sees them (inputs as
  // generated, outputs poisoned), in the order given. Throws CountError.
  virtual std::vector<InstructionCount> count(Workspace& workspace, const std::vector<CountedVariant>& variants) const = 0;
  // Whether the points of a batch may be counted side by side (host: one Valgrind process each;
  // a device has one profiler).
  virtual bool parallel() const { return true; }
};

}  // namespace abt
