// `abtool completion bash|zsh`: a shell completion script made from the command line's own
// definition (its commands and each one's options), so it never falls behind them.
#pragma once
#include <CLI/CLI.hpp>

#include <array>
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

std::string completion_script(const CLI::App& app, CompletionShell shell);

}  // namespace abt
