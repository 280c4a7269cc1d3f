// An option whose words are an enum's spellings (util/spelling.h): its check and the words its
// help text lists come from the one table beside the enum, so the CLI never spells them again.
#pragma once
#include <CLI/CLI.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "printers/output_format.h"
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

// A command's --format: the words of the formats it writes (printers/output_format.h's registry),
// checked and read into the enum, listed in --help with what each is and the default (the first).
inline CLI::Option* format_option(CLI::App& app, OutputFormat& format, FormattedCommand command) {
  const std::vector<OutputFormat>& formats = formats_of(command);
  format = formats.front();
  std::vector<std::string> words, described;
  for (OutputFormat each : formats) {
    words.emplace_back(spelling(each));
    described.push_back(std::string(spelling(each)) + ": " + format_what(command, each));
  }
  CLI::Validator to_value(
      [formats, words](std::string& word) -> std::string {
        const std::optional<OutputFormat> value = parse_spelling<OutputFormat>(word);
        if (!value || std::find(formats.begin(), formats.end(), *value) == formats.end()) {
          std::string list;
          for (const std::string& each : words) list += (list.empty() ? "" : ", ") + each;
          return "'" + word + "' is not one of " + list;
        }
        word = std::to_string(static_cast<int>(*value));  // CLI11 reads an enum as its number
        return "";
      },
      "", "");
  std::string help, type;
  for (size_t i = 0; i < described.size(); ++i) help += (i ? "; " : "") + described[i];
  for (size_t i = 0; i < words.size(); ++i) type += (i ? "," : "") + words[i];
  return app.add_option("--format", format, help + " (default " + words.front() + ")")->transform(to_value)->type_name("{" + type + "}");
}

// "graph | cupti | direct", for a help text.
template <typename Enum>
std::string choices_text() {
  return spelling_list<Enum>(" | ");
}

}  // namespace abt
