// HOST_BUSY (SPEC section 6): how busy the host was while a host point's rounds ran. Before and
// after each round the kernel's own counts are read (/proc/stat: the tasks runnable now, the
// measuring one included; the CPU time busy and stolen; /proc/self/stat: this process's own). A
// point whose rounds saw on average half a task or more beyond one per core (some other task
// wanted the measuring core), or whose other processes consumed more than the cores the measuring
// task leaves them (by a quarter core: they took time from it), or more than 5% of the CPU stolen,
// carries the marker, and diff does not claim a change that the load could make (compare/judge.h).
// The runnable count alone, sampled at round edges, misses loads that come and go between them
// (two loops at 80% duty on two cores); what the others consumed over the rounds does not.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/markers.h"

namespace abt {

struct HostLoadSample {
  int runnable = 0;                    // tasks runnable now, the reading one included
  uint64_t steal_ticks = 0, all_ticks = 0;  // CPU time so far, all cores: stolen, and in all
  uint64_t busy_ticks = 0;             // ... neither idle nor waiting for I/O (0: not read)
  uint64_t self_ticks = 0;             // this process's own CPU time so far, every thread (user + system)
};

// From /proc/stat's text; nullopt when it lacks the lines (another kernel, no procfs).
std::optional<HostLoadSample> parse_host_load(const std::string& proc_stat);
// This process's CPU ticks from /proc/self/stat's text (utime + stime); nullopt when unreadable.
std::optional<uint64_t> parse_self_ticks(const std::string& self_stat);
std::optional<HostLoadSample> sample_host_load();  // this machine's, now

inline constexpr double kHostStealBusyPct = 5;
inline constexpr double kHostBusyExtraTasks = 0.5;
inline constexpr double kHostBusyOtherCores = 0.25;  // beyond cores - 1, what other processes consumed

// The marker for a point's samples (taken in pairs: before and after each round), or nullopt
// when the host was not busy, or too few were read to tell.
std::optional<Marker> host_busy(const std::vector<HostLoadSample>& samples, unsigned cores);

}  // namespace abt
