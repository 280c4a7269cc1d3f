#include "history/run_observations.h"

#include "model/point_metrics.h"

namespace abt {

std::vector<PointObservations> observations_of(const RunData& run) {
  std::vector<PointObservations> points;
  for (const PointRecord& point : run.results.points) {
    if (!point.success) continue;
    // A point measured at another config than A's chose is no evidence of what the compiler did.
    PointObservations& rows = points.emplace_back(PointObservations{
        point.id(), point.point.op, point.has_marker(MarkerKind::autotune_replay_fallback) ? "the replay fell back to a sweep" : "", {}});
    const MetricValues metrics = metrics_of(point);
    for (const MetricValue& value : metrics.all()) {
      const MetricInfo& info = metric_info(value.metric);
      RunObservation row{info.name, info.unit, info.better, value.value(), {}, {}};
      if (value.reads.size() > 1) {
        row.low = value.low();
        row.high = value.high();
      }
      rows.rows.push_back(row);
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
  return family_mode == RunMode::replay ? std::string(kTimeVsControl) : std::string(spelling(MetricId::time));
}

}  // namespace abt
