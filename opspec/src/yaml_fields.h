// Reading YAML fields with errors that name the file, line and field.
#pragma once
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace abt {

class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}

  YAML::Node parse(const std::string& text) const;  // malformed YAML -> InputError with line
  [[noreturn]] void fail(const YAML::Node& node, const std::string& field, const std::string& reason) const;
  void reject_unknown_keys(const YAML::Node& map, const std::string& where,
                           std::initializer_list<const char*> allowed) const;
  YAML::Node require(const YAML::Node& map, const std::string& key, const std::string& where) const;
  std::string scalar(const YAML::Node& node, const std::string& field) const;
  std::vector<std::string> scalar_list(const YAML::Node& node, const std::string& field) const;
  double number(const YAML::Node& node, const std::string& field) const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

int line_of(const YAML::Node& node);

}  // namespace abt
