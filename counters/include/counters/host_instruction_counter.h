// Host instruction counts through Valgrind's callgrind: a small runner (abtool-count-host,
// installed beside abtool) calls each variant under callgrind with client requests around the
// call alone (src/count_runner_main.cpp). Instructions are the kernel call's own, library calls
// it makes included, the counting's own few instructions taken off.
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "counters/instruction_counter.h"
#include "util/callgrind_dump.h"  // the dumps it reads

namespace abt {

inline constexpr const char* kHostCountRunner = "abtool-count-host";
inline constexpr int kCountedCalls = 2;  // per side: a difference between them says the code is not deterministic

struct HostCountingTools {
  std::string valgrind;           // absolute path
  std::filesystem::path runner;   // abtool-count-host
};

// Valgrind on PATH and the runner in `runner_dir`; InputError naming what is missing and how to
// get it (a run asked for --metric instructions cannot be had without them).
HostCountingTools find_host_counting_tools(const std::filesystem::path& runner_dir);

// `limit`: a call under callgrind that takes longer is a CountError, not a hung run.
std::unique_ptr<InstructionCounter> make_host_instruction_counter(HostCountingTools tools, std::chrono::seconds limit);

}  // namespace abt
