#include "model/metric.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace abt {

const MetricInfo& metric_info(MetricId id) {
  for (const MetricInfo& info : kMetrics)
    if (info.id == id) return info;
  throw std::logic_error("a metric without its row in kMetrics");
}

double MetricValue::value() const {
  return reads.empty() ? 0 : std::accumulate(reads.begin(), reads.end(), 0.0) / double(reads.size());
}

double MetricValue::low() const { return reads.empty() ? 0 : *std::min_element(reads.begin(), reads.end()); }

double MetricValue::high() const { return reads.empty() ? 0 : *std::max_element(reads.begin(), reads.end()); }

const MetricValue* MetricValues::find(MetricId metric) const {
  for (const MetricValue& value : values_)
    if (value.metric == metric) return &value;
  return nullptr;
}

void MetricValues::set(MetricId metric, std::vector<double> reads) {
  for (MetricValue& value : values_)
    if (value.metric == metric) {
      value.reads = std::move(reads);
      return;
    }
  values_.push_back({metric, std::move(reads)});
}

}  // namespace abt
