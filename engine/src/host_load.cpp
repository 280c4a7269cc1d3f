#include "engine/host_load.h"

#include <algorithm>
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
      sample.busy_ticks = sample.all_ticks - ticks[3] - ticks[4];  // less idle and iowait
      cpu = true;
    } else if (name == "procs_running") {
      running = bool(words >> sample.runnable);
    }
  }
  if (!cpu || !running) return std::nullopt;
  return sample;
}

std::optional<uint64_t> parse_self_ticks(const std::string& self_stat) {
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the fields follow its last ')'.
  const size_t close = self_stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream words(self_stat.substr(close + 1));
  std::string field;
  uint64_t utime = 0, stime = 0;
  for (int index = 3; index <= 15 && words >> field; ++index) {  // field 3 is the state; 14 utime, 15 stime
    if (index == 14) utime = std::stoull(field);
    if (index == 15) stime = std::stoull(field);
    if (index == 15) return utime + stime;
  }
  return std::nullopt;
}

std::optional<HostLoadSample> sample_host_load() {
  const auto text = read_file_if_present("/proc/stat");
  auto sample = text ? parse_host_load(*text) : std::nullopt;
  if (!sample) return sample;
  if (const auto self = read_file_if_present("/proc/self/stat"))
    if (const auto ticks = parse_self_ticks(*self)) sample->self_ticks = *ticks;
  return sample;
}

std::optional<Marker> host_busy(const std::vector<HostLoadSample>& samples, unsigned cores) {
  if (samples.size() < 2 || cores == 0) return std::nullopt;
  double runnable = 0;
  for (const HostLoadSample& sample : samples) runnable += sample.runnable;
  runnable /= double(samples.size());
  // Stolen time, and the CPU time other processes consumed, over the rounds: each pair of samples
  // spans one round.
  uint64_t stolen = 0, all = 0, others = 0, counted_all = 0;
  for (size_t i = 0; i + 1 < samples.size(); i += 2) {
    const HostLoadSample &before = samples[i], &after = samples[i + 1];
    if (after.all_ticks < before.all_ticks || after.steal_ticks < before.steal_ticks) continue;
    stolen += after.steal_ticks - before.steal_ticks;
    all += after.all_ticks - before.all_ticks;
    if (!before.busy_ticks || after.busy_ticks < before.busy_ticks || after.self_ticks < before.self_ticks) continue;
    const uint64_t busy = after.busy_ticks - before.busy_ticks, self = after.self_ticks - before.self_ticks;
    others += busy > self ? busy - self : 0;
    counted_all += after.all_ticks - before.all_ticks;
  }
  const double steal_pct = all ? 100.0 * double(stolen) / double(all) : 0;
  // What the others consumed, in cores on average; with the measuring task, the tasks that wanted a core.
  const double other_cores = counted_all ? double(cores) * double(others) / double(counted_all) : 0;
  const bool others_took_time = other_cores > double(cores) - 1 + kHostBusyOtherCores;
  if (runnable < double(cores) + kHostBusyExtraTasks && !others_took_time && steal_pct <= kHostStealBusyPct) return std::nullopt;
  return host_busy_marker(std::max(runnable, 1 + other_cores), cores, steal_pct);
}

}  // namespace abt
