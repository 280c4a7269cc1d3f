// An option whose words are an enum's spellings (util/spelling.h): its check and the words its
// help text lists come from the one table beside the enum, so the CLI never spells them again.
#pragma once
#include <CLI/CLI.hpp>

#include <map>
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

// An option read straight into the enum: its words checked and mapped by the same table.
template <typename Enum>
CLI::CheckedTransformer spelled_as() {
  std::map<std::string, Enum> words;
  for (const auto& [value, word] : Spellings<Enum>::table) words.emplace(word, value);
  return CLI::CheckedTransformer(words);
}

// "graph | cupti | direct", for a help text.
template <typename Enum>
std::string choices_text() {
  return spelling_list<Enum>(" | ");
}

}  // namespace abt
