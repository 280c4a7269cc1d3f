#include "rundir/index_row.h"

#include <fmt/format.h>

#include <sstream>
#include <vector>

namespace abt {

const char* IndexRow::tsv_header() { return "shape\tkernel\tvariant\tdtype\tparams\tlaunches\tbinary_hash\trole\n"; }

std::string IndexRow::tsv_line() const {
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", shape, kernel, variant, dtype, params, launches,
                     binary_hash.empty() ? "-" : binary_hash, spelling(role));
}

std::optional<IndexRow> IndexRow::parse_tsv_line(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream fields(line);
  for (std::string cell; std::getline(fields, cell, '\t');) cells.push_back(cell);
  if (cells.size() != 8) return std::nullopt;
  auto role = parse_spelling<VariantRole>(cells[7]);
  if (!role) return std::nullopt;
  IndexRow row{cells[0], cells[1], cells[2], cells[3], cells[4], 0, cells[6] == "-" ? "" : cells[6], *role};
  try {
    row.launches = std::stoll(cells[5]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return row;
}

}  // namespace abt
