#include "opspec/shape_set.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <map>

#include "opspec/expr.h"

#include "util/errors.h"
#include "util/files.h"
#include "yaml_fields.h"

namespace abt {

const ShapeList* ShapeSet::find(const std::string& op) const {
  for (const auto& list : ops)
    if (list.op == op) return &list;
  return nullptr;
}

ShapeSet parse_shape_set(const std::string& yaml_text, const std::filesystem::path& file) {
  YamlReader yaml(file.string());
  ShapeSet set;
  set.file = file;
  try {
    YAML::Node root = yaml.parse(yaml_text);
    if (!root.IsMap() || root.size() == 0) yaml.fail(root, "", "a shape set maps op names to {shapes: [...]}");
    for (const auto& entry : root) {
      ShapeList list;
      list.op = entry.first.as<std::string>();
      if (!is_plain_name(list.op)) yaml.fail(entry.first, list.op, "an op name is letters, digits, '_', '.' and '-'");
      const YAML::Node body = entry.second;
      yaml.reject_unknown_keys(body, list.op, {"shapes", "dtypes", "dims"});
      const YAML::Node shapes = yaml.require(body, "shapes", list.op);
      if (!shapes.IsSequence() || shapes.size() == 0) yaml.fail(shapes, list.op + ".shapes", "expected a non-empty list");
      std::map<std::vector<long long>, size_t> seen;  // shape -> its index: a set of 100,000 shapes stays fast
      for (size_t i = 0; i < shapes.size(); ++i) {
        const YAML::Node shape = shapes[i];
        std::string field = fmt::format("{}.shapes[{}]", list.op, i);
        std::vector<long long> dims;
        if (shape.IsScalar()) {
          const double value = yaml.number(shape, field);
          if (std::fabs(value) > kMaxExactInteger || value != std::floor(value))
            yaml.fail(shape, field, fmt::format("dimension {} is not an integer below 2^53", shape.Scalar()));
          dims.push_back(static_cast<long long>(value));
        } else if (shape.IsSequence()) {
          for (const auto& dim : shape) {
            double value = yaml.number(dim, field);
            if (std::fabs(value) > kMaxExactInteger)
              yaml.fail(dim, field, fmt::format("dimension {} is too large (at most 2^53)", dim.Scalar()));
            if (value != static_cast<double>(static_cast<long long>(value)))
              yaml.fail(dim, field, fmt::format("dimension {} is not an integer", dim.Scalar()));
            dims.push_back(static_cast<long long>(value));
          }
        } else {
          yaml.fail(shape, field, "expected a list of dimensions");
        }
        for (long long dim : dims)
          if (dim <= 0) yaml.fail(shape, field, fmt::format("non-positive dimension {}", dim));
        if (auto [earlier, added] = seen.try_emplace(dims, list.shapes.size()); !added)
          yaml.fail(shape, field, fmt::format("the same shape as {}.shapes[{}] (line {}): each point is measured once",
                                              list.op, earlier->second, list.lines[earlier->second]));
        list.shapes.push_back(std::move(dims));
        list.lines.push_back(line_of(shape));
      }
      if (body["dtypes"]) {
        for (const auto& text : yaml.scalar_list(body["dtypes"], list.op + ".dtypes")) {
          auto dtype = parse_dtype(text);
          if (!dtype) yaml.fail(body["dtypes"], list.op + ".dtypes", "unknown dtype '" + text + "'");
          list.dtypes.push_back(*dtype);
        }
      }
      if (body["dims"]) list.dims = yaml.scalar_list(body["dims"], list.op + ".dims");
      set.ops.push_back(std::move(list));
    }
  } catch (const YAML::Exception& error) {
    throw InputError(located(file.string(), error.mark.line + 1, "", error.msg));
  }
  return set;
}

ShapeSet load_shape_set(const std::filesystem::path& file) {
  return parse_shape_set(read_text_file(file), file);
}

std::string shape_set_to_yaml(const ShapeSet& set) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  for (const auto& list : set.ops) {
    out << YAML::Key << list.op << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "shapes" << YAML::Value << YAML::BeginSeq;
    for (const auto& shape : list.shapes) out << YAML::Flow << shape;
    out << YAML::EndSeq;
    if (!list.dtypes.empty()) {
      out << YAML::Key << "dtypes" << YAML::Value << YAML::Flow << YAML::BeginSeq;
      for (DType dtype : list.dtypes) out << dtype_name(dtype);
      out << YAML::EndSeq;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string Point::shape_text() const {
  std::string text;
  for (long long dim : shape) text += (text.empty() ? "" : "x") + std::to_string(dim);
  return text;
}

std::string Point::id() const { return op + "/" + shape_text() + "/" + dtype_name(dtype); }

}  // namespace abt
