#include "engine/host_load.h"

#include <sstream>

#include "util/files.h"

namespace abt {

std::optional<HostLoadSample> parse_host_load(const std::string& proc_stat) {
  std::istringstream lines(proc_stat);
  HostLoadSample sample;
  bool cpu = false, running = false;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string name;
    words >> name;
    if (name == "cpu") {  // user nice system idle iowait irq softirq steal ...
      uint64_t ticks[8] = {};
      for (uint64_t& field : ticks) words >> field;
      if (!words) continue;
      for (uint64_t field : ticks) sample.all_ticks += field;
      sample.steal_ticks = ticks[7];
      cpu = true;
    } else if (name == "procs_running") {
      running = bool(words >> sample.runnable);
    }
  }
  if (!cpu || !running) return std::nullopt;
  return sample;
}

std::optional<HostLoadSample> sample_host_load() {
  const auto text = read_file_if_present("/proc/stat");
  return text ? parse_host_load(*text) : std::nullopt;
}

std::optional<Marker> host_busy(const std::vector<HostLoadSample>& samples, unsigned cores) {
  if (samples.size() < 2 || cores == 0) return std::nullopt;
  double runnable = 0;
  for (const HostLoadSample& sample : samples) runnable += sample.runnable;
  runnable /= double(samples.size());
  // Stolen time over the rounds: each pair of samples spans one round.
  uint64_t stolen = 0, all = 0;
  for (size_t i = 0; i + 1 < samples.size(); i += 2) {
    if (samples[i + 1].all_ticks < samples[i].all_ticks || samples[i + 1].steal_ticks < samples[i].steal_ticks) continue;
    stolen += samples[i + 1].steal_ticks - samples[i].steal_ticks;
    all += samples[i + 1].all_ticks - samples[i].all_ticks;
  }
  const double steal_pct = all ? 100.0 * double(stolen) / double(all) : 0;
  if (runnable < double(cores) + kHostBusyExtraTasks && steal_pct <= kHostStealBusyPct) return std::nullopt;
  return host_busy_marker(runnable, cores, steal_pct);
}

}  // namespace abt
