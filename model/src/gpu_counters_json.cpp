#include "model/gpu_counters_json.h"

#include <fmt/format.h>

namespace abt {

// --counters: one read of a side's hardware counters.
nlohmann::json gpu_counters_json(const GpuCounters& counters) {
  nlohmann::json stalls = nlohmann::json::object();
  for (const StallShare& share : counters.stalls) stalls[std::string(spelling(share.reason))] = share.pct_of_active_warps;
  nlohmann::json read = {{"tool", counters.tool}, {"kernels", counters.kernels}, {"duration_ns", counters.duration_ns}};
  for (const CounterValue& counter : counters.values) read[std::string(metric_name(counter.metric))] = counter.value;
  read["stalls_pct"] = stalls;
  return read;
}

namespace {

GpuCounters gpu_counters_from_json(const JsonFields& fields) {
  GpuCounters counters;
  counters.tool = fields.text("tool");
  if (counters.tool != "cupti") fields.fail("tool", "unknown counter reader '" + counters.tool + "' (this abtool knows cupti)");
  const uint64_t kernels = fields.unsigned_integer("kernels");
  if (kernels == 0 || kernels > 1u << 20) fields.fail("kernels", "a call of at least one kernel");
  counters.kernels = uint32_t(kernels);
  auto amount = [&](const JsonFields& from, const char* key, double most) {
    const double value = from.number(key);
    if (!(value >= 0) || !(value <= most)) from.fail(key, fmt::format("{} is not between 0 and {}", value, most));
    return value;
  };
  // As the hardware reported them: non-negative and finite, no more (a 48 KB saxpy's L2 hit rate
  // read 129% on the H200: its few sectors, extrapolated over the L2's slices).
  constexpr double kAny = 1e300;
  counters.duration_ns = amount(fields, "duration_ns", kAny);
  // Each counter row's, where the read has it (a counter this abtool has no row for is passed over).
  for (const MetricInfo& info : metric_rows()) {
    const std::string key(info.name);
    if (info.is_counter() && fields.has(key.c_str())) counters.values.push_back({info.id, amount(fields, key.c_str(), kAny)});
  }
  // A read of no counter at all says nothing the why could be made of: damage, not a quiet `same`.
  if (counters.values.empty()) fields.fail(fmt::format("a read of no counter this abtool knows (expected some of: {})", [] {
    std::string names;
    for (const MetricInfo& info : metric_rows())
      if (info.is_counter()) names += (names.empty() ? "" : ", ") + std::string(info.name);
    return names;
  }()));
  const JsonFields stalls = fields.object("stalls_pct");
  for (const auto& [name, value] : fields.any("stalls_pct").items())
    if (!parse_spelling<StallReason>(name))
      stalls.fail(fmt::format("unknown stall reason '{}' (expected: {})", name, spelling_list<StallReason>()));
  for (const auto& [reason, name] : Spellings<StallReason>::table) {
    const std::string key(name);
    if (stalls.has(key.c_str())) counters.stalls.push_back({reason, amount(stalls, key.c_str(), kAny)});
  }
  return counters;
}

}  // namespace

nlohmann::json counter_reads_json(const CounterReads& counters) {
  nlohmann::json reads = nlohmann::json::array();
  for (const auto& read : counters.reads) reads.push_back(gpu_counters_json(read));
  return reads;
}

std::optional<CounterReads> counter_reads_from_json(const JsonFields& side) {
  if (!side.has("counters")) return std::nullopt;
  CounterReads counters;
  for (const JsonFields& read : side.objects("counters", "read")) counters.reads.push_back(gpu_counters_from_json(read));
  if (counters.reads.empty()) side.fail("counters", "at least one read");
  auto counters_of = [](const GpuCounters& read) {
    std::vector<MetricId> metrics;
    for (const CounterValue& counter : read.values) metrics.push_back(counter.metric);
    return metrics;
  };
  for (const auto& read : counters.reads) {
    if (read.kernels != counters.reads.front().kernels) side.fail("counters", "every read of one call has the same kernels");
    if (counters_of(read) != counters_of(counters.reads.front()))
      side.fail("counters", "every read of one call has the same counters");
  }
  return counters;
}

}  // namespace abt
