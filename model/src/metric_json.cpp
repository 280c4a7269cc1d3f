#include "model/metric_json.h"

#include <fmt/format.h>

#include <cmath>

namespace abt {

nlohmann::json metrics_json(const MetricValues& metrics) {
  nlohmann::json list = nlohmann::json::array();
  for (const MetricValue& value : metrics.all()) list.push_back({{"metric", metric_name(value.metric)}, {"reads", value.reads}});
  return list;
}

MetricValues metrics_from_json(const JsonFields& side) {
  MetricValues metrics;
  if (!side.has("metrics")) return metrics;
  const std::vector<JsonFields> entries = side.objects("metrics", "metric");
  for (const JsonFields& entry : entries) {
    const std::string name = entry.text("metric");
    const std::optional<MetricId> known = metric_named(name);
    if (!known) entry.fail("metric", fmt::format("unknown value '{}' (expected one of: {})", name, metric_names()));
    const MetricId metric = *known;
    if (metrics.find(metric)) entry.fail("metric", fmt::format("'{}' is listed twice", name));
    std::vector<double> reads = entry.numbers("reads");
    if (reads.empty()) entry.fail("reads", "expected at least one read");
    for (double read : reads)
      if (!std::isfinite(read)) entry.fail("reads", "expected finite numbers");
    metrics.set(metric, std::move(reads));
  }
  return metrics;
}

}  // namespace abt
