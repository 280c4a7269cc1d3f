// ir/index.tsv: one row per compiled variant (measured, sweep loser or compile failure).
#pragma once
#include <optional>
#include <string>

#include "model/vocabulary.h"

namespace abt {

struct IndexRow {
  std::string shape;
  std::string kernel;
  std::string variant;   // file-name stem
  std::string dtype;
  std::string params;    // full "NAME=value NAME=value[ | specialization]"
  long long launches = 0;
  std::string binary_hash;
  VariantRole role = VariantRole::measured;
  std::optional<double> compile_ms;  // absent in runs older than this column

  bool same_variant(const IndexRow& other) const {
    return shape == other.shape && kernel == other.kernel && variant == other.variant;
  }
  static const char* tsv_header();  // with its newline
  std::string tsv_line() const;     // with its newline
  static std::optional<IndexRow> parse_tsv_line(const std::string& line);
};

}  // namespace abt
