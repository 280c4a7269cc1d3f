// What diff's text and Markdown say under the table: the geomean and the verdict counts, then a
// line for each thing a report has (re-tuning, the library's picks, output bits, compile times,
// instruction counts, interleaved pairs).
#pragma once
#include <string>

#include "compare/comparison.h"

namespace abt {

std::string summary_text(const Comparison& report);  // its lines, "\n" between
std::string table_legend(const Comparison& report);  // what the speedup and a starred verdict mean

}  // namespace abt
