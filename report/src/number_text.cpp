#include "number_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace abt {
namespace {

struct TimeUnit {
  double per_us;
  const char* name;
};

TimeUnit unit_for(double us) {
  const double size = std::fabs(us);
  if (size >= 1e6) return {1e-6, "s"};
  if (size >= 1e3) return {1e-3, "ms"};
  return {1, "us"};
}

}  // namespace

std::string significant_text(double value, int digits) {
  if (!std::isfinite(value)) return fmt::format("{}", value);
  if (value == 0) return "0";
  const int magnitude = int(std::floor(std::log10(std::fabs(value))));
  // "5.96e-08", not "0.0000000596": a reader counts no zeros.
  if (magnitude < -3 || magnitude >= 9) return fmt::format("{:.{}e}", value, std::max(0, digits - 1));
  const int decimals = std::clamp(digits - 1 - magnitude, 0, 12);
  return fmt::format("{:.{}f}", value, decimals);
}

std::string time_text(double us) {
  const TimeUnit unit = unit_for(us);
  return significant_text(us * unit.per_us) + " " + unit.name;
}

std::string time_range_text(double low_us, double high_us) {
  const TimeUnit unit = unit_for(std::max(std::fabs(low_us), std::fabs(high_us)));
  return significant_text(low_us * unit.per_us) + "-" + significant_text(high_us * unit.per_us) + " " + unit.name;
}

std::string tick_text(double value) { return value >= 1 ? fmt::format("{:.0f}", value) : significant_text(value, 1); }

}  // namespace abt
