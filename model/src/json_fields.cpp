#include "model/json_fields.h"

#include <fmt/format.h>

#include <fstream>


namespace abt {

JsonFields::JsonFields(const nlohmann::json& json, std::string where) : json_(json), where_(std::move(where)) {
  if (!json_.is_object()) fail("expected an object");
}

std::string JsonFields::read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary | std::ios::ate);
  const std::streamoff size = in ? std::streamoff(in.tellg()) : -1;
  if (size < 0) throw RunFormatError(file.string() + ": missing or unreadable");
  std::string text(size_t(size), '\0');
  in.seekg(0);
  if (!in.read(text.data(), std::streamsize(text.size()))) throw RunFormatError(file.string() + ": missing or unreadable");
  return text;
}

nlohmann::json JsonFields::parse_file(const std::filesystem::path& file) { return parse(read_file(file), file); }

nlohmann::json JsonFields::parse(std::string_view text, const std::filesystem::path& file) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann's message carries the byte offset; the rest is its prefix.
    throw RunFormatError(fmt::format("{}: not valid JSON (truncated or damaged at byte {})", file.string(), error.byte));
  }
}

void JsonFields::require_schema(const std::string& expected) const {
  if (!has("schema")) fail("schema", "missing; written by an older abtool? (expected " + expected + ")");
  std::string schema = text("schema");
  if (schema != expected) fail("schema", "'" + schema + "' is not " + expected + ", the format this abtool reads");
}

std::string JsonFields::require_schema(std::initializer_list<std::string_view> accepted) const {
  const std::string current(*accepted.begin());
  if (!has("schema")) fail("schema", "missing; written by an older abtool? (expected " + current + ")");
  std::string schema = text("schema");
  for (std::string_view known : accepted)
    if (schema == known) return schema;
  fail("schema", "'" + schema + "' is not " + current + " or an earlier version this abtool reads");
}

void JsonFields::fail(const char* key, const std::string& what) const {
  throw RunFormatError(fmt::format("{}: {}: {}", where_, key, what));
}

void JsonFields::fail(const std::string& what) const { throw RunFormatError(fmt::format("{}: {}", where_, what)); }

bool JsonFields::has(const char* key) const {
  auto found = json_.find(key);
  return found != json_.end() && !found->is_null();
}

std::vector<std::string> JsonFields::keys() const {
  std::vector<std::string> names;
  if (json_.is_object())
    for (const auto& [name, value] : json_.items()) names.push_back(name);
  return names;
}

const nlohmann::json& JsonFields::field(const char* key, const char* expected) const {
  auto found = json_.find(key);
  if (found == json_.end()) fail(key, std::string("missing (expected ") + expected + ")");
  return *found;
}

std::string JsonFields::text(const char* key) const {
  const auto& value = field(key, "a string");
  if (!value.is_string()) fail(key, "expected a string");
  return value.get<std::string>();
}

double JsonFields::number(const char* key) const {
  const auto& value = field(key, "a number");
  if (!value.is_number()) fail(key, "expected a number");
  return value.get<double>();
}

std::optional<double> JsonFields::optional_number(const char* key) const {
  if (!has(key)) return std::nullopt;
  return number(key);
}

long long JsonFields::integer(const char* key) const {
  const auto& value = field(key, "an integer");
  if (!value.is_number_integer()) fail(key, "expected an integer");
  return value.get<long long>();
}

uint64_t JsonFields::unsigned_integer(const char* key) const {
  const auto& value = field(key, "a non-negative integer");
  if (!value.is_number_unsigned() && !(value.is_number_integer() && value.get<long long>() >= 0))
    fail(key, "expected a non-negative integer");
  return value.get<uint64_t>();
}

bool JsonFields::boolean(const char* key) const {
  const auto& value = field(key, "true or false");
  if (!value.is_boolean()) fail(key, "expected true or false");
  return value.get<bool>();
}

std::vector<double> JsonFields::numbers(const char* key) const {
  const auto& value = field(key, "an array of numbers");
  if (!value.is_array()) fail(key, "expected an array of numbers");
  std::vector<double> result;
  result.reserve(value.size());
  for (const auto& element : value) {
    if (!element.is_number()) fail(key, "expected an array of numbers");
    result.push_back(element.get<double>());
  }
  return result;
}

std::vector<long long> JsonFields::integers(const char* key) const {
  const auto& value = field(key, "an array of integers");
  if (!value.is_array()) fail(key, "expected an array of integers");
  std::vector<long long> result;
  for (const auto& element : value) {
    if (!element.is_number_integer()) fail(key, "expected an array of integers");
    result.push_back(element.get<long long>());
  }
  return result;
}

namespace {

bool stays_inside(const std::string& path) {
  const std::filesystem::path relative(path);
  if (path.empty() || relative.is_absolute()) return false;
  for (const auto& part : relative)
    if (part == "..") return false;
  return true;
}

}  // namespace

std::string JsonFields::inner_path(const char* key) const {
  std::string path = text(key);
  if (!stays_inside(path)) fail(key, "'" + path + "' is not a path inside the run directory");
  return path;
}

std::vector<std::string> JsonFields::inner_paths(const char* key) const {
  std::vector<std::string> paths = texts(key);
  for (const auto& path : paths)
    if (!stays_inside(path)) fail(key, "'" + path + "' is not a path inside the run directory");
  return paths;
}

std::vector<std::string> JsonFields::texts(const char* key) const {
  const auto& value = field(key, "an array of strings");
  if (!value.is_array()) fail(key, "expected an array of strings");
  std::vector<std::string> result;
  for (const auto& element : value) {
    if (!element.is_string()) fail(key, "expected an array of strings");
    result.push_back(element.get<std::string>());
  }
  return result;
}

std::map<std::string, std::string> JsonFields::text_map(const char* key) const {
  const auto& value = field(key, "an object of strings");
  if (!value.is_object()) fail(key, "expected an object of strings");
  std::map<std::string, std::string> result;
  for (const auto& [name, element] : value.items()) {
    if (!element.is_string()) fail(key, "expected an object of strings (" + name + " is not a string)");
    result[name] = element.get<std::string>();
  }
  return result;
}

const nlohmann::json& JsonFields::any(const char* key) const { return field(key, "a value"); }

JsonFields JsonFields::object(const char* key) const {
  const auto& value = field(key, "an object");
  if (!value.is_object()) fail(key, "expected an object");
  return JsonFields(value, where_ + ": " + key);
}

std::vector<JsonFields> JsonFields::objects(const char* key, const std::string& label) const {
  const auto& value = field(key, "an array of objects");
  if (!value.is_array()) fail(key, "expected an array of objects");
  std::vector<JsonFields> result;
  for (size_t i = 0; i < value.size(); ++i)
    result.emplace_back(value[i], fmt::format("{}: {} {}", where_, label, i + 1));
  return result;
}

}  // namespace abt
