// `abtool diff A B`: per point A vs B with a bootstrap interval and a verdict, plus the
// warnings a user must not miss (identical code, differing inputs, shapes or timers).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rundir/run_data.h"
#include "rundir/spelling.h"

namespace abt {

enum class Verdict { faster, slower, same, untrusted, failed, missing };
template <>
struct Spellings<Verdict> {
  static constexpr std::array<std::pair<Verdict, std::string_view>, 6> table{
      {{Verdict::faster, "FASTER"}, {Verdict::slower, "SLOWER"}, {Verdict::same, "SAME"},
       {Verdict::untrusted, "UNTRUSTED"}, {Verdict::failed, "FAILED"}, {Verdict::missing, "MISSING"}}};
};

struct PointComparison {
  std::string id;
  std::optional<double> a_us, b_us;      // medians
  double speedup = 0;                    // A / B: above 1 means B is faster
  double speedup_low = 0, speedup_high = 0;
  Verdict verdict = Verdict::missing;
  std::string note;                      // why untrusted / failed / missing, markers
  std::optional<bool> same_config;
  std::optional<bool> ir_changed;
  std::optional<bool> same_output;       // output bits identical
  std::optional<double> machine_ratio;   // B/A of the machine probe around this point's rounds
  std::string a_variant, b_variant;
  std::vector<std::string> a_ir, b_ir;   // relative paths
};

struct Comparison {
  std::string a_dir, b_dir;
  double threshold_pct = 2.0;
  std::vector<PointComparison> points;
  std::vector<std::string> warnings;
  bool all_binaries_identical = false;
  std::optional<double> geomean_speedup;  // over trusted points (FASTER, SLOWER, SAME)
  int count(Verdict verdict) const;
  bool has_significant_regression() const { return count(Verdict::slower) > 0; }
  nlohmann::json to_json() const;  // schema abtool.diff/2
};

// FASTER/SLOWER need both: the bootstrap interval of the ratio excludes 1, and the change is at
// least `threshold_pct`. Anything smaller is SAME: real, perhaps, but not worth acting on.
// When the machine probe (graphtime/machine_probe.h) differs between the runs by more than
// kMachineSpeedTolerance, the verdict is also computed with B's times scaled by that change; if
// the two verdicts disagree, a FASTER/SLOWER point becomes UNTRUSTED (the machine could explain
// the difference); a SAME point stays SAME.
inline constexpr double kMachineSpeedTolerance = 0.10;
Comparison compare_runs(const RunData& a, const RunData& b, double threshold_pct);

}  // namespace abt
