// An option whose words are an enum's spellings (util/spelling.h): its check and the words its
// help text lists come from the one table beside the enum, so the CLI never spells them again.
#pragma once
#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "util/spelling.h"
#include "util/environment.h"

namespace abt {

template <typename Enum>
CLI::Validator one_of_spellings() {
  std::vector<std::string> words;
  for (const auto& [value, word] : Spellings<Enum>::table) words.emplace_back(word);
  return CLI::IsMember(words);
}

// An option read straight into the enum: its words checked and mapped by the same table, and
// shown in --help as they are typed ("{text,json}").
template <typename Enum>
CLI::Option* spelled_option(CLI::Option* option) {
  CLI::Validator to_value(
      [](std::string& word) -> std::string {
        const std::optional<Enum> value = parse_spelling<Enum>(word);
        if (!value) return "'" + word + "' is not one of " + spelling_list<Enum>();
        word = std::to_string(static_cast<int>(*value));  // CLI11 reads an enum as its number
        return "";
      },
      "", "");
  return option->transform(to_value)->type_name("{" + spelling_list<Enum>(",") + "}");
}

// "graph | cupti | direct", for a help text.
template <typename Enum>
std::string choices_text() {
  return spelling_list<Enum>(" | ");
}

}  // namespace abt
