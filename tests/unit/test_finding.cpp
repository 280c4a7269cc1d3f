// Findings are codes with their numbers; their sentences are made only when printed
// (verdict/finding.h). These are the sentences the text, Markdown, CSV and HTML outputs show.
#include <gtest/gtest.h>

#include <set>

#include "verdict/finding.h"

namespace abt {
namespace {

TEST(Finding, EachCodeHasItsSentenceWithItsOwnNumbers) {
  const std::vector<std::pair<Finding, std::string>> said{
      {{FindingCode::missing, {{"in", "A and B"}}}, "missing in A and B"},
      {{FindingCode::failed, {{"side", "B"}, {"error", "verification failed"}}}, "B: verification failed"},
      {{FindingCode::too_few_samples, {{"a_samples", 4LL}, {"b_samples", 5LL}, {"rounds", 1LL}, {"min_samples", 10LL}, {"min_rounds", 2LL}}},
       "too few samples to decide (4 and 5 in 1 rounds; needs 10 in 2)"},
      {{FindingCode::below_noise_floor, {{"noise_floor_pct", 3.456}}}, "a change, but below this point's noise floor of 3.46%"},
      {{FindingCode::crosses_threshold, {{"threshold_pct", 2.0}}}, "the interval crosses the 2.00% threshold: more rounds needed"},
      {{FindingCode::more_rounds, {{"outlook", "rounds"}, {"more", 1LL}}}, "about 1 more round at this spread would decide it"},
      {{FindingCode::more_rounds, {{"outlook", "rounds"}, {"more", 7LL}}}, "about 7 more rounds at this spread would decide it"},
      {{FindingCode::more_rounds, {{"outlook", "over_most"}, {"more", 1000LL}}}, "at this spread it would take over 1000 rounds to decide"},
      {{FindingCode::more_rounds, {{"outlook", "never"}, {"more", 0LL}}},
       "the estimate lies on a threshold: more rounds at this spread will not decide it"},
      {{FindingCode::replay_fallback, {}, true}, "replay fell back to a sweep"},
      {{FindingCode::configs_differ, {}, true}, "configs differ"},
      {{FindingCode::timing_methods_differ, {{"a_method", "graph"}, {"b_method", "direct"}}, true}, "timing methods differ (graph vs direct)"},
      {{FindingCode::gpu_busy, {{"side", "A"}}, true}, "GPU_BUSY in A"},
      {{FindingCode::clock_throttled, {{"side", "B"}}, true}, "CLOCK_THROTTLED in B"},
      {{FindingCode::round_signs, {{"verdict", "FASTER"}, {"agreeing", 9LL}, {"rounds", 11LL}, {"p", 0.0654}}},
       "FASTER by the interval, but only 9 of 11 rounds agree (sign test p = 0.07)"},
      {{FindingCode::sm_cycles, {{"cycles_verdict", "SAME"}, {"clock_pct", -5.0}, {"a_mhz", 1960.0}, {"b_mhz", 1862.0}, {"change_pct", 5.03}}, true},
       "not a change in SM cycles (SAME there): B's SM clock -5.0% (1960 vs 1862 MHz), enough to explain the 5.0% change"},
      {{FindingCode::sm_cycles, {{"cycles_verdict", "AMBIGUOUS"}, {"clock_pct", 0.0}, {"a_mhz", 1960.0}, {"b_mhz", 1960.0}, {"change_pct", 2.4}}},
       "AMBIGUOUS in SM cycles, but B's SM clock +0.0% (1960 vs 1960 MHz) cannot explain the 2.4% change"},
      {{FindingCode::host_busy, {{"side", "B"}, {"detail", "runnable=3.0 cores=2"}, {"factor", 1.5}, {"change", 1.25}}, true},
       "HOST_BUSY in B (runnable=3.0 cores=2): its load could make a change of up to 1.50x, this one is 1.25x"},
      {{FindingCode::host_busy, {{"side", "A"}, {"detail", "runnable=3.0 cores=2"}, {"factor", 1.5}, {"change", 25.0}}},
       "HOST_BUSY in A (runnable=3.0 cores=2), but the 25.00x change is beyond what its load could make (1.50x)"},
      {{FindingCode::drift, {{"drift_pct", -12.34}, {"change_pct", 5.0}}, true},
       "A's code drifted -12.3% since its record: another machine state, and more than the 5.0% change"},
      {{FindingCode::machine_speed, {{"probe_pct", 50.0}}, true}, "machine speed differed: probe +50% in B, which could explain the difference"},
      {{FindingCode::machine_speed, {{"probe_pct", -50.0}}}, "machine speed differed: probe -50% in B"},
      {{FindingCode::outliers, {{"side", "A"}}}, "outliers in A"},
      {{FindingCode::metrics_disagree, {{"instructions", "fewer"}, {"time", "slower"}, {"ratio", 0.98}, {"low", 0.971}, {"high", 0.99},
                                        {"timing_verdict", "AMBIGUOUS"}}, true},
       "the counts and the time disagree: fewer instructions, but slower by time (0.980x [0.971, 0.990], AMBIGUOUS)"},
      {{FindingCode::decided_by_instructions, {{"change_pct", 1.4245}, {"a", 917291LL}, {"b", 930358LL}, {"timing_verdict", "SAME"}}},
       "by instructions: +1.425% (917291 -> 930358); the time said SAME"},
      {{FindingCode::instructions_a_zero}, "A's call counted no instruction"},
      {{FindingCode::instructions_nondeterministic, {{"spread_pct", 0.2}}},
       "instruction counts of the same code differ by up to 0.200%: not deterministic on these inputs"},
      {{FindingCode::identical_code, {{"metric", "timing"}, {"alone", "SAME"}}}, "identical code"},
      {{FindingCode::identical_code, {{"metric", "timing"}, {"alone", "FASTER"}}}, "identical code (the timing alone said FASTER)"},
      {{FindingCode::verified_against_baseline}, "verified against A's output, not an independent reference"},
  };
  std::set<FindingCode> covered;
  for (const auto& [finding, sentence] : said) {
    EXPECT_EQ(finding_text(finding), sentence) << spelling(finding.code);
    covered.insert(finding.code);
  }
  EXPECT_EQ(covered.size(), Spellings<FindingCode>::table.size()) << "every code has a sentence here";
  EXPECT_EQ(findings_text({said[0].first, said[1].first}), "missing in A and B; B: verification failed");
}

TEST(Finding, AFieldOfAnotherKindOrNameIsAnErrorNotAGuess) {
  const Finding finding{FindingCode::drift, {{"drift_pct", 12.5}, {"change_pct", 5LL}}};
  EXPECT_EQ(finding.number("change_pct"), 5.0) << "an integer reads as a number";
  EXPECT_THROW(finding.integer("drift_pct"), std::bad_variant_access);
  EXPECT_THROW(finding.text("side"), std::out_of_range);
}

}  // namespace
}  // namespace abt
