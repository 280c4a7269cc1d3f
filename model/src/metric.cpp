#include "model/metric.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace abt {

namespace {

std::deque<MetricInfo>& rows() {
  static std::deque<MetricInfo> all(kMetrics.begin(), kMetrics.end());
  return all;
}

}  // namespace

const std::deque<MetricInfo>& metric_rows() { return rows(); }

MetricId add_metric_row(MetricInfo row) {
  if (metric_named(row.name)) throw std::invalid_argument("a metric row named '" + std::string(row.name) + "' exists");
  row.id = MetricId(rows().size());
  rows().push_back(row);
  return row.id;
}

const MetricInfo& metric_info(MetricId id) {
  const size_t at = size_t(id);
  if (at >= rows().size()) throw std::logic_error("a metric without its row in kMetrics");
  return rows()[at];
}

std::optional<MetricId> metric_named(std::string_view name) {
  for (const MetricInfo& info : rows())
    if (info.name == name) return info.id;
  return std::nullopt;
}

std::string_view metric_name(MetricId id) { return metric_info(id).name; }

std::string metric_names(std::string_view separator) {
  std::string text;
  for (const MetricInfo& info : rows()) {
    if (!text.empty()) text += separator;
    text += info.name;
  }
  return text;
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
