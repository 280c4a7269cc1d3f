// Findings are codes with their numbers; their sentences are made only when printed
// (verdict/finding.h). These are the sentences the text, Markdown, CSV and HTML outputs show.
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "verdict/finding.h"

namespace abt {
namespace {

TEST(Finding, EachCodeHasItsSentenceWithItsOwnNumbers) {
  const std::vector<std::pair<Finding, std::string>> said{
      {{FindingCode::missing, {{FindingField::in_, "A and B"}}}, "missing in A and B"},
      {{FindingCode::failed, {{FindingField::side, "B"}, {FindingField::error, "verification failed"}}}, "B: verification failed"},
      {{FindingCode::too_few_samples, {{FindingField::a_samples, 4LL}, {FindingField::b_samples, 5LL}, {FindingField::rounds, 1LL}, {FindingField::min_samples, 10LL}, {FindingField::min_rounds, 2LL}}},
       "too few samples to decide (4 and 5 in 1 rounds; needs 10 in 2)"},
      {{FindingCode::below_noise_floor, {{FindingField::noise_floor_pct, 3.456}}}, "a change, but below this point's noise floor of 3.46%"},
      {{FindingCode::crosses_threshold, {{FindingField::threshold_pct, 2.0}}}, "the interval crosses the 2.00% threshold: more rounds needed"},
      {{FindingCode::crosses_threshold, {{FindingField::threshold_pct, 18.97}, {FindingField::noise_floor_pct, 18.97}}},
       "the interval crosses 18.97%, this point's noise floor (the bar where it is above the threshold): more rounds needed"},
      {{FindingCode::more_rounds, {{FindingField::outlook, "rounds"}, {FindingField::more, 1LL}}}, "about 1 more round at this spread would decide it"},
      {{FindingCode::more_rounds, {{FindingField::outlook, "rounds"}, {FindingField::more, 7LL}}}, "about 7 more rounds at this spread would decide it"},
      {{FindingCode::more_rounds, {{FindingField::outlook, "over_most"}, {FindingField::more, 1000LL}}}, "at this spread it would take over 1000 rounds to decide"},
      {{FindingCode::more_rounds, {{FindingField::outlook, "never"}, {FindingField::more, 0LL}}},
       "the estimate lies on a threshold: more rounds at this spread will not decide it"},
      {{FindingCode::replay_fallback, {}, true}, "replay fell back to a sweep"},
      {{FindingCode::configs_differ, {}, true}, "configs differ"},
      {{FindingCode::timing_methods_differ, {{FindingField::a_method, "graph"}, {FindingField::b_method, "direct"}}, true}, "timing methods differ (graph vs direct)"},
      {{FindingCode::gpu_busy, {{FindingField::side, "A"}}, true}, "GPU_BUSY in A"},
      {{FindingCode::clock_throttled, {{FindingField::side, "B"}}, true}, "CLOCK_THROTTLED in B"},
      {{FindingCode::round_signs, {{FindingField::verdict, "FASTER"}, {FindingField::agreeing, 9LL}, {FindingField::rounds, 11LL}, {FindingField::p, 0.0654}}},
       "FASTER by the interval, but only 9 of 11 rounds agree (sign test p = 0.07)"},
      {{FindingCode::sm_cycles, {{FindingField::cycles_verdict, "SAME"}, {FindingField::clock_pct, -5.0}, {FindingField::a_mhz, 1960.0}, {FindingField::b_mhz, 1862.0}, {FindingField::change_pct, 5.03}}, true},
       "not a change in SM cycles (SAME there): B's SM clock -5.0% (1960 vs 1862 MHz), enough to explain the 5.0% change"},
      {{FindingCode::sm_cycles, {{FindingField::cycles_verdict, "AMBIGUOUS"}, {FindingField::clock_pct, 0.0}, {FindingField::a_mhz, 1960.0}, {FindingField::b_mhz, 1960.0}, {FindingField::change_pct, 2.4}}},
       "AMBIGUOUS in SM cycles, but B's SM clock +0.0% (1960 vs 1960 MHz) cannot explain the 2.4% change"},
      {{FindingCode::host_busy, {{FindingField::side, "B"}, {FindingField::detail, "runnable=3.0 cores=2"}, {FindingField::factor, 1.5}, {FindingField::change, 1.25}}, true},
       "HOST_BUSY in B (runnable=3.0 cores=2): its load could make a change of up to 1.50x, this one is 1.25x"},
      {{FindingCode::host_busy, {{FindingField::side, "A"}, {FindingField::detail, "runnable=3.0 cores=2"}, {FindingField::factor, 1.5}, {FindingField::change, 25.0}}},
       "HOST_BUSY in A (runnable=3.0 cores=2), but the 25.00x change is beyond what its load could make (1.50x)"},
      {{FindingCode::drift, {{FindingField::drift_pct, -12.34}, {FindingField::change_pct, 5.0}}, true},
       "A's code drifted -12.3% since its record: another machine state, and more than the 5.0% change"},
      {{FindingCode::machine_speed, {{FindingField::probe_pct, 50.0}}, true}, "machine speed differed: probe +50% in B, which could explain the difference"},
      {{FindingCode::machine_speed, {{FindingField::probe_pct, -50.0}}}, "machine speed differed: probe -50% in B"},
      {{FindingCode::outliers, {{FindingField::side, "A"}}}, "outliers in A"},
      {{FindingCode::metrics_disagree, {{FindingField::instructions, "fewer"}, {FindingField::time, "slower"}, {FindingField::ratio, 0.98}, {FindingField::low, 0.971}, {FindingField::high, 0.99},
                                        {FindingField::timing_verdict, "AMBIGUOUS"}}, true},
       "the counts and the time disagree: fewer instructions, but slower by time (0.980x [0.971, 0.990], AMBIGUOUS)"},
      {{FindingCode::decided_by_instructions, {{FindingField::change_pct, 1.4245}, {FindingField::a, 917291LL}, {FindingField::b, 930358LL}, {FindingField::timing_verdict, "SAME"}}},
       "by instructions: +1.425% (917291 -> 930358); the time said SAME"},
      {{FindingCode::instructions_a_zero}, "A's call counted no instruction"},
      {{FindingCode::instructions_nondeterministic, {{FindingField::spread_pct, 0.2}}},
       "instruction counts of the same code differ by up to 0.200%: not deterministic on these inputs"},
      {{FindingCode::identical_code, {{FindingField::metric, "timing"}, {FindingField::alone, "SAME"}}}, "identical code"},
      {{FindingCode::identical_code, {{FindingField::metric, "timing"}, {FindingField::alone, "FASTER"}}}, "identical code (the timing alone said FASTER)"},
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
  const Finding finding{FindingCode::drift, {{FindingField::drift_pct, 12.5}, {FindingField::change_pct, 5LL}}};
  EXPECT_EQ(finding.number(FindingField::change_pct), 5.0) << "an integer reads as a number";
  EXPECT_THROW(finding.integer(FindingField::drift_pct), std::bad_variant_access);
  EXPECT_THROW(finding.text(FindingField::side), std::out_of_range);
}

}  // namespace
}  // namespace abt

namespace abt {

// A new finding is a code here and in diff's schema: the two lists stay one.
TEST(Finding, DiffsSchemaListsEveryCodeAndNoOther) {
  std::ifstream file(std::string(ABTOOL_TEST_SOURCE_DIR) + "/rundir/schemas/diff.schema.json");
  const nlohmann::json schema = nlohmann::json::parse(file);
  const auto& codes = schema["properties"]["points"]["items"]["properties"]["findings"]["items"]["properties"]["code"]["enum"];
  std::vector<std::string> in_schema = codes.get<std::vector<std::string>>(), spelled;
  for (const auto& [code, word] : Spellings<FindingCode>::table) spelled.emplace_back(word);
  EXPECT_EQ(in_schema, spelled);
}

// `abtool explain-finding CODE`: every code has its paragraph, and each says more than its note.
TEST(Finding, EveryCodeHasAnExplanation) {
  for (const auto& [code, word] : Spellings<FindingCode>::table) {
    const std::string_view text = finding_explanation(code);
    EXPECT_GT(text.size(), 80u) << word;
    EXPECT_EQ(text.back(), '.') << word;
  }
}

}  // namespace abt
