#include "rundir/index_row.h"

#include <fmt/format.h>

#include <sstream>
#include <vector>

namespace abt {

const char* IndexRow::tsv_header() { return "shape\tkernel\tvariant\tdtype\tparams\tlaunches\tbinary_hash\trole\tcompile_ms\n"; }

std::string IndexRow::tsv_line() const {
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", shape, kernel, variant, dtype, params, launches,
                     binary_hash.empty() ? "-" : binary_hash, spelling(role),
                     compile_ms ? fmt::format("{:.1f}", *compile_ms) : "-");
}

std::optional<IndexRow> IndexRow::parse_tsv_line(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream fields(line);
  for (std::string cell; std::getline(fields, cell, '\t');) cells.push_back(cell);
  if (cells.size() != 8 && cells.size() != 9) return std::nullopt;  // 8: a run older than compile_ms
  auto role = parse_spelling<VariantRole>(cells[7]);
  if (!role) return std::nullopt;
  IndexRow row{cells[0], cells[1], cells[2], cells[3], cells[4], 0, cells[6] == "-" ? "" : cells[6], *role};
  try {
    row.launches = std::stoll(cells[5]);
    if (cells.size() == 9 && cells[8] != "-") row.compile_ms = std::stod(cells[8]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return row;
}

}  // namespace abt
