#include "history/run_observations.h"

#include "model/point_metrics.h"

namespace abt {
namespace {

// One line: the point's error, else the marker that failed it.
std::string failure_reason(const PointRecord& point) {
  std::string reason = point.error;
  if (reason.empty())
    for (const Marker& marker : point.markers)
      if (marker.kind == MarkerKind::verify_failed || marker.kind == MarkerKind::point_crashed ||
          marker.kind == MarkerKind::point_timeout || marker.kind == MarkerKind::device_fault)
        reason = marker.text();
  if (reason.empty()) reason = "FAILED";
  reason = reason.substr(0, reason.find('\n'));
  return reason.size() > 300 ? reason.substr(0, 297) + "..." : reason;
}

}  // namespace

std::vector<PointObservations> observations_of(const RunData& run) {
  std::vector<PointObservations> points;
  for (const PointRecord& point : run.results.points) {
    if (!point.success) {
      points.push_back({point.id(), point.point.op, true, failure_reason(point), {}, {}});
      continue;
    }
    // A point measured at another config than A's chose is no evidence of what the compiler did.
    PointObservations& rows = points.emplace_back(PointObservations{
        point.id(), point.point.op, false,
        point.has_marker(MarkerKind::autotune_replay_fallback) ? "the replay fell back to a sweep" : "",
        code_identity(run.layout, point), {}});
    const MetricValues metrics = metrics_of(point);
    for (const MetricValue& value : metrics.all()) {
      const MetricInfo& info = metric_info(value.metric);
      // The value alone: its reads' least and greatest are no interval (results.json keeps every read).
      rows.rows.push_back({info.name, info.unit, info.better, value.value(), {}, {}});
    }
    if (const auto& baseline = point.baseline; baseline && baseline->latency.n > 0 && baseline->latency.median > 0) {
      rows.rows.push_back({kControlTime, "us", Better::lower, baseline->latency.median, {}, {}});
      RunObservation ratio{kTimeVsControl, "x", Better::lower, point.latency.median / baseline->latency.median, {}, {}};
      if (const auto& interval = baseline->interval) {  // as the replay resampled the pair when the point ended
        ratio.value = interval->ratio;
        ratio.low = interval->low;
        ratio.high = interval->high;
      }
      rows.rows.push_back(ratio);
    }
  }
  return points;
}

std::string default_history_metric(RunMode family_mode) {
  return family_mode == RunMode::replay ? std::string(kTimeVsControl) : std::string(metric_name(MetricId::time));
}

}  // namespace abt
