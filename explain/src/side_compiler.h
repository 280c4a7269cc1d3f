// How one side of an A/B compiled its variants, set up again from its run directory: the compiler
// (`--compiler`, `--compiler-flags`, `--compiler-env` as the run was given them), its target and
// the op specs it read.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "compilers/compiler.h"
#include "rundir/run_data.h"

namespace abt {

// The --compiler-flags and --compiler-env words of a stored command line (meta.json's, with the
// program first), as CLI11 read them: `--opt VALUE`, `--opt=VALUE`; --compiler-env takes every word
// up to the next option.
struct CompilerWords {
  std::string flags;
  std::vector<std::string> env;
};
CompilerWords compiler_words(const std::vector<std::string>& command_line);

class SideCompiler {
 public:
  explicit SideCompiler(const RunData& run);  // throws InputError naming the run's meta.json
  const CompilerBackend& compiler() const { return *compiler_; }
  // The same compiler with one more flag (explain --skip-passes: abtool_skip_passes=NAME).
  std::unique_ptr<CompilerBackend> compiler_with_flag(const std::string& flag) const;
  bool is_triton() const { return text_.rfind("triton:", 0) == 0; }
  const OpSpec& op(const std::string& name);  // from the run's ops folder, read once (any thread)
  const std::string& label() const { return label_; }  // "A's compiler (triton:/venv/bin/python)"

 private:
  std::filesystem::path ops_dir_;
  std::string meta_file_;  // the meta.json this side was read from: named in its errors
  std::unique_ptr<CompilerBackend> compiler_;
  std::string text_, arch_;  // --compiler and the target, as the run had them
  CompilerWords words_;
  double variant_limit_s_ = 0;
  bool valgrind_runnable_ = false;
  std::mutex ops_lock_;
  std::map<std::string, OpSpec> ops_;
  std::string label_;
};

}  // namespace abt
