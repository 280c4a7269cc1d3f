#include "lifted_numbers.h"

#include <charconv>
#include <cstdlib>
#include <utility>

#include "json_space.h"

namespace abt {
namespace {

// What a lifted array becomes: a string no JSON text decodes to unless it holds "\u0000", and
// lift_number_arrays lifts nothing from those.
constexpr char kStandsFor = '\0';
constexpr std::string_view kStandsForEscaped = "\\u0000";

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The end of the JSON number (RFC 8259 grammar, no minus sign) that starts at `at`; npos if none.
size_t number_end(std::string_view json, size_t at) {
  auto digits = [&](size_t& i) {
    const size_t start = i;
    while (i < json.size() && is_digit(json[i])) ++i;
    return i > start;
  };
  size_t i = at;
  if (i < json.size() && json[i] == '0') ++i;
  else if (!digits(i)) return std::string_view::npos;
  if (i < json.size() && json[i] == '.' && !digits(++i)) return std::string_view::npos;
  if (i < json.size() && (json[i] == 'e' || json[i] == 'E')) {
    ++i;
    if (i < json.size() && (json[i] == '+' || json[i] == '-')) ++i;
    if (!digits(i)) return std::string_view::npos;
  }
  return i;
}

// Reads the array that opens at `open` into `values`: the index past its ']', or npos when an
// element is not a number read whole (or there are none).
size_t read_numbers(std::string_view json, size_t open, std::vector<double>& values) {
  size_t i = open + 1;
  for (;;) {
    while (i < json.size() && is_json_space(json[i])) ++i;
    const size_t end = number_end(json, i);
    if (end == std::string_view::npos) return end;
    double value;
    const auto [stop, error] = std::from_chars(json.data() + i, json.data() + end, value);
    if (error != std::errc() || stop != json.data() + end) return std::string_view::npos;  // e.g. 1e999
    values.push_back(value);
    i = end;
    while (i < json.size() && is_json_space(json[i])) ++i;
    if (i >= json.size()) return std::string_view::npos;
    if (json[i] == ']') return i + 1;
    if (json[i] != ',') return std::string_view::npos;
    ++i;
  }
}

// Whether the keys of the open objects (`open`, the outermost first, "" for the top level and for
// arrays) and then `key` spell one of `paths`.
bool wanted(const std::vector<std::string_view>& open, std::string_view key, const std::vector<KeyPath>& paths) {
  for (const KeyPath& path : paths) {
    if (path.size() != open.size() || path.back() != key) continue;
    bool same = true;
    for (size_t level = 1; level < open.size() && same; ++level) same = open[level] == path[level - 1];
    if (same) return true;
  }
  return false;
}

}  // namespace

const std::vector<double>* LiftedNumbers::array_for(const std::string& value) const {
  if (value.size() < 2 || value[0] != kStandsFor) return nullptr;
  const size_t index = std::strtoul(value.c_str() + 1, nullptr, 10);
  return index < arrays.size() ? &arrays[index] : nullptr;
}

std::optional<LiftedNumbers> lift_number_arrays(std::string_view json, const std::vector<KeyPath>& paths) {
  if (json.find(kStandsForEscaped) != std::string_view::npos) return std::nullopt;
  LiftedNumbers lifted;
  size_t copied = 0;                      // json before this is in lifted.text
  std::vector<std::string_view> open;     // per open object or array, the key it is the value of
  std::string_view last_string;           // a key when ':' follows
  std::string_view key;                   // the key whose value comes next, after its ':'
  bool value_next = false;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (is_json_space(c)) continue;
    if (c == '"') {
      const size_t start = ++i;
      while (i < json.size() && json[i] != '"') i += json[i] == '\\' ? 2 : 1;
      if (i >= json.size()) return std::nullopt;
      last_string = json.substr(start, i - start);
      value_next = false;
      continue;
    }
    if (c == ':') {
      key = last_string;
      value_next = true;
      continue;
    }
    if (c == '[' && value_next && wanted(open, key, paths)) {
      std::vector<double> values;
      if (const size_t end = read_numbers(json, i, values); end != std::string_view::npos) {
        lifted.text.append(json.substr(copied, i - copied));
        lifted.text += '"';
        lifted.text += kStandsForEscaped;
        lifted.text += std::to_string(lifted.arrays.size());
        lifted.text += '"';
        lifted.arrays.push_back(std::move(values));
        copied = end;
        i = end - 1;
        value_next = false;
        continue;
      }
    }
    if (c == '{' || c == '[') open.push_back(value_next ? key : std::string_view());
    else if ((c == '}' || c == ']') && !open.empty()) open.pop_back();
    value_next = false;
  }
  if (lifted.arrays.empty()) return std::nullopt;
  lifted.text.append(json.substr(copied));
  return lifted;
}

}  // namespace abt
