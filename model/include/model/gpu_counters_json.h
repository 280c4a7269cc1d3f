// GpuCounters as JSON: one side's hardware counters in results.json, and both sides' in diff's
// JSON, in one spelling.
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "model/gpu_counters.h"
#include "model/json_fields.h"

namespace abt {

nlohmann::json gpu_counters_json(const GpuCounters& counters);
nlohmann::json counter_reads_json(const CounterReads& counters);  // an array of reads
// The side's "counters" (an array of reads), validated (RunFormatError naming the field); nullopt
// where absent or null.
std::optional<CounterReads> counter_reads_from_json(const JsonFields& side);

}  // namespace abt
