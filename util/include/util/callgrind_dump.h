// One file callgrind writes: a dump of one process's counts, made by a client request
// (CALLGRIND_DUMP_STATS_AT), or at the program's end. Read by the host instruction counter
// (counters/) and by the compile counting (compilers/), which traces a compiler's children too.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace abt {

struct CallgrindDump {
  std::string trigger;  // a client request's text ("side0.call1"), or "Program termination"
  uint64_t instructions = 0;
  long pid = 0;         // 0 where the dump names none
  std::string command;  // the process's command line, as callgrind's "cmd:" line gives it
};

// nullopt when the text is not a callgrind dump with a trigger and its totals.
std::optional<CallgrindDump> parse_callgrind_dump(std::string_view text);

}  // namespace abt
