#include "yaml_fields.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include <yaml-cpp/depthguard.h>

#include "util/errors.h"

namespace abt {

int line_of(const YAML::Node& node) {
  if (!node.IsDefined()) return 0;
  auto mark = node.Mark();
  return mark.line >= 0 ? mark.line + 1 : 0;
}

YAML::Node YamlReader::parse(const std::string& text) const {
  try {
    return YAML::Load(text);
  } catch (const YAML::DeepRecursion& error) {  // yaml-cpp's word for it is "bad file"
    throw InputError(fmt::format("{}:{}:{}: malformed YAML: nested too deep (more than {} levels of [ ] or {{ }}, the most the "
                                 "YAML reader takes; a shape set or an op spec needs a few)",
                                 file_, error.mark.line + 1, error.mark.column + 1, error.depth()));
  } catch (const YAML::Exception& error) {  // where yaml-cpp knows it: the line and the column
    const std::string where = error.mark.is_null() ? file_
                              : fmt::format("{}:{}:{}", file_, error.mark.line + 1, error.mark.column + 1);
    throw InputError(fmt::format("{}: malformed YAML: {}", where, error.msg));
  }
}

void YamlReader::fail(const YAML::Node& node, const std::string& field, const std::string& reason) const {
  throw InputError(located(file_, line_of(node), field, reason));
}

void YamlReader::reject_unknown_keys(const YAML::Node& map, const std::string& where,
                                     std::initializer_list<const char*> allowed) const {
  if (!map.IsMap()) fail(map, where, "expected a mapping");
  for (const auto& entry : map) {
    auto key = entry.first.as<std::string>();
    bool known = std::any_of(allowed.begin(), allowed.end(), [&](const char* name) { return key == name; });
    if (!known) {
      std::string list;
      for (const char* name : allowed) list += std::string(list.empty() ? "" : ", ") + name;
      fail(entry.first, where.empty() ? key : where + "." + key, "unknown field (expected one of: " + list + ")");
    }
  }
}

YAML::Node YamlReader::require(const YAML::Node& map, const std::string& key, const std::string& where) const {
  YAML::Node value = map[key];
  if (!value.IsDefined() || value.IsNull())
    fail(map, where.empty() ? key : where + "." + key, "required field is missing");
  return value;
}

std::string YamlReader::scalar(const YAML::Node& node, const std::string& field) const {
  if (!node.IsScalar()) fail(node, field, "expected a single value");
  return node.as<std::string>();
}

std::vector<std::string> YamlReader::scalar_list(const YAML::Node& node, const std::string& field) const {
  if (!node.IsSequence()) fail(node, field, "expected a list");
  std::vector<std::string> values;
  for (const auto& item : node) values.push_back(scalar(item, field));
  return values;
}

double YamlReader::number(const YAML::Node& node, const std::string& field) const {
  std::string text = scalar(node, field);
  try {
    size_t used = 0;
    double value = std::stod(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  fail(node, field, "expected a number, got '" + text + "'");
}

}  // namespace abt
