// Diff's point table laid out in columns of their widest cell (text and Markdown).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "printers/columns.h"

namespace abt {

struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<Verdict> verdicts;  // of each row
  std::vector<size_t> widths;

  Table(std::vector<Column> chosen, const Comparison& report);
  size_t width() const;
  // `most`: the widest a line may be; a point whose name would push its row past it gets a line
  // of its own, its numbers on the next (the first column narrowed to what is left). `colour`:
  // the verdict in its ANSI colour.
  void print(std::ostream& out, bool colour, size_t most = std::string::npos);

 private:
  void print_row(std::ostream& out, const std::vector<std::string>& row, const char* code) const;
};

}  // namespace abt
