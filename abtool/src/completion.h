// `abtool completion bash|zsh`: a shell completion script made from the command line's own
// definition (its commands and each one's options), so it never falls behind them.
#pragma once
#include <CLI/CLI.hpp>

#include <array>
#include <map>
#include <vector>
#include <string>
#include <string_view>
#include <utility>

#include "util/spelling.h"

namespace abt {

enum class CompletionShell { bash, zsh };  // zsh loads the bash script through bashcompinit
template <>
struct Spellings<CompletionShell> {
  static constexpr std::array<std::pair<CompletionShell, std::string_view>, 2> table{
      {{CompletionShell::bash, "bash"}, {CompletionShell::zsh, "zsh"}}};
};

// What the definitions do not say: the words a command's operands take (explain-finding's codes),
// and the ops folder `--op` completes from when the line names none (--ops-dir) and
// $ABTOOL_OPS_DIR is unset: the one abtool finds where the script is made.
struct CompletionWords {
  std::map<std::string, std::vector<std::string>> operands;  // by command ("explain-finding")
  std::string ops_dir;
};

std::string completion_script(const CLI::App& app, CompletionShell shell, const CompletionWords& words = {});

}  // namespace abt
