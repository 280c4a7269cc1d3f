// --compile-instructions: a measured variant's compile run once more, under Valgrind's callgrind
// with its children traced, and the instructions of each stage read from the dumps. The stages
// are the compiler's processes (g++: the driver, cc1plus, as, collect2, ld; Triton: ptxas) and,
// where the compiler runs stages in one process (Triton's ast, ttir, ttgir, llir, ptx, cubin),
// the spans between client requests that the stage marks library makes around each stage.
#pragma once
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "model/compile_profile.h"
#include "util/process.h"

namespace abt {

inline constexpr const char* kStageMarksLibrary = "libabtool-stage-marks.so";
inline constexpr const char* kStageMarkPrefix = "abtool-stage ";  // a client request's text: the stage follows

struct CompileCounting {
  std::string valgrind;                  // absolute path
  std::filesystem::path stage_marks;     // kStageMarksLibrary; empty where it was not built
  std::chrono::seconds limit{3600};      // a compile under callgrind that takes longer has no count
};

// Valgrind on PATH and the stage marks beside abtool (in `tool_dir`); InputError naming what is
// missing and how to get it.
CompileCounting find_compile_counting(const std::filesystem::path& tool_dir);

// A compile that could not be counted (Valgrind failed, the compiler failed under it): the point
// keeps its compile time, without instructions.
class CompileCountError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs `compile` under callgrind and reads every process's dumps in `dumps_dir` (empty, private):
// a process that made stage marks gives its marked stages only (its start-up, imports and glue
// are not the compile's); every other process is a stage named by its program, summed over the
// processes of one program. `out`, when given, receives the compiler's stdout. Throws CompileCountError.
CompileProfile count_under_callgrind(const CompileCounting& counting, const ProcessRequest& compile,
                                     const std::filesystem::path& dumps_dir, std::string* out = nullptr);

// The profile from the dumps' texts, as count_under_callgrind reads them (for tests);
// `root_program`: the file name of the program the compile started (its stages come first).
struct NamedDump {
  std::string file;  // "cg.<pid>" or "cg.<pid>.<n>"
  std::string text;
};
CompileProfile profile_from_dumps(const std::vector<NamedDump>& dumps, const std::string& root_program);

}  // namespace abt
