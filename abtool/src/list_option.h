// A comma-separated list option (--op, --dtypes, --points): one word per occurrence, split here,
// not by CLI11's delimiter, which drops empty names and then takes the next option for a value
// (`--op ,, --shapes s.yaml` measured an op called '--shapes'; `--op ''` measured every op).
#pragma once
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <optional>
#include <string>
#include <vector>

namespace abt {

// "must name ..., not ''" for an empty word, an empty name between commas, or an option where
// the list should be.
inline CLI::Validator comma_list_of(const std::string& what) {
  return CLI::Validator(
      [what](std::string& text) -> std::string {
        if (!text.empty() && text.front() == '-')
          return fmt::format("needs a comma-separated list of {}, not the option '{}'", what, text);
        std::string_view rest = text;
        for (;;) {
          const size_t comma = rest.find(',');
          if (rest.substr(0, comma).empty())
            return fmt::format("must be a comma-separated list of {} with no empty name, not '{}'", what, text);
          if (comma == std::string_view::npos) return "";
          rest.remove_prefix(comma + 1);
        }
      },
      "LIST");
}

inline std::vector<std::string> split_commas(const std::vector<std::string>& words) {
  std::vector<std::string> names;
  for (const std::string& word : words)
    for (size_t start = 0;;) {
      const size_t comma = word.find(',', start);
      names.push_back(word.substr(start, comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
  return names;
}

// Adds --name to `command`, filling `target` (repeating the option adds to the list).
template <typename Target>
CLI::Option* add_list_option(CLI::App& command, const std::string& name, Target& target, const std::string& what,
                             const std::string& help) {
  return command
      .add_option_function<std::vector<std::string>>(
          name, [&target](const std::vector<std::string>& words) { target = split_commas(words); }, help)
      ->allow_extra_args(false)
      ->check(comma_list_of(what));
}

}  // namespace abt
