// Enums whose values have a fixed spelling in files, flags and reports: one table per enum, so a
// name is parsed once at the edge and compared as a value everywhere else.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace abt {

// Specialized next to each enum: `static constexpr std::array<std::pair<Enum, std::string_view>, N> table`.
template <typename Enum>
struct Spellings;

template <typename Enum>
constexpr std::string_view spelling(Enum value) {
  for (const auto& [entry, text] : Spellings<Enum>::table)
    if (entry == value) return text;
  return "?";
}

template <typename Enum>
std::optional<Enum> parse_spelling(std::string_view text) {
  for (const auto& [entry, name] : Spellings<Enum>::table)
    if (name == text) return entry;
  return std::nullopt;
}

// "graph, cupti, direct": for error messages and help texts.
template <typename Enum>
std::string spelling_list(std::string_view separator = ", ") {
  std::string text;
  for (const auto& [entry, name] : Spellings<Enum>::table) {
    if (!text.empty()) text += separator;
    text += name;
  }
  return text;
}

}  // namespace abt
