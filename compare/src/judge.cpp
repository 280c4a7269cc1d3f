#include "compare/judge.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "verdict/round_signs.h"
#include "stats/summary.h"

namespace abt {
namespace {

RoundedSamples rounded(const Measurement& measurement) { return RoundedSamples{measurement.samples_us, measurement.round_sizes}; }

// With the median the record already holds (`summary` is of measurement's samples).
RoundedSamples rounded(const Measurement& measurement, const SampleSummary& summary) {
  return RoundedSamples{measurement.samples_us, measurement.round_sizes, summary.median};
}

bool has_outliers(const SampleSummary& stats) {
  const double iqr = stats.q3 - stats.q1;
  return stats.n >= 4 && stats.max > stats.q3 + 3 * iqr && stats.max > 1.2 * stats.q3;
}

std::optional<double> median_clock(const Measurement& measurement) {
  if (measurement.round_clock_mhz.empty()) return std::nullopt;
  return median_of(measurement.round_clock_mhz);
}

std::optional<double> machine_probe_median(const PointRecord& point) {
  if (point.measurement.probe_us.empty()) return std::nullopt;
  return median_of(point.measurement.probe_us);
}

// The checks of a comparison's premise: the same config, one method, a clean machine.
std::vector<Finding> premise_findings(const PointEvidence& evidence) {
  const PointRecord &pa = evidence.a, &pb = evidence.b;
  std::vector<Finding> findings;
  auto untrusted = [&](FindingCode code, std::vector<std::pair<FindingField, FindingValue>> fields = {}) {
    findings.push_back({code, std::move(fields), true});
  };
  if (pa.has_marker(MarkerKind::autotune_replay_fallback) || pb.has_marker(MarkerKind::autotune_replay_fallback))
    untrusted(FindingCode::replay_fallback);
  if (pa.config != pb.config) untrusted(FindingCode::configs_differ);
  if (evidence.a_measured.method != pb.measurement.method)
    untrusted(FindingCode::timing_methods_differ, {{FindingField::a_method, std::string(spelling(evidence.a_measured.method))},
                                                   {FindingField::b_method, std::string(spelling(pb.measurement.method))}});
  for (const auto& [kind, code] : {std::pair{MarkerKind::gpu_busy, FindingCode::gpu_busy},
                                   std::pair{MarkerKind::clock_throttled, FindingCode::clock_throttled}})
    for (const PointRecord* side : {&pa, &pb})
      if (side->has_marker(kind)) untrusted(code, {{FindingField::side, std::string(side == &pa ? "A" : "B")}});
  return findings;
}

bool is_claim(Verdict verdict) { return verdict == Verdict::faster || verdict == Verdict::slower; }

// An interleaved pair's claim needs its rounds to agree (round_signs.h): else it is AMBIGUOUS.
void round_sign_finding(const PointEvidence& evidence, Judgement& judgement) {
  if (!evidence.in_process_pair || !is_claim(judgement.timing_verdict)) return;
  const auto signs = round_signs(rounded(evidence.a_measured), rounded(evidence.b.measurement));
  if (!signs || rounds_agree(*signs, judgement.timing_verdict)) return;
  const int agreeing = judgement.timing_verdict == Verdict::faster ? signs->b_faster : signs->b_slower;
  judgement.findings.push_back({FindingCode::round_signs,
                                {{FindingField::verdict, std::string(spelling(judgement.timing_verdict))},
                                 {FindingField::agreeing, (long long)agreeing},
                                 {FindingField::rounds, (long long)(signs->b_faster + signs->b_slower)},
                                 {FindingField::p, signs->p_two_sided}}});
  judgement.timing_verdict = Verdict::ambiguous;
}

// How much of a claimed change the SM clocks alone could make: the speedup B would show with the
// same cycles, A's clock against B's (above 1: B's clock ran faster).
double clock_speedup(const PointEvidence& evidence) {
  const auto a = median_clock(evidence.a_measured), b = median_clock(evidence.b.measurement);
  return a && b && *a > 0 ? *b / *a : 1.0;
}

// The checks of a claimed (or any) change's cause: the SM clock, A's drift, the machine's speed.
void cause_findings(const PointEvidence& evidence, const VerdictRule& rule, Judgement& judgement) {
  const PointRecord& pb = evidence.b;
  round_sign_finding(evidence, judgement);
  const bool claimed = is_claim(judgement.timing_verdict);
  const double effect_pct = 100.0 * std::fabs(judgement.decision.speedup.ratio - 1.0);
  auto demote = [&](FindingCode code, std::vector<std::pair<FindingField, FindingValue>> fields) {
    judgement.timing_verdict = Verdict::untrusted;
    judgement.findings.push_back({code, std::move(fields), true});
  };

  // A claimed change must also hold in SM cycles, so a clock difference cannot make it. Where the
  // cycles disagree but the clocks differ too little to account for the change (under half of
  // it, or the other way), the disagreement is the clock estimate's own noise: a note, no demotion.
  if (claimed && !evidence.a_measured.round_clock_mhz.empty() && !pb.measurement.round_clock_mhz.empty()) {
    const RoundedSamples a_cycles = in_cycles(rounded(evidence.a_measured), evidence.a_measured.round_clock_mhz);
    const RoundedSamples b_cycles = in_cycles(rounded(pb.measurement), pb.measurement.round_clock_mhz);
    const Verdict in_cycles_verdict =
        a_cycles.samples.empty() || b_cycles.samples.empty() ? judgement.timing_verdict : decide(a_cycles, b_cycles, rule).verdict;
    if (in_cycles_verdict != judgement.timing_verdict) {
      const double clock_pct = 100.0 * (clock_speedup(evidence) - 1.0);
      const bool same_direction = (clock_pct > 0) == (judgement.decision.speedup.ratio > 1.0);
      std::vector<std::pair<FindingField, FindingValue>> fields{
          {FindingField::cycles_verdict, std::string(spelling(in_cycles_verdict))}, {FindingField::clock_pct, clock_pct},
          {FindingField::a_mhz, median_clock(evidence.a_measured).value_or(0)}, {FindingField::b_mhz, median_clock(pb.measurement).value_or(0)},
          {FindingField::change_pct, effect_pct}};
      if (same_direction && std::fabs(clock_pct) >= 0.5 * effect_pct) demote(FindingCode::sm_cycles, std::move(fields));
      else judgement.findings.push_back({FindingCode::sm_cycles, std::move(fields)});
    }
  }
  // A busy host (HOST_BUSY) slows what it runs by up to its load factor: a claim no larger than
  // that is not a compiler's. A larger one stands, with the note. An interleaved pair was measured
  // in B's process alone: A's record's load is not the pair's.
  if (claimed) {
    std::vector<const PointRecord*> measured_sides{&pb};
    if (!evidence.in_process_pair) measured_sides.insert(measured_sides.begin(), &evidence.a);
    for (const PointRecord* side : measured_sides)
      for (const Marker& marker : side->markers) {
        if (marker.kind != MarkerKind::host_busy) continue;
        const double factor = host_busy_factor(marker), ratio = judgement.decision.speedup.ratio;
        const double change = ratio >= 1 ? ratio : 1 / ratio;
        std::vector<std::pair<FindingField, FindingValue>> fields{
            {FindingField::side, std::string(side == &evidence.a ? "A" : "B")}, {FindingField::detail, marker.detail}, {FindingField::factor, factor}, {FindingField::change, change}};
        if (change <= factor && judgement.timing_verdict != Verdict::untrusted) demote(FindingCode::host_busy, std::move(fields));
        else if (change > factor) judgement.findings.push_back({FindingCode::host_busy, std::move(fields)});
      }
  }
  // An undecided time on a busy host: the load is said (no claim to void), since what decides such
  // a point is an idle host, not more rounds at a spread the load makes.
  if (judgement.timing_verdict == Verdict::ambiguous) {
    std::vector<const PointRecord*> measured_sides{&pb};
    if (!evidence.in_process_pair) measured_sides.insert(measured_sides.begin(), &evidence.a);
    for (const PointRecord* side : measured_sides)
      for (const Marker& marker : side->markers)
        if (marker.kind == MarkerKind::host_busy)
          judgement.findings.push_back({FindingCode::host_busy,
                                        {{FindingField::side, std::string(side == &evidence.a ? "A" : "B")},
                                         {FindingField::detail, marker.detail},
                                         {FindingField::factor, host_busy_factor(marker)},
                                         {FindingField::verdict, std::string(spelling(Verdict::ambiguous))}}});
  }
  // Drift is A's code now against A's record: the pair decides, whatever offset two processes
  // have (seen up to 6%, bench/RESULTS.md). A drift beyond kMachineSpeedTolerance is another
  // machine state, though (a clock, a driver): then a smaller change is not claimed.
  // Both as factors: a 25x slowdown is a +2460% change, not the 96% that 1 - 1/25 reads as, and a
  // drift of +99% (A's code 2x slower on a loaded host) does not outweigh it.
  const double change_as_factor_pct =
      100.0 * (std::max(judgement.decision.speedup.ratio, 1.0 / judgement.decision.speedup.ratio) - 1.0);
  if (judgement.drift_pct && claimed && std::fabs(*judgement.drift_pct) > 100 * kMachineSpeedTolerance &&
      std::fabs(*judgement.drift_pct) > change_as_factor_pct)
    demote(FindingCode::drift, {{FindingField::drift_pct, *judgement.drift_pct}, {FindingField::change_pct, change_as_factor_pct}});

  // Two processes: if B's machine ran slower by m (the probe), B's times are inflated by m: the
  // speedup the compiler alone would give is speedup * m. A verdict stands only if it also holds then.
  const auto a_probe = machine_probe_median(evidence.a), b_probe = machine_probe_median(pb);
  if (!evidence.in_process_pair && a_probe && b_probe) {
    const double m = *b_probe / *a_probe;
    judgement.machine_ratio = m;
    if (std::fabs(m - 1) > kMachineSpeedTolerance) {
      RoundedSamples scaled = rounded(pb.measurement);
      for (double& sample : scaled.samples) sample /= m;
      const Verdict corrected = decide(rounded(evidence.a_measured), scaled, rule).verdict;
      std::vector<std::pair<FindingField, FindingValue>> probe{{FindingField::probe_pct, (m - 1) * 100}};
      // Only a claimed change can be explained away; SAME stays SAME, with the note.
      const bool still_claimed = judgement.timing_verdict == Verdict::faster || judgement.timing_verdict == Verdict::slower;
      if (still_claimed && corrected != judgement.timing_verdict) demote(FindingCode::machine_speed, std::move(probe));
      else judgement.findings.push_back({FindingCode::machine_speed, std::move(probe)});
    }
  }
  for (const auto& [side, summary] : {std::pair{"A", &evidence.a_summary}, std::pair{"B", &pb.latency}})
    if (has_outliers(*summary)) judgement.findings.push_back({FindingCode::outliers, {{FindingField::side, std::string(side)}}});
}

// The counts of the compared pair: A's code where it was measured (beside B, or in A's run) and B's.
std::optional<InstructionDecision> instruction_decision(const PointEvidence& evidence, double threshold_pct) {
  const PointRecord &pa = evidence.a, &pb = evidence.b;
  const std::optional<InstructionCount>& a = evidence.in_process_pair ? pb.baseline->instructions : pa.instructions;
  if (!a || !pb.instructions) return std::nullopt;
  const InstructionCount* a_record = evidence.in_process_pair && pa.instructions ? &*pa.instructions : nullptr;
  return decide_instructions(*a, *pb.instructions, a_record, threshold_pct);
}

Finding counts_finding(const InstructionDecision& counts, Verdict timing_verdict) {
  return {FindingCode::decided_by_instructions, {{FindingField::change_pct, counts.change_pct}, {FindingField::a, (long long)counts.a}, {FindingField::b, (long long)counts.b},
                                                 {FindingField::timing_verdict, std::string(spelling(timing_verdict))}}};
}

}  // namespace

Judgement judge_point(const PointEvidence& evidence, const JudgingRule& judging) {
  const PointRecord &pa = evidence.a, &pb = evidence.b;
  Judgement judgement;
  if (evidence.in_process_pair) judgement.drift_pct = 100.0 * (evidence.a_summary.median / pa.latency.median - 1.0);
  const VerdictRule rule = judging.for_pair(evidence.in_process_pair);
  // An interleaved replay kept the pair's interval when the point ended: read, not resampled, where
  // these are the samples and the rule it came from (verdict.h, interval_inputs).
  const StoredInterval* kept = evidence.in_process_pair && pb.baseline->interval ? &*pb.baseline->interval : nullptr;
  judgement.decision = decide(rounded(evidence.a_measured, evidence.a_summary), rounded(pb.measurement, pb.latency), rule, kept);

  // The same binary at the same config on both sides is the same code: SAME, whatever the
  // timing says (LNT's rule). The timing's verdict is kept beside it.
  const std::string& a_binary = evidence.in_process_pair ? pb.baseline->binary_hash : pa.binary_hash;
  judgement.identical_code = pa.config == pb.config && !a_binary.empty() && a_binary == pb.binary_hash;

  // The trust checks first (judgement.findings, in the order applied); the findings are put in the
  // order printers show them at the end.
  judgement.findings = premise_findings(evidence);
  judgement.premise_holds = judgement.findings.empty();
  std::vector<Finding> statistics;
  if (!judgement.premise_holds) {
    judgement.timing_verdict = Verdict::untrusted;
  } else {
    judgement.timing_verdict = judgement.decision.verdict;
    if (judgement.decision.undecided) statistics.push_back(*judgement.decision.undecided);
    if (judgement.decision.to_decide) statistics.push_back(more_rounds_finding(*judgement.decision.to_decide));
    cause_findings(evidence, rule, judgement);
  }
  std::vector<Finding> checks = std::move(judgement.findings), shown;
  judgement.verdict = judgement.timing_verdict;
  judgement.instructions = instruction_decision(evidence, judging.instruction_threshold_pct);
  if (const auto& counts = judgement.instructions) {
    bool one_config = true;
    for (const auto& finding : checks)
      one_config = one_config && finding.code != FindingCode::replay_fallback && finding.code != FindingCode::configs_differ;
    judgement.verdict = one_config ? counts->verdict : Verdict::untrusted;
    shown.push_back(counts_finding(*counts, judgement.timing_verdict));
    // The time's whole interval on the other side of 1 (B/A of the times, decided or not), by more
    // than the point's own A-vs-A noise floor, is a disagreement: fewer instructions in a kernel the
    // time shows slower. A shift within what A alone varies by is no evidence against the counts
    // (on a loaded machine an interval clears 1 by 0.04% that way). Not where the host's load
    // voided the time: that is what the counts are for, and a load cannot move them.
    const RatioInterval& time = judgement.decision.speedup;
    // A time that claimed no change has no host_busy finding (only claims get one): its markers say
    // whether the load could make the difference the time shows.
    const double time_change = time.ratio >= 1 ? time.ratio : 1 / time.ratio;
    bool time_voided_by_load = std::any_of(checks.begin(), checks.end(), [](const Finding& finding) {
      return finding.code == FindingCode::host_busy && finding.untrusted;
    });
    for (const PointRecord* side : {&pb, evidence.in_process_pair ? &pb : &pa})
      for (const Marker& marker : side->markers)
        time_voided_by_load = time_voided_by_load || (marker.kind == MarkerKind::host_busy && time_change <= host_busy_factor(marker));
    const double margin = judgement.decision.noise_floor_pct.value_or(0.0) / 100;
    const bool time_says_slower = time.high < 1 - margin, time_says_faster = time.low > 1 + margin;
    if (one_config && !time_voided_by_load && ((counts->verdict == Verdict::faster && time_says_slower) ||
                       (counts->verdict == Verdict::slower && time_says_faster))) {
      shown.push_back({FindingCode::metrics_disagree,
                       {{FindingField::instructions, std::string(counts->verdict == Verdict::faster ? "fewer" : "more")},
                        {FindingField::time, std::string(time_says_slower ? "slower" : "faster")},
                        {FindingField::ratio, time.ratio},
                        {FindingField::low, time.low},
                        {FindingField::high, time.high},
                        {FindingField::timing_verdict, std::string(spelling(judgement.timing_verdict))}},
                       true});
      judgement.verdict = Verdict::untrusted;
    }
    if (counts->undecided) shown.push_back(*counts->undecided);
  }
  if (judgement.identical_code) {
    judgement.verdict = Verdict::same;
    const Verdict alone = judgement.metric() == Metric::instructions ? judgement.instructions->verdict : judgement.timing_verdict;
    shown.insert(shown.begin(), Finding{FindingCode::identical_code,
                                        {{FindingField::metric, std::string(judgement.metric() == Metric::instructions ? "count" : "timing")},
                                         {FindingField::alone, std::string(spelling(alone))}}});
  }
  shown.insert(shown.end(), statistics.begin(), statistics.end());
  shown.insert(shown.end(), checks.begin(), checks.end());
  // A check against A's own output cannot show a miscompile A shares: the reader is told.
  if (pb.verify && pb.verify->against == VerifiedAgainst::baseline_output) shown.push_back({FindingCode::verified_against_baseline});
  judgement.findings = std::move(shown);
  return judgement;
}

bool Judgement::has(FindingCode code) const {
  return std::any_of(findings.begin(), findings.end(), [&](const Finding& finding) { return finding.code == code; });
}

}  // namespace abt
