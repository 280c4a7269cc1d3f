// How a point's verdict is decided from two sample sets (docs/verdicts.md).
// A speedup is A/B of the medians (above 1: B is faster) with a 95% bootstrap interval over
// rounds. The change that matters is the effective threshold T = max(--threshold, noise floor),
// the floor being how far A's own rounds disagree with each other in the same process:
//   FASTER / SLOWER  the whole interval lies beyond T (above 1+T, or below 1/(1+T));
//   SAME             the whole interval lies within --threshold of 1;
//   AMBIGUOUS        anything else: the interval crosses a threshold, or the change is real but
//                    below the floor, or there are too few rounds or samples to tell.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "verdict/finding.h"
#include "stats/bootstrap.h"
#include "util/spelling.h"
#include "model/stored_interval.h"
#include "model/vocabulary.h"

namespace abt {

// --threshold when it is not given: the smallest change in percent that counts.
inline constexpr double kDefaultThresholdPct = 2.0;

struct VerdictRule {
  double threshold_pct = kDefaultThresholdPct;
  int min_rounds = 2;        // per side
  size_t min_samples = 10;   // per side
  Pairing pairing = Pairing::independent;  // by_round for an interleaved replay's in-process pair
  // Stop resampling once the verdict is sure to be the one of all 2000 (bootstrap.h, EarlyStop); false:
  // always all 2000 resamples.
  bool early_stop = true;
  WithinRounds within = WithinRounds::computed_when_large;  // bootstrap.h
};

// What would decide an AMBIGUOUS interval at the spread observed (verdict.cpp, rounds_to_decide).
struct RoundsToDecide {
  enum class Outlook { rounds, over_most, never };
  Outlook outlook = Outlook::never;
  int more = 0;  // Outlook::rounds: about how many more rounds
  static constexpr int kMostRounds = 1000;  // beyond this many rounds in all: over_most
};
Finding more_rounds_finding(const RoundsToDecide& to_decide);  // FindingCode::more_rounds

struct Decision {
  Verdict verdict = Verdict::ambiguous;  // faster, slower, same or ambiguous
  RatioInterval speedup;                 // A/B: ratio, low, high
  std::optional<double> noise_floor_pct;
  double effective_threshold_pct = 0;
  std::optional<Finding> undecided;      // what made it AMBIGUOUS: too few samples, below the floor, across a threshold
  // An interval across a threshold: how many more rounds at this spread would decide it (an
  // estimate from the interval as drawn, so not part of `why`, which early stopping keeps exact).
  std::optional<RoundsToDecide> to_decide;
};

// The in-process A-vs-A spread: |median of A's even rounds / median of its odd rounds - 1|, in
// percent; nullopt with fewer than 4 rounds.
std::optional<double> noise_floor_pct(const RoundedSamples& a);

// diff --instructions-threshold when it is not given, in percent of A's count.
inline constexpr double kDefaultInstructionThresholdPct = 0.1;

// How two runs are judged: the change that counts by time and by instruction count, and whether
// the bootstrap may take its shortcuts. Made once where a command reads its options (diff,
// report, explain) and passed whole to every point's judgement.
struct JudgingRule {
  double threshold_pct = kDefaultThresholdPct;
  double instruction_threshold_pct = kDefaultInstructionThresholdPct;
  // Every resample drawn, and every draw within it (VerdictRule::early_stop and ::within off): the
  // bootstrap as defined, slower by up to 100x on big runs (ABTOOL_EXHAUSTIVE_BOOTSTRAP=1), to check
  // that its shortcuts leave the verdicts as they are.
  bool exhaustive_bootstrap = false;

  // The rule a pair of a point is decided by: how its rounds pair (an interleaved replay's
  // in-process pair by round).
  VerdictRule for_pair(bool in_process_pair) const;
};

// `known`: an interval kept from an earlier resampling (model/stored_interval.h); used in place of
// resampling when its `inputs` are interval_inputs(a, b, rule), so the decision is the same either way.
Decision decide(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule,
                const StoredInterval* known = nullptr);

// The digest of everything decide's bootstrap reads: both sides' samples, round sizes and given
// medians, the rule's pairing, threshold, early stop and within-round method, and the bootstrap's
// own version (verdict.cpp, kIntervalVersion). 16 hex digits (zlib's CRC-32 and Adler-32 of them).
std::string interval_inputs(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule);

// B against A as decide resamples it, to be kept with the point (Baseline::interval).
StoredInterval interval_to_keep(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule);

// Each sample times the SM clock of its round: the same comparison in cycles (GPU rounds record
// their clock). Empty when the clocks do not cover every round.
RoundedSamples in_cycles(const RoundedSamples& samples, const std::vector<double>& round_clock_mhz);

}  // namespace abt
