// A fixed loop, compiled into abtool itself, timed between measurement rounds. Its code is the
// same on both sides of an A/B comparison, so when its time differs between two runs the machine
// changed speed (a busy neighbour on a shared core, a frequency change), not the compiler.
#pragma once

namespace abt {

// Median microseconds of a few repetitions of the probe loop (about a millisecond in all).
double machine_probe_us();

}  // namespace abt
