// Where one variant's compile went, stage by stage, as the compiler exposes its stages: Triton's
// own (ast, ttir, ttgir, llir, ptx, cubin; wall time from its compilation listener), and, with
// --compile-instructions, the instructions each stage executed under Valgrind (in-process stages
// between client requests; a compiler's child processes, ptxas, cc1plus, as, ld, whole, by program).
// Instructions of one compile are deterministic to a few parts per million, where its wall time
// varies by several percent on a shared machine: they decide a compile-time change at 1%.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace abt {

struct CompileStage {
  std::string name;                      // the compiler's own: "ttgir", "cc1plus", "ptxas"
  std::optional<double> ms;              // wall time, where the compiler reports its stages
  std::optional<uint64_t> instructions;  // counted (--compile-instructions)
};

struct CompileProfile {
  std::vector<CompileStage> stages;  // in the order the compiler ran them
  std::string counted_by;            // "callgrind" where the stages' instructions were counted
  // The counted compile built the very binary that was measured: the count is of that compile
  // (false: the compiler is not deterministic, and the count is of a compile of the same input).
  std::optional<bool> same_binary;

  bool counted() const { return !counted_by.empty(); }
  uint64_t total_instructions() const;
  // The compile itself as the compiler timed its stages (Triton: the front end and each backend
  // stage), without starting or forking the compiler's process; none where no stage has a time.
  std::optional<double> stages_ms() const;
  const CompileStage* stage(const std::string& name) const;
  // `counted`'s instructions added to this profile's stages (by name; new stages at the end).
  void add_counts(const CompileProfile& counted);
};

}  // namespace abt
