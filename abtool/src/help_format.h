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

// An option's value as --help names it, one way for every command: a choice of words as "{a,b}"
// (CLI11 writes a checked member list "TEXT:{a,b}", an enum read by its spellings "{a,b}").
std::string option_value_text(std::string opts);

class FittingFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;
  std::string make_option_opts(const CLI::Option* option) const override;
};

}  // namespace abt
