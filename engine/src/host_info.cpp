#include "host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "util/parallel.h"

namespace abt {

HostRecord host_machine_info() {
  HostRecord host;
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      host.cpu = line.substr(line.find(':') + 2);
      break;
    }
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

}  // namespace abt
