// Reading the run directory's JSON with validation. Every accessor knows where it is reading
// ("runs/A/results.json: point 3 (cpu_saxpy/65536/fp32)"), so damage becomes one line naming
// the file, the place and the field (RunFormatError: exit 2), never a library exception.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "util/spelling.h"
#include "util/errors.h"

namespace abt {

class RunFormatError : public InputError {
 public:
  using InputError::InputError;
};

class JsonFields {
 public:
  JsonFields(const nlohmann::json& json, std::string where);

  // Parses `file`; a missing, unreadable or truncated file is a RunFormatError naming it.
  static nlohmann::json parse_file(const std::filesystem::path& file);
  static nlohmann::json parse(std::string_view text, const std::filesystem::path& file);  // `file`'s text
  // The file's "schema" must be `expected` (e.g. "abtool.results/2").
  void require_schema(const std::string& expected) const;
  // The file's "schema" must be one of `accepted` (the current version first); returns it.
  std::string require_schema(std::initializer_list<std::string_view> accepted) const;

  const std::string& where() const { return where_; }
  // The same fields, named differently in messages (e.g. once a point's id is known).
  JsonFields named(std::string where) const { return JsonFields(json_, std::move(where)); }
  bool has(const char* key) const;  // present and not null
  std::vector<std::string> keys() const;  // an object's keys, in the file's order (sorted by nlohmann)

  std::string text(const char* key) const;
  double number(const char* key) const;
  std::optional<double> optional_number(const char* key) const;  // absent or null: nullopt
  long long integer(const char* key) const;
  uint64_t unsigned_integer(const char* key) const;
  bool boolean(const char* key) const;
  std::vector<double> numbers(const char* key) const;
  std::vector<long long> integers(const char* key) const;
  std::vector<std::string> texts(const char* key) const;
  // A file of the run directory as the run names it: a relative path that stays inside it (no
  // "..", not absolute), so a crafted file cannot make abtool read or print anything outside.
  std::string inner_path(const char* key) const;
  std::vector<std::string> inner_paths(const char* key) const;
  std::map<std::string, std::string> text_map(const char* key) const;  // an object of strings
  const nlohmann::json& any(const char* key) const;  // present, any type (opaque blobs such as "gpu")

  JsonFields object(const char* key) const;
  // The elements of an array of objects; `label(i)` names element i in messages.
  std::vector<JsonFields> objects(const char* key, const std::string& label) const;

  template <typename Enum>
  Enum spelled(const char* key) const {
    std::string value = text(key);
    if (auto parsed = parse_spelling<Enum>(value)) return *parsed;
    fail(key, "unknown value '" + value + "' (expected one of: " + spelling_list<Enum>() + ")");
  }

  [[noreturn]] void fail(const char* key, const std::string& what) const;
  [[noreturn]] void fail(const std::string& what) const;

 private:
  static std::string read_file(const std::filesystem::path& file);  // missing: RunFormatError
  const nlohmann::json& field(const char* key, const char* expected) const;
  const nlohmann::json& json_;
  std::string where_;
};

}  // namespace abt
