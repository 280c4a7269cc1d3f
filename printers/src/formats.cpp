// The registry of every command's output formats (printers/output_format.h), and diff's exporter
// for each: a format of diff is its exporter (one file) and a row here.
#include <fmt/format.h>

#include <array>

#include "printers/exporter.h"
#include "printers/history_printers.h"
#include "passes/explain_codec.h"
#include "rundir/layout.h"

namespace abt {

const Exporter& text_exporter();      // text_exporter.cpp
const Exporter& markdown_exporter();  // markdown_exporter.cpp
const Exporter& json_exporter();      // json_exporter.cpp
const Exporter& csv_exporter();       // csv_exporter.cpp

namespace {

struct DiffFormat {
  OutputFormat format;
  const Exporter& (*exporter)();
};
constexpr std::array kDiffFormats{DiffFormat{OutputFormat::text, text_exporter}, DiffFormat{OutputFormat::md, markdown_exporter},
                                  DiffFormat{OutputFormat::json, json_exporter}, DiffFormat{OutputFormat::csv, csv_exporter}};

}  // namespace

const std::vector<OutputFormat>& formats_of(FormattedCommand command) {
  static const std::vector<OutputFormat> every{OutputFormat::text, OutputFormat::md, OutputFormat::json, OutputFormat::csv};
  static const std::vector<OutputFormat> text_and_json{OutputFormat::text, OutputFormat::json};
  return command == FormattedCommand::explain ? text_and_json : every;
}

std::string format_what(FormattedCommand command, OutputFormat format) {
  const char* schema = command == FormattedCommand::diff      ? kDiffSchema
                       : command == FormattedCommand::explain ? kExplainSchema
                                                              : kHistoryChangesSchema;
  switch (format) {
    case OutputFormat::text: return command == FormattedCommand::diff ? "a table for a terminal (80 columns, or the terminal's)" : "for a terminal";
    case OutputFormat::md: return "Markdown, for a pull request or a wiki";
    case OutputFormat::json: return fmt::format("every field, {}", schema);
    case OutputFormat::csv: return "one line per point, numbers unformatted";
  }
  return "";
}

const Exporter& exporter_of(OutputFormat format) {
  for (const DiffFormat& row : kDiffFormats)
    if (row.format == format) return row.exporter();
  return text_exporter();
}

}  // namespace abt
