// Printers for a Comparison: a plain-text table, Markdown, or JSON (`diff --format`).
#pragma once
#include <ostream>
#include <string>

#include "compare/comparison.h"

namespace abt {

void print_text(const Comparison& report, std::ostream& out);
void print_markdown(const Comparison& report, std::ostream& out);
void print_json(const Comparison& report, std::ostream& out);

}  // namespace abt
