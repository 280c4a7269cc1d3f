// The registry of diff's output formats: a format is its exporter (one file) and a row here.
#include <array>

#include "printers/exporter.h"

namespace abt {

const Exporter& text_exporter();      // text_exporter.cpp
const Exporter& markdown_exporter();  // markdown_exporter.cpp
const Exporter& json_exporter();      // json_exporter.cpp
const Exporter& csv_exporter();       // csv_exporter.cpp

namespace {

constexpr std::array kFormats{
    ExportFormat{"text", "a table for a terminal (80 columns, or the terminal's)", text_exporter},
    ExportFormat{"md", "Markdown: every column, for a pull request or a wiki", markdown_exporter},
    ExportFormat{"json", "every field, abtool.diff/9 (rundir/schemas/diff.schema.json)", json_exporter},
    ExportFormat{"csv", "one line per point, numbers unformatted", csv_exporter},
};

}  // namespace

std::span<const ExportFormat> export_formats() { return kFormats; }

const Exporter* find_exporter(std::string_view name) {
  for (const ExportFormat& format : kFormats)
    if (format.name == name) return &format.exporter();
  return nullptr;
}

std::string export_format_names() {
  std::string names;
  for (const ExportFormat& format : kFormats) names += (names.empty() ? "" : ", ") + std::string(format.name);
  return names;
}

}  // namespace abt
