// The clock probe on a real device: the probe kernel enqueued on the target's stream.
#pragma once
#include <memory>
#include <string>

#include "graphtime/clock_check.h"
#include "launch/device_target.h"

namespace abt {

// `probe_cubin`: clock_probe_source() built for this device. Throws PointError.
std::unique_ptr<ClockProbe> make_device_clock_probe(const DeviceTarget& target, const std::string& probe_cubin);

}  // namespace abt
