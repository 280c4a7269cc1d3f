// The markers of ../shared/SPEC.md section 6: one line each in run.log, and per point in
// results.json. This file is the only place that spells them.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/spelling.h"

namespace abt {

enum class MarkerKind {
  autotune_replay_fallback,
  benchmark_direct_no_cudagraph,
  verify_failed,
  gpu_busy,
  host_busy,
  clock_throttled,
  point_crashed,
  point_timeout,
  device_fault,
  baseline_unavailable,
};
template <>
struct Spellings<MarkerKind> {
  static constexpr std::array<std::pair<MarkerKind, std::string_view>, 10> table{
      {{MarkerKind::autotune_replay_fallback, "AUTOTUNE_REPLAY_FALLBACK"},
       {MarkerKind::benchmark_direct_no_cudagraph, "BENCHMARK_DIRECT_NO_CUDAGRAPH"},
       {MarkerKind::verify_failed, "VERIFY_FAILED"},
       {MarkerKind::gpu_busy, "GPU_BUSY"},
       {MarkerKind::host_busy, "HOST_BUSY"},
       {MarkerKind::clock_throttled, "CLOCK_THROTTLED"},
       {MarkerKind::point_crashed, "POINT_CRASHED"},
       {MarkerKind::point_timeout, "POINT_TIMEOUT"},
       {MarkerKind::device_fault, "DEVICE_FAULT"},
       {MarkerKind::baseline_unavailable, "BASELINE_UNAVAILABLE"}}};
};

// Why a replay did not use A's config for a point.
enum class FallbackReason { missing_key, compile_error, launch_error, verify_failed };
template <>
struct Spellings<FallbackReason> {
  static constexpr std::array<std::pair<FallbackReason, std::string_view>, 4> table{
      {{FallbackReason::missing_key, "missing_key"}, {FallbackReason::compile_error, "compile_error"},
       {FallbackReason::launch_error, "launch_error"}, {FallbackReason::verify_failed, "verify_failed"}}};
};

// Why an interleaved replay could not run A's stored binary for a point.
enum class BaselineUnavailable { missing, hash_mismatch, link };
template <>
struct Spellings<BaselineUnavailable> {
  static constexpr std::array<std::pair<BaselineUnavailable, std::string_view>, 3> table{
      {{BaselineUnavailable::missing, "missing"}, {BaselineUnavailable::hash_mismatch, "hash_mismatch"},
       {BaselineUnavailable::link, "link"}}};
};

// The graph phase that could not be used (SPEC section 7).
enum class GraphPhase { warmup, capture, instantiate, replay };
template <>
struct Spellings<GraphPhase> {
  static constexpr std::array<std::pair<GraphPhase, std::string_view>, 4> table{
      {{GraphPhase::warmup, "warmup"}, {GraphPhase::capture, "capture"}, {GraphPhase::instantiate, "instantiate"},
       {GraphPhase::replay, "replay"}}};
};

struct Marker {
  MarkerKind kind = MarkerKind::verify_failed;
  std::string detail;  // the rest of the line after the name, e.g. `reason=missing_key`

  std::string text() const;  // the exact line: `AUTOTUNE_REPLAY_FALLBACK reason=missing_key`
  // nullopt unless `line` starts with a known marker name followed by the end or a space.
  static std::optional<Marker> parse(std::string_view line);
  bool operator==(const Marker&) const = default;
};

Marker replay_fallback_marker(FallbackReason reason);
// `reason` is made one line with no double quotes, so the marker stays parseable.
Marker no_cudagraph_marker(GraphPhase phase, std::string_view reason);
Marker verify_failed_marker(double max_abs, double max_rel);
// `BASELINE_UNAVAILABLE reason=<r> file="<bin/...>" why="<...>"`: A's stored binary for the point
// could not be measured beside B's; the point is compared across processes.
Marker baseline_unavailable_marker(BaselineUnavailable reason, std::string_view file, std::string_view why);
// The SM clock stayed below the threshold in a round even after `attempts` tries.
Marker clock_throttled_marker(double sm_mhz, double max_mhz, int attempts);
// Other processes computed on the GPU while the run measured (their process ids).
Marker gpu_busy_marker(const std::vector<unsigned>& pids);
// The host was busy while a point's rounds ran: `runnable` tasks on average (the measuring one
// included) on `cores` cores, `steal_pct` of the CPU time taken by the hypervisor.
Marker host_busy_marker(double runnable, unsigned cores, double steal_pct);
// How many times slower a HOST_BUSY marker's load could make a point's code: the larger of the
// runnable tasks per core and 1 / (1 - steal); 1 for another marker or one without the figures.
double host_busy_factor(const Marker& marker);

}  // namespace abt
