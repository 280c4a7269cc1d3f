// Shape sets (SPEC section 3) and the points they expand to.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "opspec/dtype.h"

namespace abt {

struct ShapeList {
  std::string op;
  std::vector<std::vector<long long>> shapes;
  std::vector<int> lines;          // source line of each shape, for error messages
  std::vector<DType> dtypes;       // empty: the op's defaults
  std::vector<std::string> dims;   // optional `dims:` field, checked against the op's
};

struct ShapeSet {
  std::filesystem::path file;
  std::vector<ShapeList> ops;      // file order
  const ShapeList* find(const std::string& op) const;
};

// Throws InputError naming file and line for malformed YAML, non-positive dims or bad dtypes.
ShapeSet load_shape_set(const std::filesystem::path& file);
ShapeSet parse_shape_set(const std::string& yaml_text, const std::filesystem::path& file_for_errors);
std::string shape_set_to_yaml(const ShapeSet& set);

// One (op, shape, dtype) measured once per side.
struct Point {
  std::string op;
  std::vector<long long> shape;
  DType dtype = DType::fp32;
  std::string shape_text() const;  // "256x256x64"
  std::string id() const;          // "cpu_matmul/256x256x64/fp32"
};

}  // namespace abt
