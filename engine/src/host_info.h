// The machine a host run measured on, for meta.json.
#pragma once
#include "model/machine_record.h"

namespace abt {

HostRecord host_machine_info();

}  // namespace abt
