#include "side_compiler.h"

#include "explain/explain.h"

#include <fmt/format.h>

#include "util/errors.h"

namespace abt {
namespace fs = std::filesystem;

CompilerWords compiler_words(const std::vector<std::string>& command_line) {
  CompilerWords words;
  for (size_t i = 1; i < command_line.size(); ++i) {
    const std::string& word = command_line[i];
    const size_t equals = word.find('=');
    const std::string option = word.substr(0, equals);
    if (option != "--compiler-flags" && option != "--compiler-env") continue;
    std::vector<std::string> values;
    if (equals != std::string::npos) values.push_back(word.substr(equals + 1));
    else if (option == "--compiler-flags" && i + 1 < command_line.size()) values.push_back(command_line[++i]);
    else
      while (i + 1 < command_line.size() && command_line[i + 1].rfind("--", 0) != 0) values.push_back(command_line[++i]);
    if (option == "--compiler-flags") words.flags = values.empty() ? "" : values.back();
    else words.env.insert(words.env.end(), values.begin(), values.end());
  }
  return words;
}

std::vector<std::string> compiler_arguments(const RunData& run, const std::string& extra_flag) {
  const MetaRecord& meta = run.meta;
  const CompilerWords words = compiler_words(meta.command_line);
  const std::string flags = words.flags.empty() ? extra_flag : extra_flag.empty() ? words.flags : words.flags + " " + extra_flag;
  std::vector<std::string> args{"--compiler",
                                meta.selection.compiler.empty() ? default_compiler_text(meta.gpu.compile_target) : meta.selection.compiler};
  if (!flags.empty()) args.push_back("--compiler-flags=" + flags);  // one word: flags may begin with '-'
  for (const std::string& env : words.env) args.insert(args.end(), {"--compiler-env", env});
  return args;
}

SideCompiler::SideCompiler(const RunData& run) {
  const MetaRecord& meta = run.meta;
  const std::string where = run.layout.meta().string();
  const std::string& arch = meta.gpu.compile_target;
  const std::string text = meta.selection.compiler.empty() ? default_compiler_text(arch) : meta.selection.compiler;
  const CompilerWords words = compiler_words(meta.command_line);
  label_ = text + (words.flags.empty() ? "" : " " + words.flags);
  text_ = text;
  arch_ = arch;
  words_ = words;
  variant_limit_s_ = meta.sweep.triton_variant_limit_s;
  valgrind_runnable_ = meta.metric == Metric::instructions;  // a default flag of such runs
  try {
    compiler_ = compiler_with_flag("");
  } catch (const InputError& error) {
    throw InputError(fmt::format("{}: the run's compiler cannot be set up again here: {}", where, error.what()));
  }
  ops_dir_ = meta.selection.ops_dir;
  if (ops_dir_.is_relative()) ops_dir_ = meta.working_directory / ops_dir_;
  meta_file_ = where;
}

std::unique_ptr<CompilerBackend> SideCompiler::compiler_with_flag(const std::string& flag) const {
  const std::string flags = words_.flags.empty() ? flag : flag.empty() ? words_.flags : words_.flags + " " + flag;
  CompilerSpec spec = parse_compiler_spec(text_, flags, words_.env);
  spec.check_pass_names = flag.empty();  // the passes explain leaves out are named by B's own dumps
  spec.variant_limit_s = variant_limit_s_;
  spec.valgrind_runnable = valgrind_runnable_;
  return make_compiler(spec, arch_);
}

const OpSpec& SideCompiler::op(const std::string& name) {
  std::lock_guard<std::mutex> hold(ops_lock_);
  auto found = ops_.find(name);
  if (found == ops_.end()) {
    // The ops folder is the one meta.json names (selection.ops_dir): where it is gone or changed,
    // the file that sent abtool there is named with it.
    try {
      found = ops_.emplace(name, find_op_spec(ops_dir_, name)).first;
    } catch (const InputError& error) {
      throw InputError(fmt::format("{}: selection.ops_dir {}: op {} cannot be loaded again from it: {}", meta_file_,
                                   ops_dir_.string(), name, error.what()));
    }
  }
  return found->second;
}

}  // namespace abt
