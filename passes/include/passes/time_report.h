// Compile time per pass (issue "Explain II"), as the compiler reports it on stderr: GCC's
// -ftime-report (time variables: "tree vectorization", "scheduling 2"), Clang's -ftime-report (LLVM's
// "Pass execution timing report" sections: "LoopVectorizePass"), MLIR's (Triton's MLIR_ENABLE_TIMING:
// "Execution time report", "TritonGPUCoalesce") beside LLVM's (LLVM_ENABLE_TIMING). Wall times, in
// milliseconds.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace abt {

struct TimeReport {
  std::vector<std::pair<std::string, double>> passes_ms;  // in the report's order, one entry a name
  double total_ms = 0;                                    // the report's own total
  bool empty() const { return passes_ms.empty(); }
};

// The report within `err` (a compile's stderr); empty when it holds none. GCC's "phase ..." lines
// (aggregates of the rest) and "|..." lines (parts of the line above) are left out.
TimeReport read_time_report(std::string_view err);

// `err` without its reports (each from its first "===---" banner to its "Total" line): Triton
// prints MLIR's after each pipeline, between the pass dumps.
std::string without_time_reports(std::string_view err);

// `err` before Clang's first "===---" report banner: its -print-after-all dumps alone.
std::string_view before_time_report(std::string_view err);

// Two compiles' reports set side by side: the passes whose time changed most, largest change first.
struct PassTimeChange {
  std::string pass;
  double a_ms = 0, b_ms = 0;
};
std::vector<PassTimeChange> largest_time_changes(const TimeReport& a, const TimeReport& b, size_t most = 3);

}  // namespace abt
