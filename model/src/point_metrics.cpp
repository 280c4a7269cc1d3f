#include "model/point_metrics.h"

namespace abt {
namespace {

// What one side carries, gathered in any order and returned in the rows' order.
struct SideMetrics {
  const SampleSummary& latency;
  const std::optional<InstructionCount>& instructions;
  const std::optional<CounterReads>& counters;
  std::optional<double> compile_ms;
  const std::optional<CompileProfile>* compile_profile;  // null: the side has none (A's code in B's process)
  const MetricValues& measured;
};

void add_counters(MetricValues& metrics, const CounterReads& counters) {
  if (counters.reads.empty()) return;
  for (const CounterValue& counter : counters.reads.front().values) {
    std::vector<double> reads;
    for (const GpuCounters& read : counters.reads) reads.push_back(read.value(counter.metric).value_or(0));
    metrics.set(counter.metric, std::move(reads));
  }
}

MetricValues gather(const SideMetrics& side) {
  MetricValues found;
  if (side.latency.n > 0) found.set(MetricId::time, {side.latency.median});
  if (side.instructions && !side.instructions->calls.empty())
    found.set(MetricId::instructions, std::vector<double>(side.instructions->calls.begin(), side.instructions->calls.end()));
  if (side.compile_ms) found.set(MetricId::compile_ms, {*side.compile_ms});
  if (side.compile_profile && *side.compile_profile && (*side.compile_profile)->counted())
    found.set(MetricId::compile_instructions, {double((*side.compile_profile)->total_instructions())});
  if (side.counters) add_counters(found, *side.counters);
  for (const MetricValue& value : side.measured.all()) found.set(value.metric, value.reads);
  MetricValues ordered;
  for (const MetricInfo& info : metric_rows())
    if (const MetricValue* value = found.find(info.id)) ordered.set(info.id, value->reads);
  return ordered;
}

}  // namespace

MetricValues metrics_of(const PointRecord& point) {
  return gather({point.latency, point.instructions, point.counters, point.compile_ms, &point.compile_profile, point.metrics});
}

MetricValues metrics_of(const Baseline& baseline) {
  return gather({baseline.latency, baseline.instructions, baseline.counters, std::nullopt, nullptr, baseline.metrics});
}

}  // namespace abt
