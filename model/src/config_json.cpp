#include "model/config_json.h"

#include "model/json_fields.h"

namespace abt {

nlohmann::json config_to_json(const Config& config) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [name, value] : config) object[name] = value;
  return object;
}

Config config_from_json(const JsonFields& fields, const char* key) {
  Config config;
  for (const auto& [name, value] : fields.text_map(key)) config.emplace_back(name, value);
  return config;
}

}  // namespace abt
