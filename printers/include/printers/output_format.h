// Every command's --format from one registry (printers/src/formats.cpp): the formats abtool
// writes, what each is, and which of them each command writes. The CLI's choices and help come
// from it, and a printer takes the one enum.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/spelling.h"

namespace abt {

enum class OutputFormat { text, md, json, csv };
template <>
struct Spellings<OutputFormat> {
  static constexpr std::array<std::pair<OutputFormat, std::string_view>, 4> table{
      {{OutputFormat::text, "text"}, {OutputFormat::md, "md"}, {OutputFormat::json, "json"}, {OutputFormat::csv, "csv"}}};
};

// The commands that take --format.
enum class FormattedCommand { diff, explain, history_changes };

// The formats `command` writes, in the order --help lists them; the first is its default.
const std::vector<OutputFormat>& formats_of(FormattedCommand command);
// What `format` is for `command`'s output, for --help ("every field, abtool.diff/11 (...)").
std::string format_what(FormattedCommand command, OutputFormat format);

}  // namespace abt
