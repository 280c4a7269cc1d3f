// The judge's rules that need a point's rounds (compare/judge.h): an interleaved pair's claim
// needs its rounds to agree (round_signs.h), and a claim that does not hold in SM cycles is
// demoted only when the clocks differ enough to make it.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "compare/judge.h"
#include "verdict/round_signs.h"
#include "stats/summary.h"

namespace abt {
namespace {

// Rounds of 20 samples each around the given per-round centers (0.2% noise).
Measurement rounds_around(const std::vector<double>& centers, unsigned seed, std::vector<double> clocks = {}) {
  std::mt19937 random(seed);
  Measurement measurement;
  measurement.method = TimingMethod::graph;
  for (double center : centers) {
    std::normal_distribution<double> noise(0, center * 0.002);
    for (int i = 0; i < 20; ++i) measurement.samples_us.push_back(center + noise(random));
    measurement.round_sizes.push_back(20);
  }
  measurement.round_clock_mhz = std::move(clocks);
  return measurement;
}

// An interleaved replay's point: A's code (`a`) measured beside B's (`b`) in B's process.
struct Pair {
  Pair(Measurement a, Measurement b) {
    record_a.success = record_b.success = true;
    record_a.config = record_b.config = {{"BLOCK", "128"}};
    record_a.binary_hash = "a-code";
    record_a.measurement = a;
    record_a.latency = summarize(a.samples_us);
    record_b.binary_hash = "b-code";
    record_b.measurement = b;
    record_b.latency = summarize(b.samples_us);
    record_b.baseline = Baseline{a, record_a.latency, "a-code"};
  }
  // A's code in B's process measured `a_now` instead of what A recorded: a drift since A's record.
  Pair(Measurement a, Measurement a_now, Measurement b) : Pair(std::move(a), std::move(b)) {
    record_b.baseline = Baseline{a_now, summarize(a_now.samples_us), "a-code"};
  }
  Judgement judge() const {
    return judge_point({record_a, record_b, true, record_b.baseline->measurement, record_b.baseline->latency}, JudgingRule{});
  }
  PointRecord record_a, record_b;
};

// The finding of `code` the judgement has (the first), or a failure.
const Finding& finding(const Judgement& judged, FindingCode code) {
  for (const Finding& each : judged.findings)
    if (each.code == code) return each;
  ADD_FAILURE() << "no " << spelling(code) << " finding: " << judged.note();
  static const Finding none{FindingCode::missing, {}};
  return none;
}

// The statistics said SLOWER; the trust check `code` made it UNTRUSTED.
const Finding& expect_slower_made_untrusted(const Judgement& judged, FindingCode code) {
  EXPECT_EQ(judged.decision.verdict, Verdict::slower);
  EXPECT_EQ(judged.verdict, Verdict::untrusted);
  const Finding& found = finding(judged, code);
  EXPECT_TRUE(found.untrusted) << judged.note();
  return found;
}

TEST(RoundSigns, CountTheRoundsBTookAndTheTwoSidedP) {
  const std::vector<double> a(11, 100.0);
  std::vector<double> b(8, 90.0);
  b.insert(b.end(), 3, 110.0);
  const auto signs = round_signs(RoundedSamples{rounds_around(a, 1).samples_us, rounds_around(a, 1).round_sizes},
                                 RoundedSamples{rounds_around(b, 2).samples_us, rounds_around(b, 2).round_sizes});
  ASSERT_TRUE(signs);
  EXPECT_EQ(signs->b_faster, 8);
  EXPECT_EQ(signs->b_slower, 3);
  EXPECT_NEAR(signs->p_two_sided, 2.0 * (165 + 55 + 11 + 1) / 2048, 1e-12);  // the 8 of 11: p = 0.23
  EXPECT_FALSE(rounds_agree(*signs, Verdict::faster));
  EXPECT_TRUE(rounds_agree(RoundSigns{3, 0, 0, 0.25}, Verdict::faster)) << "unanimous, whatever the count";
  EXPECT_TRUE(rounds_agree(RoundSigns{1, 10, 0, 0.0117}, Verdict::slower));
  EXPECT_FALSE(rounds_agree(RoundSigns{1, 10, 0, 0.0117}, Verdict::faster));
  EXPECT_FALSE(round_signs(RoundedSamples{{1, 2}, {2}}, RoundedSamples{{1, 2}, {1, 1}})) << "rounds that do not pair";
}

TEST(Judge, AnInterleavedClaimThatTooFewRoundsAgreeWithIsAmbiguous) {
  // B is 20% faster in 9 of 11 rounds and 1% slower in 2: the interval says FASTER; the rounds
  // (two-sided p = 0.065) do not.
  std::vector<double> b(9, 80.0);
  b.insert(b.begin() + 3, 101.0);
  b.insert(b.begin() + 7, 101.0);
  const Pair split(rounds_around(std::vector<double>(11, 100.0), 1), rounds_around(b, 2));
  const Judgement judged = split.judge();
  EXPECT_EQ(judged.decision.verdict, Verdict::faster);
  EXPECT_EQ(judged.verdict, Verdict::ambiguous);
  const Finding& signs = finding(judged, FindingCode::round_signs);
  EXPECT_FALSE(signs.untrusted);
  EXPECT_EQ(signs.text(FindingField::verdict), "FASTER");
  EXPECT_EQ(signs.integer(FindingField::agreeing), 9);
  EXPECT_EQ(signs.integer(FindingField::rounds), 11);
  EXPECT_NEAR(signs.number(FindingField::p), 2.0 * (1 + 11 + 55) / 2048, 1e-12);

  const Pair every_round(rounds_around(std::vector<double>(11, 100.0), 1), rounds_around(std::vector<double>(11, 97.0), 2));
  EXPECT_EQ(every_round.judge().verdict, Verdict::faster) << every_round.judge().note();
}

TEST(Judge, ASlowdownAtEqualClocksStaysAClaimWhatItsCyclesSay) {
  // The 2.4% slowdown of an 11 us kernel, both sides at 1960 MHz by the median, the
  // rounds' clock estimates scattered: in cycles the interval is wider. Equal clocks cannot make
  // the change, so it stays SLOWER, with a note.
  const std::vector<double> scattered{1860, 2060, 1900, 2020, 1960, 1880, 2040, 1960, 1920, 2000};
  std::vector<double> reversed(scattered.rbegin(), scattered.rend());
  const Pair plant(rounds_around(std::vector<double>(10, 11.0), 1, scattered),
                   rounds_around(std::vector<double>(10, 11.0 * 1.024), 2, reversed));
  const Judgement judged = plant.judge();
  EXPECT_EQ(judged.verdict, Verdict::slower) << judged.note();
  const Finding& cycles = finding(judged, FindingCode::sm_cycles);
  EXPECT_FALSE(cycles.untrusted) << "equal clocks cannot make the change";
  EXPECT_NEAR(cycles.number(FindingField::clock_pct), 0.0, 1e-9);
  EXPECT_EQ(cycles.number(FindingField::a_mhz), 1960);
  EXPECT_EQ(cycles.number(FindingField::b_mhz), 1960);
  EXPECT_NEAR(cycles.number(FindingField::change_pct), 2.4, 0.05);

  // B's clock 5% lower and its times 5.3% longer: the same cycles, the clock made the change.
  const Pair clocked(rounds_around(std::vector<double>(10, 11.0), 1, std::vector<double>(10, 1960)),
                     rounds_around(std::vector<double>(10, 11.0 * 1.053), 2, std::vector<double>(10, 1862)));
  const Judgement clock_judged = clocked.judge();
  const Finding& by_clock = expect_slower_made_untrusted(clock_judged, FindingCode::sm_cycles);
  EXPECT_EQ(by_clock.text(FindingField::cycles_verdict), "SAME");
  EXPECT_NEAR(by_clock.number(FindingField::clock_pct), -5.0, 1e-9);
  EXPECT_EQ(by_clock.number(FindingField::b_mhz), 1862);
  EXPECT_NEAR(by_clock.number(FindingField::change_pct), 5.1, 0.05);
}

TEST(Judge, AnIntervalAcrossAThresholdSaysHowManyMoreRoundsWouldDecideIt) {
  // A 3% slowdown in 4 noisy rounds (1%, 5%, 2%, 4%): the interval reaches inside the 2% threshold.
  const Pair noisy(rounds_around(std::vector<double>(4, 100.0), 1), rounds_around({101.0, 105.0, 102.0, 104.0}, 2));
  const Judgement judged = noisy.judge();
  ASSERT_EQ(judged.verdict, Verdict::ambiguous) << judged.note();
  EXPECT_NEAR(finding(judged, FindingCode::crosses_threshold).number(FindingField::threshold_pct), judged.decision.effective_threshold_pct, 1e-12);
  const Finding& more = finding(judged, FindingCode::more_rounds);
  EXPECT_EQ(more.text(FindingField::outlook), "rounds");
  EXPECT_GT(more.integer(FindingField::more), 1);
  // A change of 2%, on the threshold: no practical number of rounds decides it.
  const Pair on_threshold(rounds_around(std::vector<double>(4, 100.0), 1), rounds_around({100.0, 104.04, 100.0, 104.04}, 2));
  const Judgement stuck = on_threshold.judge();
  ASSERT_EQ(stuck.verdict, Verdict::ambiguous) << stuck.note();
  const std::string outlook = finding(stuck, FindingCode::more_rounds).text(FindingField::outlook);
  EXPECT_TRUE(outlook == "never" || outlook == "over_most") << outlook;
}

TEST(Judge, ABusyHostMakesAClaimItsLoadCouldMakeUntrustedAndLeavesALargerOne) {
  // B's process ran its rounds (A's code beside B's) with 3 tasks runnable on 2 cores: up to 1.5x.
  auto judged_beside_load = [](double b_center) {
    Pair pair(rounds_around(std::vector<double>(6, 100.0), 1), rounds_around(std::vector<double>(6, b_center), 2));
    pair.record_b.markers = {host_busy_marker(3.0, 2, 0.0)};
    pair.record_a.markers = {host_busy_marker(8.0, 2, 0.0)};  // A's record: not where this pair was measured
    return pair.judge();
  };
  const Judgement untrusted = judged_beside_load(125.0);
  const Finding& busy = expect_slower_made_untrusted(untrusted, FindingCode::host_busy);
  EXPECT_EQ(busy.text(FindingField::side), "B") << "A's record's load is not where this pair was measured";
  EXPECT_EQ(busy.text(FindingField::detail), "runnable=3.0 cores=2 steal_pct=0.0");
  EXPECT_NEAR(busy.number(FindingField::factor), 1.5, 1e-12);
  EXPECT_NEAR(busy.number(FindingField::change), 1.25, 0.005);
  EXPECT_EQ(std::count_if(untrusted.findings.begin(), untrusted.findings.end(),
                          [](const Finding& f) { return f.code == FindingCode::host_busy; }), 1);

  const Judgement stands = judged_beside_load(2500.0);
  EXPECT_EQ(stands.verdict, Verdict::slower) << stands.note();
  const Finding& beyond = finding(stands, FindingCode::host_busy);
  EXPECT_FALSE(beyond.untrusted);
  EXPECT_NEAR(beyond.number(FindingField::factor), 1.5, 1e-12);
  EXPECT_NEAR(beyond.number(FindingField::change), 25.0, 0.1);
}

TEST(Judge, ADriftOutweighsAChangeOnlyWhenItIsTheLargerFactor) {
  // A's code ran 2x slower in B's process than in A's record (+99%: a loaded host), B's 25x slower
  // than that: as factors the change (+2400%) dwarfs the drift, and it stays SLOWER. Read as
  // 1 - 1/25 (96%) it would have been voided, as the fresh-clone CI once saw.
  const std::vector<double> recorded(8, 100.0);
  const Pair loaded(rounds_around(recorded, 1), rounds_around(std::vector<double>(8, 199.0), 2),
                    rounds_around(std::vector<double>(8, 199.0 * 25), 3));
  const Judgement judged = loaded.judge();
  ASSERT_TRUE(judged.drift_pct);
  EXPECT_NEAR(*judged.drift_pct, 99.0, 0.5);
  EXPECT_EQ(judged.verdict, Verdict::slower) << judged.note();
  EXPECT_TRUE(std::none_of(judged.findings.begin(), judged.findings.end(),
                           [](const Finding& f) { return f.code == FindingCode::drift; })) << judged.note();
  // The same 25x, faster: a factor too, not the 96% of 1 - 1/25.
  const Pair faster(rounds_around(recorded, 1), rounds_around(std::vector<double>(8, 199.0), 2),
                    rounds_around(std::vector<double>(8, 199.0 / 25), 3));
  const Judgement faster_judged = faster.judge();
  EXPECT_EQ(faster_judged.verdict, Verdict::faster) << faster_judged.note();

  // A drift of +30% against a 10% slowdown: another machine state, larger than the change.
  const Pair drifted(rounds_around(recorded, 1), rounds_around(std::vector<double>(8, 130.0), 2),
                     rounds_around(std::vector<double>(8, 143.0), 3));
  const Judgement drifted_judged = drifted.judge();
  const Finding& drift = expect_slower_made_untrusted(drifted_judged, FindingCode::drift);
  EXPECT_NEAR(drift.number(FindingField::drift_pct), 30.0, 0.5);
  EXPECT_NEAR(drift.number(FindingField::change_pct), 10.0, 0.5);
}

}  // namespace
}  // namespace abt
