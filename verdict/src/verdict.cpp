#include "verdict/verdict.h"

#include <fmt/format.h>

#include <zlib.h>

#include <cmath>
#include <numeric>
#include <string_view>

#include "stats/summary.h"

namespace abt {
namespace {

std::vector<int> round_sizes_of(const RoundedSamples& samples) {
  if (samples.round_sizes.empty() ||
      std::accumulate(samples.round_sizes.begin(), samples.round_sizes.end(), 0) != int(samples.samples.size()))
    return {int(samples.samples.size())};
  return samples.round_sizes;
}

}  // namespace

std::optional<double> noise_floor_pct(const RoundedSamples& a) {
  const std::vector<int> sizes = round_sizes_of(a);
  if (sizes.size() < 4) return std::nullopt;
  std::vector<double> even, odd;
  size_t start = 0;
  for (size_t round = 0; round < sizes.size(); ++round) {
    auto& half = round % 2 == 0 ? even : odd;
    half.insert(half.end(), a.samples.begin() + long(start), a.samples.begin() + long(start + sizes[round]));
    start += sizes[round];
  }
  if (even.empty() || odd.empty()) return std::nullopt;
  return 100.0 * std::fabs(median_of(even) / median_of(odd) - 1.0);
}

namespace {

// What a speedup interval says, past the samples gate; the numbers of `why` are the point's own.
enum class Reading { faster, slower, same, below_floor, crosses };

struct Thresholds {
  double threshold_pct, effective_pct;
};

Reading read_interval(double low, double high, const Thresholds& thresholds) {
  const double effective = 1.0 + thresholds.effective_pct / 100.0;
  const double threshold = 1.0 + thresholds.threshold_pct / 100.0;
  if (low > effective) return Reading::faster;
  if (high < 1.0 / effective) return Reading::slower;
  if (low >= 1.0 / threshold && high <= threshold) return Reading::same;
  if ((low > 1.0 || high < 1.0) && thresholds.effective_pct > thresholds.threshold_pct && low >= 1.0 / effective &&
      high <= effective)
    return Reading::below_floor;
  return Reading::crosses;
}

// What would decide an interval that crosses a threshold: the interval narrows about as
// 1/sqrt(rounds), so at the observed spread it clears the nearest threshold on its far side from
// the estimate after rounds * (its half-width there / the estimate's distance to it)^2 rounds.
// An estimate between the thresholds (beyond --threshold, within the effective one) or on one is
// not decided by more rounds of this spread.
RoundsToDecide rounds_to_decide(const RatioInterval& speedup, int rounds, const Thresholds& thresholds) {
  const double estimate = std::log(speedup.ratio), low = std::log(speedup.low), high = std::log(speedup.high);
  const double claim = std::log(1.0 + thresholds.effective_pct / 100.0), same = std::log(1.0 + thresholds.threshold_pct / 100.0);
  double distance = 0, half_width = 0;
  if (std::fabs(estimate) > claim) {  // a change, its near end still inside the claim threshold
    distance = std::fabs(estimate) - claim;
    half_width = estimate > 0 ? estimate - low : high - estimate;
  } else if (std::fabs(estimate) < same) {  // no change, an end still beyond --threshold
    distance = same - std::fabs(estimate);
    half_width = std::max(estimate - low, high - estimate);
  }
  using Outlook = RoundsToDecide::Outlook;
  if (distance <= 0 || half_width <= 0) return {Outlook::never};
  const double needed = double(rounds) * (half_width / distance) * (half_width / distance);
  if (needed > RoundsToDecide::kMostRounds) return {Outlook::over_most};
  return {Outlook::rounds, std::max(1, int(std::ceil(needed)) - rounds)};
}

}  // namespace

Finding more_rounds_finding(const RoundsToDecide& to_decide) {
  switch (to_decide.outlook) {
    case RoundsToDecide::Outlook::never: return {FindingCode::more_rounds, {{FindingField::outlook, "never"}, {FindingField::more, 0LL}}};
    case RoundsToDecide::Outlook::over_most:
      return {FindingCode::more_rounds, {{FindingField::outlook, "over_most"}, {FindingField::more, (long long)RoundsToDecide::kMostRounds}}};
    case RoundsToDecide::Outlook::rounds: break;
  }
  return {FindingCode::more_rounds, {{FindingField::outlook, "rounds"}, {FindingField::more, (long long)to_decide.more}}};
}

namespace {

// The bootstrap decide runs: part of every kept interval's inputs (interval_inputs).
constexpr double kConfidence = 0.95;
constexpr int kResamples = 2000;
constexpr uint64_t kSeed = 1;
// Bump it when the bootstrap's numbers change (bootstrap.cpp, resample_rounds.cpp,
// computed_median.cpp, simulated_median.cpp, the early stop's rule): intervals an older abtool kept
// are then resampled again instead of read.
constexpr std::string_view kIntervalVersion = "abtool.interval/1";

Thresholds thresholds_of(const std::optional<double>& noise_floor, const VerdictRule& rule) {
  return {rule.threshold_pct, std::max(rule.threshold_pct, noise_floor.value_or(0.0))};
}

RatioInterval resample(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule, const Thresholds& thresholds) {
  EarlyStop early_stop;
  if (rule.early_stop) {
    // The bootstrap's ratios are B/A, the speedup A/B: every threshold read_interval compares
    // with, inverted (the set is its own inverse).
    const double effective_ratio = 1.0 + thresholds.effective_pct / 100.0, threshold_ratio = 1.0 + rule.threshold_pct / 100.0;
    early_stop.boundaries = {effective_ratio, 1.0 / effective_ratio, threshold_ratio, 1.0 / threshold_ratio, 1.0};
    early_stop.outcome = [thresholds](double low, double high) { return int(read_interval(1.0 / high, 1.0 / low, thresholds)); };
  }
  return bootstrap_median_ratio(a, b, rule.pairing, kConfidence, kResamples, kSeed, early_stop, rule.within);  // B/A
}

// zlib's CRC-32 and Adler-32 side by side over the same bytes: 64 bits, at memory speed (a kept
// interval is checked at every point diff reads, so the check must cost far less than resampling).
class Digest {
 public:
  void add(const void* data, size_t size) {
    const auto* bytes = static_cast<const Bytef*>(data);
    crc_ = crc32_z(crc_, bytes, size);
    adler_ = adler32_z(adler_, bytes, size);
  }
  template <typename Value>
  void add_value(Value value) {
    add(&value, sizeof value);
  }
  void add_side(const RoundedSamples& side) {
    add_value(uint64_t(side.samples.size()));
    add(side.samples.data(), side.samples.size() * sizeof(double));
    add_value(uint64_t(side.round_sizes.size()));
    add(side.round_sizes.data(), side.round_sizes.size() * sizeof(int));
    add_value(uint8_t(side.median.has_value()));
    add_value(side.median.value_or(0.0));
  }
  std::string hex() const { return fmt::format("{:08x}{:08x}", crc_, adler_); }

 private:
  uLong crc_ = crc32_z(0, nullptr, 0), adler_ = adler32_z(0, nullptr, 0);
};

}  // namespace

std::string interval_inputs(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule) {
  Digest digest;
  digest.add(kIntervalVersion.data(), kIntervalVersion.size());
  digest.add_value(kConfidence);
  digest.add_value(int32_t(kResamples));
  digest.add_value(kSeed);
  digest.add_value(rule.threshold_pct);
  digest.add_value(int32_t(rule.pairing));
  digest.add_value(uint8_t(rule.early_stop));
  digest.add_value(int32_t(rule.within));
  digest.add_side(a);
  digest.add_side(b);
  return digest.hex();
}

StoredInterval interval_to_keep(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule) {
  const RatioInterval ratio = resample(a, b, rule, thresholds_of(noise_floor_pct(a), rule));
  return {interval_inputs(a, b, rule), ratio.ratio, ratio.low, ratio.high, ratio.resamples};
}

Decision decide(const RoundedSamples& a, const RoundedSamples& b, const VerdictRule& rule, const StoredInterval* known) {
  Decision decision;
  decision.noise_floor_pct = noise_floor_pct(a);
  const Thresholds thresholds = thresholds_of(decision.noise_floor_pct, rule);
  decision.effective_threshold_pct = thresholds.effective_pct;
  const RatioInterval ratio = known && known->inputs == interval_inputs(a, b, rule)
                                  ? RatioInterval{known->ratio, known->low, known->high, known->resamples}
                                  : resample(a, b, rule, thresholds);  // B/A
  decision.speedup = {1.0 / ratio.ratio, 1.0 / ratio.high, 1.0 / ratio.low, ratio.resamples};
  const int rounds = int(std::min(round_sizes_of(a).size(), round_sizes_of(b).size()));
  if (a.samples.size() < rule.min_samples || b.samples.size() < rule.min_samples || rounds < rule.min_rounds) {
    decision.undecided = Finding{FindingCode::too_few_samples,
                                 {{FindingField::a_samples, (long long)a.samples.size()}, {FindingField::b_samples, (long long)b.samples.size()},
                                  {FindingField::rounds, (long long)rounds}, {FindingField::min_samples, (long long)rule.min_samples},
                                  {FindingField::min_rounds, (long long)rule.min_rounds}}};
    return decision;
  }
  switch (read_interval(decision.speedup.low, decision.speedup.high, thresholds)) {
    case Reading::faster: decision.verdict = Verdict::faster; break;
    case Reading::slower: decision.verdict = Verdict::slower; break;
    case Reading::same: decision.verdict = Verdict::same; break;
    case Reading::below_floor:
      decision.undecided = Finding{FindingCode::below_noise_floor, {{FindingField::noise_floor_pct, *decision.noise_floor_pct}}};
      break;
    case Reading::crosses:
      decision.undecided = Finding{FindingCode::crosses_threshold, {{FindingField::threshold_pct, decision.effective_threshold_pct}}};
      if (thresholds.effective_pct > thresholds.threshold_pct)  // the noise floor set the bar: said so
        decision.undecided->fields.emplace_back(FindingField::noise_floor_pct, thresholds.effective_pct);
      decision.to_decide = rounds_to_decide(decision.speedup, rounds, thresholds);
      break;
  }
  return decision;
}

VerdictRule JudgingRule::for_pair(bool in_process_pair) const {
  VerdictRule rule{threshold_pct};
  rule.pairing = in_process_pair ? Pairing::by_round : Pairing::independent;
  if (exhaustive_bootstrap) {
    rule.early_stop = false;
    rule.within = WithinRounds::simulated;
  }
  return rule;
}


RoundedSamples in_cycles(const RoundedSamples& samples, const std::vector<double>& round_clock_mhz) {
  const std::vector<int> sizes = round_sizes_of(samples);
  if (round_clock_mhz.size() != sizes.size()) return {};
  RoundedSamples cycles{{}, samples.round_sizes};
  size_t start = 0;
  for (size_t round = 0; round < sizes.size(); ++round) {
    for (int i = 0; i < sizes[round]; ++i) cycles.samples.push_back(samples.samples[start + i] * round_clock_mhz[round]);
    start += sizes[round];
  }
  return cycles;
}

}  // namespace abt
