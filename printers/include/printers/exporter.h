// `abtool diff --format NAME`: one exporter per output format (hyperfine's Exporter, nvbench's
// printer_base). A new format is one file that implements Exporter, its OutputFormat and its row in
// the registry (printers/src/formats.cpp); the CLI's choices and help come from the registry.
#pragma once
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "compare/comparison.h"
#include "printers/output_format.h"

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

// diff's exporter of each of its formats (formats_of(FormattedCommand::diff)).
const Exporter& exporter_of(OutputFormat format);

}  // namespace abt
