// The machine a host run measured on, for meta.json.
#pragma once
#include <string>
#include <vector>

#include "model/machine_record.h"

namespace abt {

HostRecord host_machine_info();

// The instruction-set features `recorded` has and this CPU lacks (HostRecord::cpu_features), in
// its order; empty where `recorded` says none (a run older than the field) or this CPU has them all.
std::vector<std::string> cpu_features_missing_here(const HostRecord& recorded);

}  // namespace abt
