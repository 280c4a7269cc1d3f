#include "compare/ir_diff.h"

#include <dtl/dtl.hpp>

#include <filesystem>
#include <sstream>

#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

}  // namespace

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

std::vector<IrFileDiff> ir_diffs(const Comparison& report) {
  std::vector<IrFileDiff> diffs;
  for (const auto& row : report.points)
    for (const auto& a_file : row.a_ir)
      for (const auto& b_file : row.b_ir) {
        if (fs::path(a_file).extension() != fs::path(b_file).extension()) continue;
        auto a_text = read_file_if_present(fs::path(report.a_dir) / a_file);
        auto b_text = read_file_if_present(fs::path(report.b_dir) / b_file);
        if (!a_text || !b_text) continue;
        diffs.push_back({row.id, fs::path(a_file).extension().string().substr(1), a_file, b_file,
                         unified_diff(*a_text, *b_text, "A/" + a_file, "B/" + b_file)});
      }
  return diffs;
}

void print_ir_diffs(const Comparison& report, std::ostream& out) {
  for (const IrFileDiff& file : ir_diffs(report))
    out << "=== " << file.point << " (" << file.kind << "): " << (file.diff.empty() ? "identical\n" : "changed\n") << file.diff;
}

nlohmann::json ir_diffs_json(const Comparison& report) {
  nlohmann::json list = nlohmann::json::array();
  for (const IrFileDiff& file : ir_diffs(report))
    list.push_back({{"point", file.point}, {"kind", file.kind}, {"a", file.a_file}, {"b", file.b_file},
                    {"changed", !file.diff.empty()}, {"diff", file.diff}});
  return list;
}

}  // namespace abt
