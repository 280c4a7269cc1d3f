#include "table.h"

#include <fmt/format.h>

#include <algorithm>

namespace abt {
namespace {

const char* verdict_colour(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster: return "\x1b[32m";
    case Verdict::slower: return "\x1b[31m";
    case Verdict::ambiguous: return "\x1b[33m";
    case Verdict::untrusted: return "\x1b[35m";
    case Verdict::failed:
    case Verdict::missing: return "\x1b[1;31m";
    case Verdict::same: return nullptr;
  }
  return nullptr;
}

}  // namespace

Table::Table(std::vector<Column> chosen, const Comparison& report) : columns(std::move(chosen)) {
  for (const auto& point : report.points) {
    std::vector<std::string> row;
    for (const auto& column : columns) row.push_back(column.cell(point));
    rows.push_back(std::move(row));
    verdicts.push_back(point.verdict);
  }
  for (size_t c = 0; c < columns.size(); ++c) {
    widths.push_back(std::string(columns[c].title).size());
    for (const auto& row : rows) widths[c] = std::max(widths[c], row[c].size());
  }
}

size_t Table::width() const {
  size_t total = 0;
  for (size_t w : widths) total += w + 2;
  return total - 2;
}

void Table::print(std::ostream& out, bool colour, size_t most) {
  if (most != std::string::npos && width() > most) {
    const size_t rest = width() - widths[0];
    widths[0] = most > rest + std::string(columns[0].title).size() ? most - rest : std::string(columns[0].title).size();
  }
  std::vector<std::string> head;
  for (const auto& column : columns) head.push_back(column.title);
  print_row(out, head, nullptr);
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r][0].size() > widths[0]) {
      out << rows[r][0] << "\n";
      std::vector<std::string> numbers = rows[r];
      numbers[0].clear();
      print_row(out, numbers, colour ? verdict_colour(verdicts[r]) : nullptr);
    } else {
      print_row(out, rows[r], colour ? verdict_colour(verdicts[r]) : nullptr);
    }
  }
}

// `code`: the verdict's colour, or null.
void Table::print_row(std::ostream& out, const std::vector<std::string>& row, const char* code) const {
  std::string line;
  for (size_t c = 0; c < row.size(); ++c) {
    std::string cell = columns[c].numeric ? fmt::format("{:>{}}", row[c], widths[c]) : fmt::format("{:<{}}", row[c], widths[c]);
    if (code && columns[c].verdict) cell = code + row[c] + "\x1b[0m" + cell.substr(row[c].size());  // padding outside the colour
    line += cell;
    if (c + 1 < row.size()) line += "  ";
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  out << line << "\n";
}

}  // namespace abt
