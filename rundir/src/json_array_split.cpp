#include "json_array_split.h"

#include <array>

#include "json_space.h"

namespace abt {
namespace {

// Bytes that matter inside a string, and inside an element (where neither commas nor keys do):
// the loop below skips the rest a byte at a time, without a branch per kind.
constexpr std::array<bool, 256> table_of(std::string_view bytes) {
  std::array<bool, 256> table{};
  for (char c : bytes) table[static_cast<unsigned char>(c)] = true;
  return table;
}
constexpr auto kEndsString = table_of("\"\\");
constexpr auto kNests = table_of("\"[]{}");

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_json_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_json_space(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

std::optional<JsonArraySplit> split_array_field(std::string_view text, std::string_view key) {
  JsonArraySplit split;
  size_t depth = 0, opened = std::string_view::npos, closed = std::string_view::npos, element_start = 0;
  std::string_view last_string;    // the latest string at the top level: a key when ':' follows
  bool key_before_colon = false;   // the top level's latest token is the wanted key
  bool value_of_key = false;       // ... followed by its ':'
  auto skip = [&](size_t& i, const std::array<bool, 256>& until) {
    while (i < text.size() && !until[static_cast<unsigned char>(text[i])]) ++i;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    if (depth >= 3) {
      skip(i, kNests);
      if (i >= text.size()) break;
    }
    const char c = text[i];
    if (c == '"') {
      const size_t start = ++i;
      for (skip(i, kEndsString); i < text.size() && text[i] == '\\'; skip(i, kEndsString)) i += 2;
      if (i >= text.size()) return std::nullopt;
      if (depth == 1) last_string = text.substr(start, i - start);
      key_before_colon = depth == 1 && last_string == key;
      value_of_key = false;
      continue;
    }
    if (is_json_space(c)) continue;
    const bool was_value_of_key = value_of_key;
    value_of_key = c == ':' && key_before_colon;
    key_before_colon = false;
    if (c == '{' || c == '[') {
      if (++depth == 2 && c == '[' && was_value_of_key) {
        if (opened != std::string_view::npos) return std::nullopt;  // the key twice
        opened = i;
        element_start = i + 1;
      }
    } else if (c == '}' || c == ']') {
      if (depth == 0) return std::nullopt;
      if (depth == 2 && c == ']' && opened != std::string_view::npos && closed == std::string_view::npos) {
        closed = i;
        if (std::string_view last = trimmed(text.substr(element_start, i - element_start)); !last.empty() || !split.elements.empty())
          split.elements.push_back(last);
      }
      --depth;
    } else if (c == ',' && depth == 2 && opened != std::string_view::npos && closed == std::string_view::npos) {
      split.elements.push_back(trimmed(text.substr(element_start, i - element_start)));
      element_start = i + 1;
    }
  }
  if (depth != 0 || opened == std::string_view::npos || closed == std::string_view::npos) return std::nullopt;
  split.rest = std::string(text.substr(0, opened + 1)) + std::string(text.substr(closed));
  return split;
}

}  // namespace abt
