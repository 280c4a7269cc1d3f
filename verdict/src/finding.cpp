#include "verdict/finding.h"

#include <fmt/format.h>

#include <algorithm>

#include <stdexcept>

namespace abt {
namespace {

const FindingValue& field(const Finding& finding, FindingField name) {
  for (const auto& [key, value] : finding.fields)
    if (key == name) return value;
  throw std::out_of_range(fmt::format("finding {} has no field {}", spelling(finding.code), spelling(name)));
}

}  // namespace

double Finding::number(FindingField name) const {
  const FindingValue& value = field(*this, name);
  if (const auto* integer = std::get_if<long long>(&value)) return double(*integer);
  return std::get<double>(value);
}

long long Finding::integer(FindingField name) const { return std::get<long long>(field(*this, name)); }

const std::string& Finding::text(FindingField name) const { return std::get<std::string>(field(*this, name)); }

bool Finding::has(FindingField name) const {
  return std::any_of(fields.begin(), fields.end(), [name](const auto& entry) { return entry.first == name; });
}

std::string finding_text(const Finding& f) {
  switch (f.code) {
    case FindingCode::missing: return "missing in " + f.text(FindingField::in_);
    case FindingCode::failed: return f.text(FindingField::side) + ": " + f.text(FindingField::error);
    case FindingCode::too_few_samples:
      return fmt::format("too few samples to decide ({} and {} in {} rounds; needs {} in {})", f.integer(FindingField::a_samples),
                         f.integer(FindingField::b_samples), f.integer(FindingField::rounds), f.integer(FindingField::min_samples), f.integer(FindingField::min_rounds));
    case FindingCode::below_noise_floor:
      return fmt::format("a change, but below this point's noise floor of {:.2f}%", f.number(FindingField::noise_floor_pct));
    case FindingCode::crosses_threshold:
      // The bar is the threshold, or this point's noise floor where that is higher (and the summary's
      // "(threshold 2%)" would not explain an 18.97% here).
      if (f.has(FindingField::noise_floor_pct))
        return fmt::format("the interval crosses {:.2f}%, this point's noise floor (the bar where it is above the "
                           "threshold): more rounds needed",
                           f.number(FindingField::threshold_pct));
      return fmt::format("the interval crosses the {:.2f}% threshold: more rounds needed", f.number(FindingField::threshold_pct));
    case FindingCode::more_rounds: {
      const std::string& outlook = f.text(FindingField::outlook);
      if (outlook == "never") return "the estimate lies on a threshold: more rounds at this spread will not decide it";
      if (outlook == "over_most") return fmt::format("at this spread it would take over {} rounds to decide", f.integer(FindingField::more));
      const long long more = f.integer(FindingField::more);
      return fmt::format("about {} more round{} at this spread would decide it", more, more == 1 ? "" : "s");
    }
    case FindingCode::replay_fallback: return "replay fell back to a sweep";
    case FindingCode::configs_differ: return "configs differ";
    case FindingCode::timing_methods_differ:
      return fmt::format("timing methods differ ({} vs {})", f.text(FindingField::a_method), f.text(FindingField::b_method));
    case FindingCode::gpu_busy: return "GPU_BUSY in " + f.text(FindingField::side);
    case FindingCode::clock_throttled: return "CLOCK_THROTTLED in " + f.text(FindingField::side);
    case FindingCode::round_signs:
      return fmt::format("{} by the interval, but only {} of {} rounds agree (sign test p = {:.2f})", f.text(FindingField::verdict),
                         f.integer(FindingField::agreeing), f.integer(FindingField::rounds), f.number(FindingField::p));
    case FindingCode::sm_cycles: {
      const std::string clocks = fmt::format("B's SM clock {:+.1f}% ({:.0f} vs {:.0f} MHz)", f.number(FindingField::clock_pct), f.number(FindingField::a_mhz),
                                             f.number(FindingField::b_mhz));
      if (f.untrusted)
        return fmt::format("not a change in SM cycles ({} there): {}, enough to explain the {:.1f}% change", f.text(FindingField::cycles_verdict),
                           clocks, f.number(FindingField::change_pct));
      return fmt::format("{} in SM cycles, but {} cannot explain the {:.1f}% change", f.text(FindingField::cycles_verdict), clocks,
                         f.number(FindingField::change_pct));
    }
    case FindingCode::host_busy: {
      const std::string busy = fmt::format("HOST_BUSY in {} ({})", f.text(FindingField::side), f.text(FindingField::detail));
      if (f.has(FindingField::verdict))  // an undecided time: the load is its spread's cause
        return fmt::format("{}: its load (up to {:.2f}x) widens the spread; an idle host decides it", busy,
                           f.number(FindingField::factor));
      if (f.untrusted)
        return fmt::format("{}: its load could make a change of up to {:.2f}x, this one is {:.2f}x", busy, f.number(FindingField::factor),
                           f.number(FindingField::change));
      return fmt::format("{}, but the {:.2f}x change is beyond what its load could make ({:.2f}x)", busy, f.number(FindingField::change),
                         f.number(FindingField::factor));
    }
    case FindingCode::drift:
      return fmt::format("A's code drifted {:+.1f}% since its record: another machine state, and more than the {:.1f}% change",
                         f.number(FindingField::drift_pct), f.number(FindingField::change_pct));
    case FindingCode::machine_speed:
      return fmt::format("machine speed differed: probe {:+.0f}% in B{}", f.number(FindingField::probe_pct),
                         f.untrusted ? ", which could explain the difference" : "");
    case FindingCode::outliers: return "outliers in " + f.text(FindingField::side);
    case FindingCode::metrics_disagree:
      return fmt::format("the counts and the time disagree: {} instructions, but {} by time ({:.3f}x [{:.3f}, {:.3f}], {})",
                         f.text(FindingField::instructions), f.text(FindingField::time), f.number(FindingField::ratio), f.number(FindingField::low), f.number(FindingField::high),
                         f.text(FindingField::timing_verdict));
    case FindingCode::decided_by_instructions:
      return fmt::format("by instructions: {:+.3f}% ({} -> {}); the time said {}", f.number(FindingField::change_pct), f.integer(FindingField::a),
                         f.integer(FindingField::b), f.text(FindingField::timing_verdict));
    case FindingCode::instructions_a_zero: return "A's call counted no instruction";
    case FindingCode::instructions_nondeterministic:
      return fmt::format("instruction counts of the same code differ by up to {:.3f}%: not deterministic on these inputs",
                         f.number(FindingField::spread_pct));
    case FindingCode::identical_code:
      if (f.text(FindingField::alone) == "SAME") return "identical code";
      return fmt::format("identical code (the {} alone said {})", f.text(FindingField::metric), f.text(FindingField::alone));
    case FindingCode::verified_against_baseline: return "verified against A's output, not an independent reference";
  }
  return std::string(spelling(f.code));
}

bool finding_code_shown(FindingCode code) {
  switch (code) {
    case FindingCode::missing:
    case FindingCode::failed:
    case FindingCode::outliers:
    case FindingCode::decided_by_instructions:
    case FindingCode::identical_code:
    case FindingCode::verified_against_baseline: return false;
    default: return true;
  }
}

std::string findings_text(const std::vector<Finding>& findings, bool with_codes) {
  std::string text;
  for (const Finding& finding : findings) {
    if (!text.empty()) text += "; ";
    text += finding_text(finding);
    if (with_codes && finding_code_shown(finding.code)) text += fmt::format(" [{}]", spelling(finding.code));
  }
  return text;
}

}  // namespace abt
