#include "model/markers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

namespace abt {

std::string Marker::text() const {
  std::string line(spelling(kind));
  if (!detail.empty()) line += " " + detail;
  return line;
}

std::optional<Marker> Marker::parse(std::string_view line) {
  const size_t space = line.find(' ');
  auto kind = parse_spelling<MarkerKind>(line.substr(0, space));
  if (!kind) return std::nullopt;
  return Marker{*kind, space == std::string_view::npos ? std::string() : std::string(line.substr(space + 1))};
}

Marker replay_fallback_marker(FallbackReason reason) {
  return {MarkerKind::autotune_replay_fallback, fmt::format("reason={}", spelling(reason))};
}

Marker no_cudagraph_marker(GraphPhase phase, std::string_view reason) {
  std::string clean(reason);
  std::replace(clean.begin(), clean.end(), '"', '\'');
  std::replace(clean.begin(), clean.end(), '\n', ' ');
  return {MarkerKind::benchmark_direct_no_cudagraph, fmt::format("phase={} reason=\"{}\"", spelling(phase), clean)};
}

Marker baseline_unavailable_marker(BaselineUnavailable reason, std::string_view file, std::string_view why) {
  auto quoted = [](std::string_view text) {
    std::string clean(text);
    std::replace(clean.begin(), clean.end(), '"', '\'');
    std::replace(clean.begin(), clean.end(), '\n', ' ');
    return clean;
  };
  return {MarkerKind::baseline_unavailable,
          fmt::format("reason={} file=\"{}\" why=\"{}\"", spelling(reason), quoted(file), quoted(why))};
}

Marker verify_failed_marker(double max_abs, double max_rel) {
  return {MarkerKind::verify_failed, fmt::format("max_abs={:.6g} max_rel={:.6g}", max_abs, max_rel)};
}

Marker clock_throttled_marker(double sm_mhz, double max_mhz, int attempts) {
  return {MarkerKind::clock_throttled, fmt::format("sm_mhz={:.0f} max_mhz={:.0f} attempts={}", sm_mhz, max_mhz, attempts)};
}

Marker gpu_busy_marker(const std::vector<unsigned>& pids) {
  return {MarkerKind::gpu_busy, fmt::format("pids={}", fmt::join(pids, ","))};
}

Marker host_busy_marker(double runnable, unsigned cores, double steal_pct) {
  return {MarkerKind::host_busy, fmt::format("runnable={:.1f} cores={} steal_pct={:.1f}", runnable, cores, steal_pct)};
}

double host_busy_factor(const Marker& marker) {
  if (marker.kind != MarkerKind::host_busy) return 1;
  double runnable = 0, steal_pct = 0;
  unsigned cores = 0;
  if (std::sscanf(marker.detail.c_str(), "runnable=%lf cores=%u steal_pct=%lf", &runnable, &cores, &steal_pct) != 3 || cores == 0)
    return 1;
  const double by_tasks = runnable / double(cores), by_steal = steal_pct < 100 ? 100 / (100 - steal_pct) : 1;
  return std::max({1.0, by_tasks, by_steal});
}

}  // namespace abt
