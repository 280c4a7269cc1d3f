// --metric instructions (verdict/instruction_verdict.h and the judge): counts decide where both
// sides of the pair carry them, exactly: equal counts are SAME, a change at the threshold is
// claimed, the time's verdict stays beside it, and only the one-config premise can overrule.
#include <gtest/gtest.h>

#include "verdict/instruction_verdict.h"
#include "compare/judge.h"
#include "model/markers.h"
#include "stats/summary.h"

namespace abt {
namespace {

InstructionCount counted(std::vector<uint64_t> calls) { return InstructionCount{"callgrind", std::move(calls)}; }

TEST(InstructionVerdict, EqualCountsAreSameWithNoStatistics) {
  const auto decision = decide_instructions(counted({1000000, 1000000}), counted({1000000, 1000000}), nullptr, 0.1);
  EXPECT_EQ(decision.verdict, Verdict::same);
  EXPECT_EQ(decision.change_pct, 0.0);
  EXPECT_EQ(decision.spread_pct, 0.0);
}

TEST(InstructionVerdict, AChangeAtTheThresholdIsClaimedBelowItIsSame) {
  const auto a = counted({1000000, 1000000});
  EXPECT_EQ(decide_instructions(a, counted({1001000, 1001000}), nullptr, 0.1).verdict, Verdict::slower) << "+0.1%";
  EXPECT_EQ(decide_instructions(a, counted({999000, 999000}), nullptr, 0.1).verdict, Verdict::faster) << "-0.1%";
  EXPECT_EQ(decide_instructions(a, counted({1000999, 1000999}), nullptr, 0.1).verdict, Verdict::same) << "+0.0999%";
  const auto slower = decide_instructions(a, counted({1010000, 1010000}), nullptr, 0.1);
  EXPECT_NEAR(slower.change_pct, 1.0, 1e-9);
  EXPECT_EQ(slower.a, 1000000u);
  EXPECT_EQ(slower.b, 1010000u);
}

TEST(InstructionVerdict, CountsThatVaryWidenWhatIsDecided) {
  // A's code gave 1,000,000 and 1,002,000 (0.2% apart): a 0.25% change is within 0.1% + 0.2%.
  const auto varying = decide_instructions(counted({1000000, 1002000}), counted({1002500, 1002500}), nullptr, 0.1);
  EXPECT_EQ(varying.verdict, Verdict::ambiguous);
  EXPECT_NEAR(varying.spread_pct, 0.2, 1e-9);
  ASSERT_TRUE(varying.undecided);
  EXPECT_EQ(varying.undecided->code, FindingCode::instructions_nondeterministic);
  EXPECT_NEAR(varying.undecided->number(FindingField::spread_pct), 0.2, 1e-9);
  EXPECT_EQ(decide_instructions(counted({1000000, 1002000}), counted({1004000, 1004000}), nullptr, 0.1).verdict,
            Verdict::slower);
  // A's record counted its code 0.5% higher than B's process did: the same code, another count.
  EXPECT_EQ(decide_instructions(counted({1000000, 1000000}), counted({1002000, 1002000}),
                                std::make_unique<InstructionCount>(counted({1005000, 1005000})).get(), 0.1)
                .verdict,
            Verdict::ambiguous);
}

// An interleaved pair with counts on both sides and a time that cannot decide.
struct CountedPair {
  CountedPair(uint64_t a_count, uint64_t b_count) {
    Measurement a, b;
    a.method = b.method = TimingMethod::host;
    for (int round = 0; round < 4; ++round) {
      for (int i = 0; i < 10; ++i) {
        a.samples_us.push_back(100 + (i % 5) * 4 + round);
        b.samples_us.push_back(101 + (i % 5) * 4 - round);
      }
      a.round_sizes.push_back(10);
      b.round_sizes.push_back(10);
    }
    record_a.success = record_b.success = true;
    record_a.config = record_b.config = {{"LANES", "16"}};
    record_a.binary_hash = "a-code";
    record_b.binary_hash = "b-code";
    record_a.measurement = a;
    record_a.latency = summarize(a.samples_us);
    record_a.instructions = counted({a_count, a_count});
    record_b.measurement = b;
    record_b.latency = summarize(b.samples_us);
    record_b.instructions = counted({b_count, b_count});
    record_b.baseline = Baseline{a, record_a.latency, "a-code", counted({a_count, a_count})};
  }
  // Both sides timed again: 6 rounds of 10 samples, A's round r at a_round(r) and B's at b_round(r)
  // microseconds (plus 0.01 us per sample).
  template <typename ARound, typename BRound>
  void retime(ARound a_round, BRound b_round) {
    Measurement a, b;
    a.method = b.method = TimingMethod::host;
    for (int round = 0; round < 6; ++round) {
      for (int i = 0; i < 10; ++i) {
        a.samples_us.push_back(a_round(round) + 0.01 * i);
        b.samples_us.push_back(b_round(round) + 0.01 * i);
      }
      a.round_sizes.push_back(10);
      b.round_sizes.push_back(10);
    }
    record_a.measurement = record_b.baseline->measurement = a;
    record_a.latency = record_b.baseline->latency = summarize(a.samples_us);
    record_b.measurement = b;
    record_b.latency = summarize(b.samples_us);
  }
  Judgement judge() const {
    return judge_point({record_a, record_b, true, record_b.baseline->measurement, record_b.baseline->latency}, JudgingRule{});
  }
  PointRecord record_a, record_b;
};

TEST(Judge, CountsDecideWhereBothSidesCarryThemAndTheTimeIsKept) {
  const Judgement judged = CountedPair(917291, 930358).judge();
  EXPECT_EQ(judged.metric(), Metric::instructions);
  EXPECT_EQ(judged.verdict, Verdict::slower);
  ASSERT_TRUE(judged.instructions);
  EXPECT_NEAR(judged.instructions->change_pct, 1.4245, 1e-3);
  EXPECT_NE(judged.timing_verdict, Verdict::slower) << "the time alone cannot tell a 1.4% change here";
  ASSERT_FALSE(judged.findings.empty());
  const Finding& counts = judged.findings.front();
  EXPECT_EQ(counts.code, FindingCode::decided_by_instructions) << "said first: " << judged.note();
  EXPECT_EQ(counts.integer(FindingField::a), 917291);
  EXPECT_EQ(counts.integer(FindingField::b), 930358);
  EXPECT_NEAR(counts.number(FindingField::change_pct), 1.4245, 1e-3);
  EXPECT_EQ(counts.text(FindingField::timing_verdict), std::string(spelling(judged.timing_verdict)));
}

TEST(Judge, WithoutBCountedTheTimeDecides) {
  CountedPair pair(917291, 930358);
  pair.record_b.instructions.reset();
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.metric(), Metric::time);
  EXPECT_FALSE(judged.instructions);
  EXPECT_EQ(judged.verdict, judged.timing_verdict);
}

TEST(Judge, CountsOfDifferentConfigsAreUntrusted) {
  CountedPair pair(917291, 930358);
  pair.record_b.config = {{"LANES", "8"}};
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.metric(), Metric::instructions);
  EXPECT_EQ(judged.verdict, Verdict::untrusted);
  EXPECT_TRUE(judged.has(FindingCode::configs_differ)) << judged.note();
}

// Fewer instructions, but clearly slower (cpu_matmul by clang++ against g++ on this VM: -14.7%
// instructions at 0.694x the speed): neither metric alone says what B did.
TEST(Judge, CountsAndATimeThatClaimsTheOtherWayAreUntrusted) {
  CountedPair pair(15884020, 13549619);
  for (double& sample : pair.record_b.measurement.samples_us) sample *= 1.4;
  pair.record_b.latency = summarize(pair.record_b.measurement.samples_us);
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.instructions->verdict, Verdict::faster);
  EXPECT_EQ(judged.timing_verdict, Verdict::slower);
  EXPECT_EQ(judged.verdict, Verdict::untrusted);
  ASSERT_GE(judged.findings.size(), 2u);
  const Finding& disagree = judged.findings[1];
  EXPECT_EQ(disagree.code, FindingCode::metrics_disagree) << judged.note();
  EXPECT_TRUE(disagree.untrusted);
  EXPECT_EQ(disagree.text(FindingField::instructions), "fewer");
  EXPECT_EQ(disagree.text(FindingField::time), "slower");
  EXPECT_EQ(disagree.text(FindingField::timing_verdict), "SLOWER") << "the time's own verdict";
}

// The same pair measured while other processes kept the host busy (3 runnable on 2 cores): the
// load voids the time, and the counts, which a load cannot move, decide: no disagreement vetoes them.
TEST(Judge, OnABusyHostTheCountsDecideWhereTheTimeIsVoid) {
  CountedPair pair(15884020, 13549619);
  for (double& sample : pair.record_b.measurement.samples_us) sample *= 1.4;
  pair.record_b.latency = summarize(pair.record_b.measurement.samples_us);
  pair.record_b.markers = {host_busy_marker(3.0, 2, 0.0)};
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.timing_verdict, Verdict::untrusted) << judged.note();
  EXPECT_EQ(judged.verdict, Verdict::faster) << judged.note();
  EXPECT_FALSE(judged.has(FindingCode::metrics_disagree)) << judged.note();
  EXPECT_TRUE(judged.has(FindingCode::host_busy)) << "the load is still said";
}

// Time that cannot decide (its interval crosses the 2% threshold), but whose whole interval says
// slower, disagrees too: A's rounds at 100 us, B's alternately at 101 and 103 us.
TEST(Judge, AnUndecidedTimeWhollyTheOtherWayDisagreesToo) {
  CountedPair pair(15884020, 13549619);
  pair.retime([](int) { return 100.0; }, [](int round) { return round % 2 ? 103.0 : 101.0; });
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.timing_verdict, Verdict::ambiguous);
  EXPECT_LT(judged.decision.speedup.high, 1.0);
  EXPECT_EQ(judged.instructions->verdict, Verdict::faster);
  EXPECT_EQ(judged.verdict, Verdict::untrusted) << judged.note();
  ASSERT_TRUE(judged.has(FindingCode::metrics_disagree));
  const Finding& disagree = judged.findings[1];
  EXPECT_EQ(disagree.text(FindingField::timing_verdict), "AMBIGUOUS");
  EXPECT_NEAR(disagree.number(FindingField::ratio), 0.980, 5e-4);
  EXPECT_NEAR(disagree.number(FindingField::low), 0.971, 5e-4);
  EXPECT_NEAR(disagree.number(FindingField::high), 0.990, 5e-4);
}

// The same undecided time, measured while the host was busy: a time that claims no change gets no
// host_busy finding, but its marker says the load (factor 1.5) could make the 2% it shows: the
// counts decide (the README's A/B with --metric instructions beside CPU hogs).
TEST(Judge, AnUndecidedTimeOnABusyHostDoesNotVetoTheCounts) {
  CountedPair pair(15884020, 13549619);
  pair.retime([](int) { return 100.0; }, [](int round) { return round % 2 ? 103.0 : 101.0; });
  pair.record_b.markers = {host_busy_marker(3.0, 2, 0.0)};
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.timing_verdict, Verdict::ambiguous) << judged.note();
  EXPECT_LT(judged.decision.speedup.high, 1.0);
  EXPECT_FALSE(judged.has(FindingCode::metrics_disagree)) << judged.note();
  EXPECT_EQ(judged.verdict, Verdict::faster) << judged.note();
}

// A time wholly on the other side of 1, but by less than A's own noise floor (its even and odd
// rounds 0.6% apart; B 0.3% faster in every round), is no evidence against the counts: they decide
// (the README's g++ against clang++ on a loaded VM: an interval clear of 1 by 0.04% vetoed them).
TEST(Judge, ATimeTheOtherWayWithinTheNoiseFloorDoesNotVetoTheCounts) {
  CountedPair pair(13549619, 15884020);
  auto a_round = [](int round) { return round % 2 ? 100.6 : 100.0; };
  pair.retime(a_round, [&](int round) { return a_round(round) / 1.003; });
  const Judgement judged = pair.judge();
  ASSERT_TRUE(judged.decision.noise_floor_pct) << judged.note();
  EXPECT_GT(*judged.decision.noise_floor_pct, 0.3) << judged.note();
  EXPECT_GT(judged.decision.speedup.low, 1.0) << "the time's whole interval says faster";
  EXPECT_EQ(judged.instructions->verdict, Verdict::slower);
  EXPECT_FALSE(judged.has(FindingCode::metrics_disagree)) << judged.note();
  EXPECT_EQ(judged.verdict, Verdict::slower) << judged.note();
}

TEST(Judge, IdenticalCodeIsSameAndSaysWhatTheCountSaid) {
  CountedPair pair(917291, 917291);
  pair.record_b.binary_hash = "a-code";
  const Judgement judged = pair.judge();
  EXPECT_EQ(judged.verdict, Verdict::same);
  EXPECT_TRUE(judged.identical_code);
  ASSERT_GE(judged.findings.size(), 2u);
  EXPECT_EQ(judged.findings[0], (Finding{FindingCode::identical_code, {{FindingField::metric, "count"}, {FindingField::alone, "SAME"}}}));
  EXPECT_EQ(judged.findings[1].code, FindingCode::decided_by_instructions);
}

}  // namespace
}  // namespace abt
