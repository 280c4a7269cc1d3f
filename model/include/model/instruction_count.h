// How many instructions one call of a variant executed: the kernel call alone (counted with the
// call's arguments as the verification gate sees them, after one uncounted call that resolved
// the variant's lazy bindings), counted more than once so a run can see whether the code is
// deterministic on its inputs. Identical code on identical inputs gives equal counts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace abt {

struct InstructionCount {
  std::string tool;             // what counted: "callgrind"
  std::vector<uint64_t> calls;  // each counted call, in order (at least one)

  uint64_t value() const { return calls.empty() ? 0 : calls.front(); }
  // The calls' counts differ: by how much at most, relative to the smallest (0 when they agree).
  double spread() const;
};

}  // namespace abt
