// The machine a host run measured on, for meta.json.
#pragma once
#include <nlohmann/json.hpp>

namespace abt {

nlohmann::json host_machine_info();

}  // namespace abt
