// results.json's points are found in its text and parsed side by side (rundir/src/json_array_split.h);
// whatever the split does not understand is parsed whole, with the same messages.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "json_array_split.h"

namespace abt {

std::vector<std::string> elements_of(const JsonArraySplit& split) {
  return {split.elements.begin(), split.elements.end()};
}

TEST(JsonArraySplit, FindsTheElementsOfTheTopLevelFieldOnly) {
  const std::string text =
      R"({"planned": ["a,b", "]"], "inner": {"points": [9, 9]}, "points": [ {"s": "x\"],[{"}, [1, 2] ,3 ], "z": "}"})";
  auto split = split_array_field(text, "points");
  ASSERT_TRUE(split);
  EXPECT_EQ(elements_of(*split), (std::vector<std::string>{R"({"s": "x\"],[{"})", "[1, 2]", "3"}));
  // The rest parses, with the array emptied and everything else as it was.
  auto rest = nlohmann::json::parse(split->rest);
  EXPECT_EQ(rest["points"], nlohmann::json::array());
  EXPECT_EQ(rest["inner"]["points"], nlohmann::json({9, 9}));
  EXPECT_EQ(rest["planned"], nlohmann::json({"a,b", "]"}));
  EXPECT_EQ(rest["z"], "}");
}

TEST(JsonArraySplit, AnEmptyArrayHasNoElementsAndATrailingCommaAnEmptyOne) {
  auto empty = split_array_field(R"({"points": [  ]})", "points");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->elements.empty());
  auto trailing = split_array_field(R"({"points": [1,]})", "points");
  ASSERT_TRUE(trailing);
  EXPECT_EQ(elements_of(*trailing), (std::vector<std::string>{"1", ""})) << "an empty part does not parse: the caller reads the whole";
}

TEST(JsonArraySplit, WhatItCannotVouchForIsLeftToTheWholeParse) {
  for (const char* text : {R"({"points": [1], "points": [2]})",  // twice
                           R"({"points": 5})",                   // not an array
                           R"({"other": [1]})",                  // absent
                           R"({"points": [1, {"a": "unterminated]})",
                           R"({"points": [1, 2})",                // unbalanced
                           R"([{"points": [1]}])"})               // not an object at the top
    EXPECT_FALSE(split_array_field(text, "points")) << text;
}

}  // namespace abt
