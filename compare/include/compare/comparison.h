// `abtool diff A B`: per point A vs B, judged (judge.h), with what every printer and the report
// show beside the verdict (IR delta, output bits, best vs best, compile times), and the
// warnings a user must not miss (identical code, differing inputs, shapes or timers).
#pragma once
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "compare/point_groups.h"
#include "compare/compile_stages.h"
#include "compare/counter_delta.h"
#include "compare/ir_delta.h"
#include "compare/judge.h"
#include "compare/metric_comparison.h"
#include "passes/explanation.h"
#include "passes/pass_table.h"
#include "verdict/verdict.h"
#include "rundir/run_data.h"

namespace abt {

// Where A's own code gives other output bits run twice (OutputComparison::a_self_max_abs), B's
// difference from A is read against that spread: within twice it, B is as nondeterministic as A.
inline bool within_own_spread(const OutputComparison& bits) {
  return bits.a_self_max_abs && bits.max_abs <= 2 * *bits.a_self_max_abs;
}

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
  std::string op;                        // the point's op
  std::optional<SideSummary> a, b;
  bool timed() const { return a && b; }  // both sides measured
  double speedup = 0;                    // A / B: above 1 means B is faster
  double speedup_low = 0, speedup_high = 0;
  Verdict verdict = Verdict::missing;
  // The measured binaries (and configs) of both sides are byte-identical: the verdict is SAME
  // whatever the timing says, and `timing_verdict` keeps what the timing and its trust checks
  // said (A/A runs measure the statistics' false-positive rate from it).
  bool identical_code = false;
  std::optional<Verdict> timing_verdict;  // timed points only
  std::optional<InstructionDecision> instructions;  // the counts (--metric instructions)
  // What `verdict` was decided from: the counts wherever both sides carry them.
  Metric metric() const { return instructions ? Metric::instructions : Metric::time; }
  // The time's own verdict: the verdict, or where the counts decided it, the timing's.
  Verdict time_verdict() const { return instructions ? timing_verdict.value_or(Verdict::untrusted) : verdict; }
  // What the geomeans are of: A's time / B's where the time is trusted (its verdict FASTER, SLOWER,
  // SAME or AMBIGUOUS), B's instructions / A's where both sides counted them.
  std::optional<double> trusted_speedup() const;
  std::optional<double> instruction_ratio() const;
  // What is said beside the verdict, in order (finding.h): why it is untrusted, ambiguous, failed or
  // missing, the trust checks that fired, identical code, the counts' decision.
  std::vector<Finding> findings;
  std::string note() const { return findings_text(findings); }  // the sentences (JSON's note)
  // As text, md and csv show it: each code a reader may look up after its sentence ("[host_busy]").
  std::string coded_note() const { return findings_text(findings, true); }
  bool has_shown_code() const;  // a finding whose code coded_note shows
  bool in_process_pair = false;          // decided from B's interleaved baseline (A's code in B's process)
  std::optional<double> drift_pct;       // A's code now (B's process) against A's record, when paired
  std::optional<double> noise_floor_pct;
  double effective_threshold_pct = 0;
  std::optional<bool> same_config;
  std::optional<bool> ir_changed;        // the normalised code differs (ir_delta.h)
  std::optional<IrDelta> ir_delta;
  std::optional<PassExplanation> passes;  // diff --passes: where inside the compiler the code parts
  std::optional<CounterDelta> counters;  // --counters: both sides' hardware counters and the `why` line
  std::optional<bool> same_output;       // output bits identical
  std::optional<OutputComparison> output_bits;  // B against A's code on the same inputs (interleaved replays)
  std::optional<RetuneComparison> retune;
  // A captured op (abtool capture): the config the library itself launched at this point, and
  // whether A's sweep picked another.
  std::optional<std::string> library_config;
  std::optional<bool> library_pick_differs;
  ConfigSource a_config_source = ConfigSource::none;  // sweep, or library (record --configs library)
  std::string a_config;  // A's measured config, as config text
  std::optional<double> machine_ratio;   // B/A of the machine probe around this point's rounds
  std::string a_variant, b_variant;
  std::vector<std::string> a_ir, b_ir;   // relative paths
  std::optional<double> a_compile_ms, b_compile_ms;  // of each side's measured variant
  std::optional<CompileProfile> a_compile, b_compile;  // their compiles by stage (compile_stages.h)
  std::optional<Roofline> roofline;      // B's: the point's flops and bytes, the device's peaks
  // Every metric either side measured, judged A against B (metric_comparison.h), in the metric rows'
  // order; where both sides succeeded.
  std::vector<MetricComparison> metrics;
  const MetricComparison* metric(MetricId id) const;
  // The samples the verdict compared (A's code beside B's when paired): views into the runs
  // compare_runs read, valid while those live.
  std::span<const double> a_samples, b_samples;
};

// Compile time is a compiler result too: per op, the geometric mean of B/A over the points whose
// measured variants both have one.
struct OpCompileTime {
  std::string op;
  int points = 0;
  double geomean_ratio = 1;  // B / A: above 1, B compiles slower
  double a_total_ms = 0, b_total_ms = 0;
};

// What a report must not bury, as kinds (a printer picks by kind) with their words.
enum class WarningKind {
  identical_binaries,     // every measured binary of B is A's
  planned_points_differ,
  inputs_differ,
  digests_incomparable,   // the runs digest inputs and outputs in two ways (an older abtool's run)
  timer_settings_differ,
  a_unfinished,
  b_unfinished,
  same_directory,         // A and B are one run
  reversed_order,         // A is a replay of B
  not_a_replay_of_a,
  machine_speed_differs,
  baseline_unavailable,   // B could not run A's stored binary at some points (BASELINE_UNAVAILABLE)
  ir_files_unread,        // IR files a point names that are links, outside the run, or of no known kind
  replays_of_one_record,  // A and B replay the same record: compared build to build over their controls
};
template <>
struct Spellings<WarningKind> {
  static constexpr std::array<std::pair<WarningKind, std::string_view>, 14> table{
      {{WarningKind::identical_binaries, "identical_binaries"},
       {WarningKind::planned_points_differ, "planned_points_differ"},
       {WarningKind::inputs_differ, "inputs_differ"},
       {WarningKind::digests_incomparable, "digests_incomparable"},
       {WarningKind::timer_settings_differ, "timer_settings_differ"},
       {WarningKind::a_unfinished, "a_unfinished"},
       {WarningKind::b_unfinished, "b_unfinished"},
       {WarningKind::same_directory, "same_directory"},
       {WarningKind::reversed_order, "reversed_order"},
       {WarningKind::not_a_replay_of_a, "not_a_replay_of_a"},
       {WarningKind::machine_speed_differs, "machine_speed_differs"},
       {WarningKind::baseline_unavailable, "baseline_unavailable"},
       {WarningKind::ir_files_unread, "ir_files_unread"},
       {WarningKind::replays_of_one_record, "replays_of_one_record"}}};
};
struct Warning {
  WarningKind kind;
  std::string text;
};

// A run as the comparison saw it, for the report's metadata table.
struct RunSummary {
  std::string dir;
  MetaRecord meta;
  std::map<std::string, int> marker_counts;  // by marker name, over its points
  std::vector<double> round_clocks_mhz;      // every round's SM clock (GPU)
};

struct Comparison {
  std::string a_dir, b_dir;
  JudgingRule rule;  // what it was judged by
  std::vector<PointComparison> points;
  std::vector<Warning> warnings;
  bool all_binaries_identical = false;
  // Each geomean is of one metric over the points whose measure of it is trusted. The time's: over
  // the points whose time verdict (the verdict, or where the counts decided it the time's own) is
  // FASTER, SLOWER, SAME or AMBIGUOUS. The counts': B/A, over the points they decided.
  std::optional<double> geomean_speedup;
  int time_trusted = 0;  // the points geomean_speedup is over
  std::optional<double> instruction_geomean_ratio;
  std::vector<OpCompileTime> compile_times;
  // Why A's and B's compile times were not measured alike, where they were not ("" where they
  // were): a record compiles a sweep's candidates at once, a replay one variant a point.
  std::string compile_times_unlike;
  std::vector<const PointComparison*> slowest_compiles;  // B's compile slower: largest B/A ratios first (at most 3)
  std::vector<const PointComparison*> fastest_compiles;  // B's compile faster: smallest B/A ratios first (at most 3)
  std::vector<OpCompileStages> compile_stages;  // per op, where both sides' compiles carry stages
  std::optional<double> retuned_geomean_speedup;  // best vs best, over the trusted points B re-tuned
  std::optional<PointGroups> groups;  // diff --group-by: the points summed up per op, shape or dtype
  RunSummary a_run, b_run;
  int count(Verdict verdict) const;
  int optimum_moved() const;  // points whose B's own best config is not A's
  int retuned() const;  // points B re-tuned (replay --retune)
  int decided_by_instructions() const;
  std::string instruction_tools() const;  // what counted them, as the summaries name it: "callgrind", "cupti"
  int with_counters() const;
  int explained() const;  // points with a first divergent pass or stage (diff --passes)
  // The metrics some point compares, in the metric rows' order (what the exporters make columns of).
  std::vector<MetricId> metrics_compared() const;
  bool has_significant_regression() const { return count(Verdict::slower) > 0; }
};

// diff --passes: the report's explained points counted by where their code first differs, with
// their verdicts and speedups (passes/pass_table.h); empty without --passes.
std::vector<PassTableRow> pass_table_of(const Comparison& report);

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

// Every point of A and B judged by `rule`. The comparison refers to `a` and `b` (a_samples,
// b_samples): they must outlive it.
// Both are replays of the same record (two builds of a history): diff compares them build to build.
bool replays_of_one_record(const RunData& a, const RunData& b);
Comparison compare_runs(const RunData& a, const RunData& b, const JudgingRule& rule = {});
// The report's geomeans from its rows (compare_runs calls it; a report whose rows were changed
// after calls it again).
void summarize_geomeans(Comparison& report);

}  // namespace abt
