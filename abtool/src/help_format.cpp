#include "help_format.h"

#include <algorithm>
#include <sstream>

#include "util/terminal.h"

namespace abt {

std::string fit_help(const std::string& help, size_t width, size_t column) {
  const std::string under(column, ' ');
  std::istringstream lines(help);
  std::string fitted;
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > width) {
      const bool continued = line.compare(0, column, under) == 0;
      const bool option = !continued && line.rfind("  ", 0) == 0 && line.size() > column && line[column - 1] == ' ' && line[column] != ' ';
      if (continued) line = under + wrap_text(line.substr(column), width, under, column);
      else if (option) line = line.substr(0, column) + wrap_text(line.substr(column), width, under, column);
      else line = wrap_text(line, width, "  ");
    }
    fitted += line + "\n";
  }
  return fitted;
}

std::string option_value_text(std::string opts) {
  for (size_t at = 0; (at = opts.find(":{", at)) != std::string::npos;) {
    const size_t word = opts.rfind(' ', at) + 1;  // npos + 1 = 0: at the start
    opts.erase(word, at + 1 - word);
    at = word;
  }
  return opts;
}

std::string FittingFormatter::make_option_opts(const CLI::Option* option) const {
  return option_value_text(CLI::Formatter::make_option_opts(option));
}

std::string FittingFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const {
  const size_t width = std::clamp<size_t>(stdout_width(), 60, kHelpWidth);
  return fit_help(CLI::Formatter::make_help(app, std::move(name), mode), width, get_column_width());
}

}  // namespace abt
