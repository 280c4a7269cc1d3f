#include "history/run_observations.h"

#include "model/point_metrics.h"

namespace abt {

std::vector<RunObservation> observations_of(const RunData& run) {
  std::vector<RunObservation> rows;
  for (const PointRecord& point : run.results.points) {
    if (!point.success) continue;
    const std::string id = point.id();
    // A point measured at another config than A's chose is no evidence of what the compiler did.
    const std::string note = point.has_marker(MarkerKind::autotune_replay_fallback) ? "the replay fell back to a sweep" : "";
    const MetricValues metrics = metrics_of(point);
    for (const MetricValue& value : metrics.all()) {
      const MetricInfo& info = metric_info(value.metric);
      RunObservation row{id, point.point.op, std::string(info.name), std::string(info.unit), info.better, value.value(), {}, {}, note};
      if (value.reads.size() > 1) {
        row.low = value.low();
        row.high = value.high();
      }
      rows.push_back(std::move(row));
    }
    if (const auto& baseline = point.baseline; baseline && baseline->latency.n > 0 && baseline->latency.median > 0) {
      rows.push_back({id, point.point.op, std::string(kControlTime), "us", Better::lower, baseline->latency.median, {}, {}, note});
      RunObservation ratio{id, point.point.op, std::string(kTimeVsControl), "x", Better::lower,
                           point.latency.median / baseline->latency.median, {}, {}, note};
      if (const auto& interval = baseline->interval) {  // as the replay resampled the pair when the point ended
        ratio.value = interval->ratio;
        ratio.low = interval->low;
        ratio.high = interval->high;
      }
      rows.push_back(std::move(ratio));
    }
  }
  return rows;
}

std::string default_history_metric(RunMode family_mode) {
  return family_mode == RunMode::replay ? std::string(kTimeVsControl) : std::string(spelling(MetricId::time));
}

}  // namespace abt
