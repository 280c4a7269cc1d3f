// `abtool explain`'s outputs: its text, and its JSON (abtool.explain/1, whose codec is
// passes/explain_codec.h).
#pragma once
#include <ostream>
#include <string>

#include "passes/explain_codec.h"
#include "printers/output_format.h"

namespace abt {

struct ExplainTextOptions {
  // false: a point a line (its headline, the lines its pass output changed); true (--detail): each
  // point's pass lists, its output's operations and IR excerpt, its compile time by pass.
  bool detail = false;
  size_t width = std::string::npos;  // lines wrapped to it (util/terminal.h's stdout_width)
};

// `format`: text or json (formats_of(FormattedCommand::explain)).
void print_explain(const ExplainReport& report, OutputFormat format, std::ostream& out, const ExplainTextOptions& options = {});
void print_explain_text(const ExplainReport& report, std::ostream& out, const ExplainTextOptions& options = {});
void print_explain_json(const ExplainReport& report, std::ostream& out);

}  // namespace abt
