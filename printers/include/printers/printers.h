// The outputs of `abtool diff` for a Comparison: a plain-text table, Markdown, CSV or JSON, each
// an exporter of its own (exporter.h). These functions are what the exporters print; tests and
// the report call them directly.
#pragma once
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "compare/comparison.h"

namespace abt {

// `colour`: the verdicts in ANSI colours (FASTER green, SLOWER red, AMBIGUOUS yellow, UNTRUSTED
// magenta, FAILED and MISSING bold red), for a terminal; the columns stay aligned.
// The default layout fits `width` columns: point, A, B, speedup, 95% CI, verdict and, where it
// fits, the config (a point whose name does not fit gets a line of its own above its numbers);
// below the table a line per point says what else there is (config, output bits, IR delta,
// re-tuned speedup, note), wrapped at `width` like the summary. `width` std::string::npos (off a
// terminal): the table chosen for 80 columns, no line broken. `wide`: every column in the
// table on one line each, nothing wrapped (also Markdown's layout).
void print_text(const Comparison& report, std::ostream& out, bool colour = false, bool wide = false, size_t width = 80);
void print_markdown(const Comparison& report, std::ostream& out);
void print_json(const Comparison& report, std::ostream& out);
nlohmann::json diff_json(const Comparison& report);  // what print_json prints
// The "ir_delta" object of diff's JSON (rundir/schemas/diff.schema.json).
nlohmann::json ir_delta_json(const IrDelta& delta);
// The summary's line on captured ops' configs: where A's sweep picked another config than the
// library's own, or that A measured the library's own pick (record --configs library); empty
// where no point is of a captured op.
std::string library_picks(const Comparison& report);
// One header line, then one line per point (RFC 4180 quoting); numbers unformatted, empty when absent.
void print_csv(const Comparison& report, std::ostream& out);

}  // namespace abt
