// An option whose words are an enum's spellings (model/spelling.h): its check and the words its
// help text lists come from the one table beside the enum, so the CLI never spells them again.
#pragma once
#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "model/spelling.h"
#include "util/environment.h"

namespace abt {

// --color's words (ABTOOL_COLOR takes the same two but auto: util/environment.cpp).
template <>
struct Spellings<ColourChoice> {
  static constexpr std::array<std::pair<ColourChoice, std::string_view>, 3> table{
      {{ColourChoice::automatic, "auto"}, {ColourChoice::always, "always"}, {ColourChoice::never, "never"}}};
};

template <typename Enum>
CLI::Validator one_of_spellings() {
  std::vector<std::string> words;
  for (const auto& [value, word] : Spellings<Enum>::table) words.emplace_back(word);
  return CLI::IsMember(words);
}

// "graph | cupti | direct", for a help text.
template <typename Enum>
std::string choices_text() {
  return spelling_list<Enum>(" | ");
}

}  // namespace abt
