// Where the elements of one array field of a JSON object lie in its text, found without parsing
// them: results.json's points, nearly all of a big run's bytes, are then parsed side by side on
// every core, each by nlohmann as a document of its own.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace abt {

struct JsonArraySplit {
  std::string rest;                        // the text with that array emptied to []
  std::vector<std::string_view> elements;  // into the text, in order
};

// Looks at the brackets, strings and commas only: nullopt unless the text is one object whose
// top level has `key` once, holding an array. What it returns is not validated; each part still
// has to parse, and the caller parses the whole text when one does not (to word the damage).
std::optional<JsonArraySplit> split_array_field(std::string_view text, std::string_view key);

}  // namespace abt
