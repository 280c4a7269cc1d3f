#include "engine/resume_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>

namespace abt {
namespace {

class Changes {
 public:
  template <typename T>
  void compare(const std::string& what, const T& then, const T& now) {
    if (!(then == now)) lines_.push_back(fmt::format("{}: {} then, {} now", what, shown(then), shown(now)));
  }
  void add(std::string line) { lines_.push_back(std::move(line)); }
  std::vector<std::string> lines() && { return std::move(lines_); }

 private:
  template <typename T>
  static std::string shown(const T& value) {
    if constexpr (std::is_same_v<T, std::string>) return value.empty() ? "none" : value;
    else return fmt::format("{}", value);
  }
  std::vector<std::string> lines_;
};

void compare_compiler(Changes& changes, const std::string& name, const CompilerFingerprint& then,
                      const CompilerFingerprint& now) {
  changes.compare(name + " backend", std::string(spelling(then.backend)), std::string(spelling(now.backend)));
  changes.compare(name + " path", then.path, now.path);
  changes.compare(name + " version", then.version, now.version);
  changes.compare(name + " sha256", then.sha256, now.sha256);
  changes.compare(name + " flags", fmt::format("[{}]", fmt::join(then.flags, " ")), fmt::format("[{}]", fmt::join(now.flags, " ")));
  for (const auto& [key, value] : then.env) {
    auto found = now.env.find(key);
    changes.compare(name + " environment " + key, value, found == now.env.end() ? std::string() : found->second);
  }
  for (const auto& [key, value] : now.env)
    if (!then.env.count(key)) changes.compare(name + " environment " + key, std::string(), value);
}

}  // namespace

std::vector<std::string> resume_changes(const MetaRecord& recorded, const MetaRecord& now) {
  Changes changes;
  compare_compiler(changes, "compiler", recorded.compiler, now.compiler);
  for (const auto& [language, print] : recorded.reference_compilers)
    if (auto found = now.reference_compilers.find(language); found != now.reference_compilers.end())
      compare_compiler(changes, "reference compiler (" + language + ")", print, found->second);
  changes.compare("timer", std::string(spelling(recorded.timing.timer)), std::string(spelling(now.timing.timer)));
  changes.compare("warm-up ms", recorded.timing.warmup_ms, now.timing.warmup_ms);
  changes.compare("rep ms", recorded.timing.rep_ms, now.timing.rep_ms);
  changes.compare("rounds", recorded.timing.rounds, now.timing.rounds);
  changes.compare("full sweep (ABTOOL_FULL_SWEEP)", recorded.sweep.full, now.sweep.full);
  changes.compare("--configs", std::string(spelling(recorded.sweep.configs)), std::string(spelling(now.sweep.configs)));
  changes.compare("Triton compile limit s (ABTOOL_TRITON_VARIANT_LIMIT_S)", recorded.sweep.triton_variant_limit_s,
                  now.sweep.triton_variant_limit_s);
  changes.compare("seed", recorded.seed, now.seed);
  changes.compare("metric", std::string(spelling(recorded.metric)), std::string(spelling(now.metric)));
  // The machine: the same host and device, not their momentary state (a governor may be read
  // differently; the kernel may be patched in place).
  changes.compare("host", recorded.host.hostname, now.host.hostname);
  changes.compare("host CPU", recorded.host.cpu, now.host.cpu);
  // Where both say them: one model name comes with and without AVX-512, and code for the first
  // (-march=native) dies of SIGILL on the second.
  if (!recorded.host.cpu_features.empty() && !now.host.cpu_features.empty()) {
    std::vector<std::string> lost, gained;
    std::set_difference(recorded.host.cpu_features.begin(), recorded.host.cpu_features.end(), now.host.cpu_features.begin(),
                        now.host.cpu_features.end(), std::back_inserter(lost));
    std::set_difference(now.host.cpu_features.begin(), now.host.cpu_features.end(), recorded.host.cpu_features.begin(),
                        recorded.host.cpu_features.end(), std::back_inserter(gained));
    if (!lost.empty() || !gained.empty())
      changes.add(fmt::format("host CPU features: {} then and not now; {} now and not then", lost.empty() ? "none" : fmt::format("{}", fmt::join(lost, " ")),
                              gained.empty() ? "none" : fmt::format("{}", fmt::join(gained, " "))));
  }
  changes.compare("host logical cores", recorded.host.logical_cores, now.host.logical_cores);
  changes.compare("GPU", recorded.gpu.present() ? recorded.gpu.name + " " + recorded.gpu.uuid : std::string(),
                  now.gpu.present() ? now.gpu.name + " " + now.gpu.uuid : std::string());
  changes.compare("GPU driver", recorded.gpu.driver, now.gpu.driver);
  changes.compare("compile target", recorded.gpu.compile_target, now.gpu.compile_target);
  return std::move(changes).lines();
}

}  // namespace abt
