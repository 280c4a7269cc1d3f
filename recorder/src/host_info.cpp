#include "host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

namespace abt {

nlohmann::json host_machine_info() {
  nlohmann::json info;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      info["cpu"] = line.substr(line.find(':') + 2);
      break;
    }
  info["logical_cores"] = std::thread::hardware_concurrency();
  utsname name{};
  if (::uname(&name) == 0) {
    info["kernel"] = std::string(name.sysname) + " " + name.release;
    info["hostname"] = name.nodename;
    info["arch"] = name.machine;
  }
  std::ifstream governor("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  std::string value;
  if (governor >> value) info["cpufreq_governor"] = value;
  return info;
}

}  // namespace abt
