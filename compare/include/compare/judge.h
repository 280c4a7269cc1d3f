// Where a point's verdict and its trust checks are decided (docs/verdicts.md):
// the statistics first (verdict.h's decide, on the pair the point's runs measured), then each
// trust check (finding.h: replay_fallback ... outliers, metrics_disagree, in the order applied),
// a named rule with its numbers, that can make a claim UNTRUSTED or add a note, then the
// identical-code rule. Every printer and the report read the judgement; none decides again.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "verdict/instruction_verdict.h"
#include "verdict/verdict.h"
#include "model/point_record.h"

namespace abt {

// When the machine probe (graphtime/machine_probe.h) differs between the runs by more than
// kMachineSpeedTolerance, the verdict is also computed with B's times scaled by that change; if
// the two verdicts disagree, a FASTER/SLOWER point becomes UNTRUSTED (the machine could explain
// the difference); a SAME point stays SAME. A pair measured in one process needs no probe; its
// drift (A's code now against A's record) makes a FASTER/SLOWER UNTRUSTED only beyond the same
// tolerance and beyond the change itself.
inline constexpr double kMachineSpeedTolerance = 0.10;

// What the judge is given: both sides of a point as their runs recorded them, and which of A's
// measurements is the one compared (A's code beside B's in B's process, when B interleaved).
struct PointEvidence {
  const PointRecord& a;   // A's run's record of the point
  const PointRecord& b;   // B's
  bool in_process_pair = false;  // B holds A's code measured beside it (b.baseline)
  const Measurement& a_measured;
  const SampleSummary& a_summary;
};

struct Judgement {
  Verdict verdict = Verdict::ambiguous;
  std::optional<InstructionDecision> instructions;  // both sides counted (--metric instructions)
  Metric metric() const { return instructions ? Metric::instructions : Metric::time; }  // what `verdict` was decided from
  Verdict timing_verdict = Verdict::ambiguous;  // what the time's statistics and its trust checks said
  Decision decision;                            // the statistics alone
  // What a printer shows beside the verdict, in its order: identical code, the counts' decision,
  // the statistics' reason, every trust check that fired (in the order applied), the reference.
  std::vector<Finding> findings;
  bool premise_holds = true;                    // no check of the comparison's premise fired (the first five)
  bool identical_code = false;                  // the same binary at the same config on both sides
  std::optional<double> drift_pct;              // paired: A's code now against A's record
  std::optional<double> machine_ratio;          // two processes: B/A of the machine probe
  std::string note() const { return findings_text(findings); }  // what the table prints
  bool has(FindingCode code) const;
};

// Judged by `rule` (its thresholds, the bootstrap's shortcuts or not). Where both
// sides of the compared pair carry instruction counts, they decide (instruction_verdict.h): of
// the trust checks only the premise of one config holds for them (a fallback sweep, differing
// configs: UNTRUSTED); the machine's state cannot change a count. The time's verdict is kept,
// and where its interval lies wholly the other way (fewer instructions, but slower: a memory-bound
// kernel, another instruction mix) the point is UNTRUSTED: neither metric alone says what B did.
Judgement judge_point(const PointEvidence& evidence, const JudgingRule& rule);

}  // namespace abt
