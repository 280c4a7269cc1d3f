#include "verdict/finding.h"

#include <fmt/format.h>

#include <stdexcept>

namespace abt {
namespace {

const FindingValue& field(const Finding& finding, std::string_view name) {
  for (const auto& [key, value] : finding.fields)
    if (key == name) return value;
  throw std::out_of_range(fmt::format("finding {} has no field {}", spelling(finding.code), name));
}

}  // namespace

double Finding::number(std::string_view name) const {
  const FindingValue& value = field(*this, name);
  if (const auto* integer = std::get_if<long long>(&value)) return double(*integer);
  return std::get<double>(value);
}

long long Finding::integer(std::string_view name) const { return std::get<long long>(field(*this, name)); }

const std::string& Finding::text(std::string_view name) const { return std::get<std::string>(field(*this, name)); }

std::string finding_text(const Finding& f) {
  switch (f.code) {
    case FindingCode::missing: return "missing in " + f.text("in");
    case FindingCode::failed: return f.text("side") + ": " + f.text("error");
    case FindingCode::too_few_samples:
      return fmt::format("too few samples to decide ({} and {} in {} rounds; needs {} in {})", f.integer("a_samples"),
                         f.integer("b_samples"), f.integer("rounds"), f.integer("min_samples"), f.integer("min_rounds"));
    case FindingCode::below_noise_floor:
      return fmt::format("a change, but below this point's noise floor of {:.2f}%", f.number("noise_floor_pct"));
    case FindingCode::crosses_threshold:
      return fmt::format("the interval crosses the {:.2f}% threshold: more rounds needed", f.number("threshold_pct"));
    case FindingCode::more_rounds: {
      const std::string& outlook = f.text("outlook");
      if (outlook == "never") return "the estimate lies on a threshold: more rounds at this spread will not decide it";
      if (outlook == "over_most") return fmt::format("at this spread it would take over {} rounds to decide", f.integer("more"));
      const long long more = f.integer("more");
      return fmt::format("about {} more round{} at this spread would decide it", more, more == 1 ? "" : "s");
    }
    case FindingCode::replay_fallback: return "replay fell back to a sweep";
    case FindingCode::configs_differ: return "configs differ";
    case FindingCode::timing_methods_differ:
      return fmt::format("timing methods differ ({} vs {})", f.text("a_method"), f.text("b_method"));
    case FindingCode::gpu_busy: return "GPU_BUSY in " + f.text("side");
    case FindingCode::clock_throttled: return "CLOCK_THROTTLED in " + f.text("side");
    case FindingCode::round_signs:
      return fmt::format("{} by the interval, but only {} of {} rounds agree (sign test p = {:.2f})", f.text("verdict"),
                         f.integer("agreeing"), f.integer("rounds"), f.number("p"));
    case FindingCode::sm_cycles: {
      const std::string clocks = fmt::format("B's SM clock {:+.1f}% ({:.0f} vs {:.0f} MHz)", f.number("clock_pct"), f.number("a_mhz"),
                                             f.number("b_mhz"));
      if (f.untrusted)
        return fmt::format("not a change in SM cycles ({} there): {}, enough to explain the {:.1f}% change", f.text("cycles_verdict"),
                           clocks, f.number("change_pct"));
      return fmt::format("{} in SM cycles, but {} cannot explain the {:.1f}% change", f.text("cycles_verdict"), clocks,
                         f.number("change_pct"));
    }
    case FindingCode::host_busy: {
      const std::string busy = fmt::format("HOST_BUSY in {} ({})", f.text("side"), f.text("detail"));
      if (f.untrusted)
        return fmt::format("{}: its load could make a change of up to {:.2f}x, this one is {:.2f}x", busy, f.number("factor"),
                           f.number("change"));
      return fmt::format("{}, but the {:.2f}x change is beyond what its load could make ({:.2f}x)", busy, f.number("change"),
                         f.number("factor"));
    }
    case FindingCode::drift:
      return fmt::format("A's code drifted {:+.1f}% since its record: another machine state, and more than the {:.1f}% change",
                         f.number("drift_pct"), f.number("change_pct"));
    case FindingCode::machine_speed:
      return fmt::format("machine speed differed: probe {:+.0f}% in B{}", f.number("probe_pct"),
                         f.untrusted ? ", which could explain the difference" : "");
    case FindingCode::outliers: return "outliers in " + f.text("side");
    case FindingCode::metrics_disagree:
      return fmt::format("the counts and the time disagree: {} instructions, but {} by time ({:.3f}x [{:.3f}, {:.3f}], {})",
                         f.text("instructions"), f.text("time"), f.number("ratio"), f.number("low"), f.number("high"),
                         f.text("timing_verdict"));
    case FindingCode::decided_by_instructions:
      return fmt::format("by instructions: {:+.3f}% ({} -> {}); the time said {}", f.number("change_pct"), f.integer("a"),
                         f.integer("b"), f.text("timing_verdict"));
    case FindingCode::instructions_a_zero: return "A's call counted no instruction";
    case FindingCode::instructions_nondeterministic:
      return fmt::format("instruction counts of the same code differ by up to {:.3f}%: not deterministic on these inputs",
                         f.number("spread_pct"));
    case FindingCode::identical_code:
      if (f.text("alone") == "SAME") return "identical code";
      return fmt::format("identical code (the {} alone said {})", f.text("metric"), f.text("alone"));
    case FindingCode::verified_against_baseline: return "verified against A's output, not an independent reference";
  }
  return std::string(spelling(f.code));
}

std::string findings_text(const std::vector<Finding>& findings) {
  std::string text;
  for (const Finding& finding : findings) {
    if (!text.empty()) text += "; ";
    text += finding_text(finding);
  }
  return text;
}

}  // namespace abt
