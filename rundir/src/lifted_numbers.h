// Arrays of numbers taken out of a JSON text, so that nlohmann parses only the rest.
//
// Why: nlohmann's lexer copies each character of a number and hands the copy to strtod. A point's
// samples are nearly all of its bytes, and a 64 MB results.json took 1.14 s on one core to parse
// that way; its numbers alone take 0.11 s with std::from_chars (bench/RESULTS.md, first section).
// Both round correctly, so the doubles are the same. Only arrays at the places a reader names are
// lifted, and only when every element is a JSON number std::from_chars reads whole: anything else
// (a negative number, an exponent out of range, a string) is left in the text for nlohmann to
// read, or to word the damage as it always does.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace abt {

// Keys from the text's top-level object down to an array, e.g. {"baseline", "samples_us"}.
using KeyPath = std::vector<std::string_view>;

struct LiftedNumbers {
  std::string text;  // the JSON, each lifted array replaced by a string that stands for it
  std::vector<std::vector<double>> arrays;

  // The lifted array that a string value of `text` stands for; nullptr for any other string.
  const std::vector<double>* array_for(const std::string& value) const;
};

// nullopt when nothing was lifted (the text is then read as it is), and for a text holding the
// escape "\u0000", so that a string standing for an array cannot be mistaken for one of the text's.
std::optional<LiftedNumbers> lift_number_arrays(std::string_view json, const std::vector<KeyPath>& paths);

}  // namespace abt
