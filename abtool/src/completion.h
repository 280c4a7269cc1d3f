// `abtool completion bash|zsh`: a shell completion script made from the command line's own
// definition (its commands and each one's options), so it never falls behind them.
#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace abt {

// The script for `shell` ("bash" or "zsh", which loads it through bashcompinit).
std::string completion_script(const CLI::App& app, const std::string& shell);

}  // namespace abt
