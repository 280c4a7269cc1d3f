#include "compare/ir_diff.h"

#include <cctype>

#include <dtl/dtl.hpp>

#include <filesystem>
#include <sstream>

#include "compare/ir_delta.h"
#include "util/files.h"
#include "util/text_lines.h"

namespace abt {
namespace fs = std::filesystem;

std::string unified_diff(const std::string& a_text, const std::string& b_text, const std::string& a_label,
                         const std::string& b_label) {
  if (a_text == b_text) return "";
  auto a_lines = split_lines(a_text);
  auto b_lines = split_lines(b_text);
  dtl::Diff<std::string> diff(a_lines, b_lines);
  diff.onHuge();
  diff.compose();
  diff.composeUnifiedHunks();
  std::ostringstream out;
  out << "--- " << a_label << "\n+++ " << b_label << "\n";
  diff.printUnifiedFormat(out);
  return out.str();
}

std::optional<std::string> ir_kind(const std::string& file) {
  const std::string extension = fs::path(file).extension().string();
  if (extension.size() < 2) return std::nullopt;
  return extension.substr(1);
}

std::vector<IrFileDiff> ir_diffs(const Comparison& report) {
  std::vector<IrFileDiff> diffs;
  for (const auto& row : report.points)
    for (const auto& a_file : row.a_ir)
      for (const auto& b_file : row.b_ir) {
        const std::optional<std::string> kind = ir_kind(a_file);
        if (!kind || kind != ir_kind(b_file)) continue;
        auto a_text = read_file_within(report.a_dir, a_file);
        auto b_text = read_file_within(report.b_dir, b_file);
        if (!a_text || !b_text) continue;
        diffs.push_back({row.id, *kind, a_file, b_file,
                         unified_diff(normalize_ir(*kind, *a_text), normalize_ir(*kind, *b_text), "A/" + a_file + " (normalised)",
                                      "B/" + b_file + " (normalised)")});
      }
  return diffs;
}

std::string wrap_deltas(const std::string& text, size_t width, size_t indent) {
  if (width == std::string::npos || text.size() <= width) return text;
  std::vector<std::string> units;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    const bool follows_count = !units.empty() && units.back().size() > 1 && (units.back()[0] == '+' || units.back()[0] == '-') &&
                               units.back().find(' ') == std::string::npos &&
                               std::isdigit(static_cast<unsigned char>(units.back()[1]));
    if (follows_count) units.back() += " " + word;
    else units.push_back(word);
  }
  std::string wrapped, line;
  for (const std::string& unit : units) {
    if (!line.empty() && line.size() + 1 + unit.size() > width) {
      wrapped += line + "\n";
      line = std::string(indent, ' ');
    }
    line += (line.empty() || line.find_first_not_of(' ') == std::string::npos ? "" : " ") + unit;
  }
  return wrapped + line;
}

void print_ir_diffs(const Comparison& report, std::ostream& out, bool markdown, size_t width) {
  const std::vector<IrFileDiff> files = ir_diffs(report);
  for (const auto& row : report.points) {
    if (!row.ir_delta) continue;
    const IrDelta& delta = *row.ir_delta;
    std::string summary = delta.short_text(delta.opcode_changes.size());
    const std::string header = (markdown ? "#### " : "=== ") + row.id + ": " + summary;
    out << (markdown ? header : wrap_deltas(header, width, 4)) << "\n";
    if (delta.stages.size() > 1) out << (markdown ? "\nstages: " : "stages: ") << delta.stages_text() << "\n";
    for (const IrFileDiff& file : files) {
      if (file.point != row.id) continue;
      const char* state = file.diff.empty() ? "identical" : "changed";
      if (!markdown) {
        out << "--- " << file.kind << ": " << state << "\n" << file.diff;
        continue;
      }
      out << "\n`" << file.kind << "`: " << state << "\n";
      if (!file.diff.empty()) out << "\n```diff\n" << file.diff << "```\n";
    }
    if (markdown) out << "\n";
  }
}

nlohmann::json ir_diffs_json(const Comparison& report) {
  nlohmann::json list = nlohmann::json::array();
  for (const IrFileDiff& file : ir_diffs(report))
    list.push_back({{"point", file.point}, {"kind", file.kind}, {"a", file.a_file}, {"b", file.b_file},
                    {"changed", !file.diff.empty()}, {"diff", file.diff}});
  return list;
}

}  // namespace abt
