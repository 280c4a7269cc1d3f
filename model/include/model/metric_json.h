// A side's metrics as JSON: results.json's "metrics" list, one spelling for every metric
// ({"metric": name, "reads": [...]}), so a new metric needs no new field.
#pragma once
#include <nlohmann/json.hpp>

#include "model/json_fields.h"
#include "model/metric.h"

namespace abt {

nlohmann::json metrics_json(const MetricValues& metrics);
// The side's "metrics" (absent or null: none), validated: a metric this abtool does not know, one
// listed twice, or a read that is no finite number is a RunFormatError naming the field.
MetricValues metrics_from_json(const JsonFields& side);

}  // namespace abt
