#include "engine/host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "util/parallel.h"

namespace abt {

HostRecord host_machine_info() {
  HostRecord host;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    if (line.rfind("model name", 0) == 0 && host.cpu.empty()) host.cpu = line.substr(std::min(line.size(), colon + 2));
    if ((line.rfind("flags", 0) == 0 || line.rfind("Features", 0) == 0) && host.cpu_features.empty()) {  // x86's; Arm's
      std::istringstream words(line.substr(colon + 1));
      for (std::string word; words >> word;) host.cpu_features.push_back(word);
    }
    if (!host.cpu.empty() && !host.cpu_features.empty()) break;
  }
  std::sort(host.cpu_features.begin(), host.cpu_features.end());
  host.cpu_features.erase(std::unique(host.cpu_features.begin(), host.cpu_features.end()), host.cpu_features.end());
  host.logical_cores = logical_cores();
  utsname name{};
  if (::uname(&name) == 0) {
    host.kernel = std::string(name.sysname) + " " + name.release;
    host.hostname = name.nodename;
    host.arch = name.machine;
  }
  std::ifstream governor("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  governor >> host.cpufreq_governor;
  return host;
}

std::vector<std::string> cpu_features_missing_here(const HostRecord& recorded) {
  static const HostRecord here = host_machine_info();
  std::vector<std::string> missing;
  for (const std::string& feature : recorded.cpu_features)
    if (!std::binary_search(here.cpu_features.begin(), here.cpu_features.end(), feature)) missing.push_back(feature);
  return missing;
}

}  // namespace abt
