// `diff --ir`: unified diffs of each measured variant's IR, A against B.
#pragma once
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/comparison.h"

namespace abt {

std::string unified_diff(const std::string& a_text, const std::string& b_text, const std::string& a_label,
                         const std::string& b_label);

// An IR file's kind, its extension without the dot ("ptx", "sass", "s", ...); nullopt without one.
std::optional<std::string> ir_kind(const std::string& file);

struct IrFileDiff {
  std::string point;
  std::string kind;     // the extension: ptx, sass, res, s, ...
  std::string a_file, b_file;  // relative to each run directory
  std::string diff;     // unified, of the normalised texts (ir_delta.h); empty when the code is the same
};
std::vector<IrFileDiff> ir_diffs(const Comparison& report);

// Per point: its IR delta in full (every opcode change), then each IR file's unified diff, which
// compares the files as stored; `markdown` fences the diffs.
// `width`: a point's header (its opcode deltas) wrapped at that many columns, between deltas and
// never inside one ("+214 vmovups" stays whole); npos: one line.
void print_ir_diffs(const Comparison& report, std::ostream& out, bool markdown = false, size_t width = std::string::npos);
// `text`'s words wrapped at `width` columns, a sign-led count kept with the word after it, the
// lines after the first indented by `indent` spaces.
std::string wrap_deltas(const std::string& text, size_t width, size_t indent);
nlohmann::json ir_diffs_json(const Comparison& report);  // for `diff --ir --format json`

}  // namespace abt
