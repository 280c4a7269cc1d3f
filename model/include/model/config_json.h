// A config as the run directory's JSON holds it: an object of parameter name to value text.
#pragma once
#include <nlohmann/json.hpp>

#include "opspec/op_spec.h"

namespace abt {

class JsonFields;

nlohmann::json config_to_json(const Config& config);
// A JSON object's keys come back sorted: put them in spec order with OpSpec::canonical_config.
Config config_from_json(const JsonFields& fields, const char* key);

}  // namespace abt
