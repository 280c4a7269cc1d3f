#include "compilers/compile_counting.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>

#include "compilers/compiler.h"
#include "util/callgrind_dump.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"
#include "util/valgrind.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// "cg.<pid>" is a process's last dump, at its end; "cg.<pid>.<n>" its n-th client-request dump.
long dump_number(const std::string& file) {
  const size_t second_dot = file.find('.', 3);
  if (second_dot == std::string::npos) return 1L << 30;  // the end: after every numbered dump
  try {
    return std::stol(file.substr(second_dot + 1));
  } catch (const std::exception&) {
    return 1L << 30;
  }
}

// The compiler's last words, without the notice callgrind prints about its own options.
std::string what_went_wrong(const std::string& err) {
  std::string kept;
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);)
    if (line.find("Using source line as position") == std::string::npos) kept += line + "\n";
  return last_line(kept);
}

std::string program_of(const std::string& command) {
  const std::string first = command.substr(0, command.find(' '));
  return fs::path(first).filename().string();
}

}  // namespace

CountedCompile CompilerBackend::count_compile(const CompileJob&, const CompileCounting& counting) const {
  throw CompileCountError(uncountable(counting));
}

std::string CompilerBackend::uncountable(const CompileCounting&) const {
  return fmt::format("the {} backend compiles inside abtool's own process (a library call): Valgrind cannot count "
                     "its compile apart (host, nvcc and triton compilers can be counted)",
                     spelling(fingerprint().backend));
}

CompileCounting find_compile_counting(const fs::path& tool_dir) {
  CompileCounting counting;
  counting.valgrind = find_working_valgrind("--compile-instructions");
  std::error_code error;
  if (fs::is_regular_file(tool_dir / kStageMarksLibrary, error)) counting.stage_marks = tool_dir / kStageMarksLibrary;
  return counting;
}

CompileProfile profile_from_dumps(const std::vector<NamedDump>& named, const std::string& root_program) {
  struct Read {
    long pid, number;
    CallgrindDump dump;
  };
  std::vector<Read> reads;
  std::map<long, bool> marked;  // pid -> it made stage marks
  for (const auto& file : named) {
    auto dump = parse_callgrind_dump(file.text);
    if (!dump) throw CompileCountError("callgrind wrote a file that is not a dump: " + file.file);
    const bool mark = dump->trigger.rfind(kStageMarkPrefix, 0) == 0;
    marked[dump->pid] = marked[dump->pid] || mark;
    reads.push_back({dump->pid, dump_number(file.file), std::move(*dump)});
  }
  // The processes in the order they started: the compiler itself first (the process that made
  // stage marks, else the one running `root_program`), then its children by how far their pids
  // come after its own, which is their start order even where the pids wrapped around pid_max.
  long root = reads.empty() ? 0 : reads.front().pid;
  bool found_root = false;
  for (const Read& read : reads)
    if (marked[read.pid] || (!found_root && program_of(read.dump.command) == root_program)) {
      root = read.pid;
      found_root = true;
      if (marked[read.pid]) break;
    }
  constexpr long kPidRange = 1L << 22;  // Linux's largest pid_max
  auto started_after_root = [&](long pid) { return ((pid - root) % kPidRange + kPidRange) % kPidRange; };
  std::sort(reads.begin(), reads.end(), [&](const Read& x, const Read& y) {
    return std::make_tuple(started_after_root(x.pid), x.number) < std::make_tuple(started_after_root(y.pid), y.number);
  });
  CompileProfile profile;
  profile.counted_by = "callgrind";
  auto add = [&](const std::string& stage, uint64_t instructions) {
    for (auto& known : profile.stages)
      if (known.name == stage) {
        *known.instructions += instructions;
        return;
      }
    profile.stages.push_back({stage, std::nullopt, instructions});
  };
  for (const Read& read : reads) {
    if (marked[read.pid]) {
      if (read.dump.trigger.rfind(kStageMarkPrefix, 0) == 0)
        add(read.dump.trigger.substr(std::string(kStageMarkPrefix).size()), read.dump.instructions);
    } else if (read.dump.trigger == "Program termination") {
      add(program_of(read.dump.command), read.dump.instructions);
    }
  }
  if (profile.stages.empty()) throw CompileCountError("callgrind counted no stage of the compile");
  return profile;
}

CompileProfile count_under_callgrind(const CompileCounting& counting, const ProcessRequest& compile,
                                     const fs::path& dumps_dir, std::string* out) {
  ProcessRequest request = compile;
  request.program = counting.valgrind;
  request.args = {"--tool=callgrind", "-q", "--trace-children=yes", "--callgrind-out-file=" + (dumps_dir / "cg.%p").string(),
                  "--dump-line=no", "--compress-strings=no", "--compress-pos=no", compile.program};
  request.args.insert(request.args.end(), compile.args.begin(), compile.args.end());
  request.timeout = counting.limit;
  ProcessResult result;
  try {
    result = run_process(request);
  } catch (const std::exception& error) {
    throw CompileCountError(std::string("valgrind could not be started: ") + error.what());
  }
  if (result.timed_out) throw CompileCountError(fmt::format("the compile ran longer than {} s under callgrind", counting.limit.count()));
  if (result.exit_code < 0) throw CompileCountError("callgrind was ended by a signal (the run was stopped, or Valgrind crashed)");
  if (result.exit_code != 0)
    throw CompileCountError(fmt::format("the compile failed under callgrind (exit {}): {}", result.exit_code, what_went_wrong(result.err)));
  if (out) *out = result.out;
  std::vector<NamedDump> dumps;
  for (const auto& entry : fs::directory_iterator(dumps_dir)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("cg.", 0) == 0 && entry.is_regular_file()) dumps.push_back({name, read_text_file(entry.path())});
  }
  return profile_from_dumps(dumps, fs::path(compile.program).filename().string());
}

}  // namespace abt
