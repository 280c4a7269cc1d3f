// `abtool diff A B`: per point A vs B with a bootstrap interval and a verdict (verdict.h), plus
// the warnings a user must not miss (identical code, differing inputs, shapes or timers).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/ir_delta.h"
#include "compare/verdict.h"
#include "rundir/run_data.h"

namespace abt {

// One side of a point, as the table shows it.
struct SideSummary {
  double median_us = 0;
  size_t n = 0;
  double spread_pct = 0;        // interquartile range over the median
  bool outliers = false;        // the slowest sample lies far above the rest (max > q3 + 3 IQR and > 1.2 q3)
  std::optional<double> clock_mhz;  // median SM clock of its rounds (GPU)
};

// `replay --retune`: A's best against B's own best (each side's own sweep winner).
struct RetuneComparison {
  std::string b_variant;        // B's own best
  bool optimum_moved = false;   // B's best config is not A's
  double speedup = 0, speedup_low = 0, speedup_high = 0;  // A / B's best
  Verdict verdict = Verdict::ambiguous;
  bool identical_code = false;               // A's best and B's best are the same binary: SAME
  Verdict timing_verdict = Verdict::ambiguous;  // what the timing alone said
};

struct PointComparison {
  std::string id;
  std::optional<SideSummary> a, b;
  double speedup = 0;                    // A / B: above 1 means B is faster
  double speedup_low = 0, speedup_high = 0;
  Verdict verdict = Verdict::missing;
  // The measured binaries (and configs) of both sides are byte-identical: the verdict is SAME
  // whatever the timing says, and `timing_verdict` keeps what the timing and its trust checks
  // said (A/A runs measure the statistics' false-positive rate from it).
  bool identical_code = false;
  std::optional<Verdict> timing_verdict;  // timed points only
  std::string note;                      // why untrusted / ambiguous / failed / missing, markers
  bool in_process_pair = false;          // decided from B's interleaved baseline (A's code in B's process)
  std::optional<double> drift_pct;       // A's code now (B's process) against A's record, when paired
  std::optional<double> noise_floor_pct;
  double effective_threshold_pct = 0;
  std::optional<bool> same_config;
  std::optional<bool> ir_changed;        // the normalised code differs (ir_delta.h)
  std::optional<IrDelta> ir_delta;
  std::optional<bool> same_output;       // output bits identical
  std::optional<OutputComparison> output_bits;  // B against A's code on the same inputs (interleaved replays)
  std::optional<RetuneComparison> retune;
  std::optional<double> machine_ratio;   // B/A of the machine probe around this point's rounds
  std::string a_variant, b_variant;
  std::vector<std::string> a_ir, b_ir;   // relative paths
  std::optional<double> a_compile_ms, b_compile_ms;  // of each side's measured variant
};

// Compile time is a compiler result too: per op, the geometric mean of B/A over the points whose
// measured variants both have one.
struct OpCompileTime {
  std::string op;
  int points = 0;
  double geomean_ratio = 1;  // B / A: above 1, B compiles slower
  double a_total_ms = 0, b_total_ms = 0;
};

struct Comparison {
  std::string a_dir, b_dir;
  double threshold_pct = 2.0;
  std::vector<PointComparison> points;
  std::vector<std::string> warnings;
  bool all_binaries_identical = false;
  std::optional<double> geomean_speedup;  // over measured, trusted points (FASTER, SLOWER, SAME, AMBIGUOUS)
  std::vector<OpCompileTime> compile_times;
  std::vector<const PointComparison*> slowest_compiles;  // largest B/A compile-time ratios first (at most 3)
  std::optional<double> retuned_geomean_speedup;  // best vs best, over the trusted points B re-tuned
  int count(Verdict verdict) const;
  int optimum_moved() const;  // points whose B's own best config is not A's
  int retuned() const;  // points B re-tuned (replay --retune)
  bool has_significant_regression() const { return count(Verdict::slower) > 0; }
  nlohmann::json to_json() const;  // schema abtool.diff/5
};

// The "ir_delta" object of diff's JSON (rundir/schemas/diff.schema.json).
nlohmann::json ir_delta_json(const IrDelta& delta);

// What a CI job or `git bisect run` concludes from a report (`diff --fail-on-regression`,
// `diff --bisect`): bad when a point is SLOWER beyond the threshold; otherwise it cannot tell
// when a point is MISSING, FAILED, UNTRUSTED or AMBIGUOUS; else good.
enum class GateOutcome { good, bad, cannot_tell };
struct Gate {
  GateOutcome outcome = GateOutcome::good;
  std::vector<const PointComparison*> regressions;  // SLOWER
  std::vector<const PointComparison*> incomplete;   // MISSING, FAILED, UNTRUSTED
  std::vector<const PointComparison*> undecided;    // AMBIGUOUS
};
Gate gate_of(const Comparison& report);

// When the machine probe (graphtime/machine_probe.h) differs between the runs by more than
// kMachineSpeedTolerance, the verdict is also computed with B's times scaled by that change; if
// the two verdicts disagree, a FASTER/SLOWER point becomes UNTRUSTED (the machine could explain
// the difference); a SAME point stays SAME. A pair measured in one process needs no probe; its
// drift (A's code now against A's record) makes a FASTER/SLOWER UNTRUSTED only beyond the same
// tolerance and beyond the change itself.
inline constexpr double kMachineSpeedTolerance = 0.10;
// `exhaustive_bootstrap`: every resample drawn, and every draw within it (VerdictRule::early_stop
// and ::within off): the bootstrap as defined, slower by up to 100x on big runs; for diff,
// ABTOOL_EXHAUSTIVE_BOOTSTRAP=1, to check that its shortcuts leave the verdicts as they are.
Comparison compare_runs(const RunData& a, const RunData& b, double threshold_pct, bool exhaustive_bootstrap = false);

}  // namespace abt
