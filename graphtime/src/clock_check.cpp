#include "graphtime/clock_check.h"

#include <thread>

namespace abt {

Measurement measure_at_full_clock(const std::function<Measurement()>& round, ClockProbe& probe, const ClockPolicy& policy) {
  const double floor_mhz = policy.threshold * probe.max_clock_mhz();
  for (int attempt = 1;; ++attempt) {
    Measurement measured = round();
    const double mhz = probe.sm_clock_mhz();
    measured.round_clock_mhz = {mhz};
    if (mhz >= floor_mhz) return measured;
    if (attempt >= policy.attempts) {
      measured.markers.push_back(clock_throttled_marker(mhz, probe.max_clock_mhz(), attempt));
      return measured;
    }
    std::this_thread::sleep_for(policy.recovery);  // as nvbench does: give the clock time to recover
  }
}

const std::string& clock_probe_source() {
  // One thread spins for 200 us of %globaltimer (fine enough for a 0.5% reading whatever the
  // timer's granularity) and reports the SM cycles that passed meanwhile.
  static const std::string source = R"(
extern "C" __global__ void abt_clock_probe(unsigned long long* out) {
  unsigned long long start_ns, now_ns;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start_ns));
  const long long start_cycles = clock64();
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now_ns));
  } while (now_ns - start_ns < 200000ull);
  out[0] = (unsigned long long)(clock64() - start_cycles);
  out[1] = now_ns - start_ns;
}
)";
  return source;
}

}  // namespace abt
