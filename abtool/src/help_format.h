// --help text that fits a terminal: CLI11 prints each option's description on one line, however
// long (835 characters were seen); these break every line at the width, a description's
// continuation under its column.
#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace abt {

inline constexpr size_t kHelpWidth = 100;  // the widest a help line is, on any terminal

// `help` as CLI11 formats it, every line longer than `width` broken at spaces: an option's
// description and its continuations under `column`, any other line under two spaces.
std::string fit_help(const std::string& help, size_t width, size_t column);

class FittingFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;
};

}  // namespace abt
