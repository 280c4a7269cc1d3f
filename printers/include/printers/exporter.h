// `abtool diff --format NAME`: one exporter per output format (hyperfine's Exporter, nvbench's
// printer_base). A new format is one file that implements Exporter and one row in the registry
// (printers/src/formats.cpp); the CLI's choices and help come from the registry.
#pragma once
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "compare/comparison.h"

namespace abt {

struct ExportOptions {
  bool colour = false;            // ANSI colours (a terminal)
  bool wide = false;              // every column on one line (text)
  size_t width = std::string::npos;  // the terminal's columns; npos: not a terminal
  bool ir = false;                // --ir: the IR diffs of the measured variants too
};

class Exporter {
 public:
  virtual ~Exporter() = default;
  virtual void write(const Comparison& report, const ExportOptions& options, std::ostream& out) const = 0;
};

struct ExportFormat {
  std::string_view name;  // what --format takes
  std::string_view what;  // for --help
  const Exporter& (*exporter)();
};

std::span<const ExportFormat> export_formats();        // in the order --help lists them; the first is the default
const Exporter* find_exporter(std::string_view name);  // null: no such format
std::string export_format_names();                      // "text, md, json, csv"

}  // namespace abt
