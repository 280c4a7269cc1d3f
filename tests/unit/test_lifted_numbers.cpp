// A point's samples are read by std::from_chars, the rest of it by nlohmann
// (rundir/src/lifted_numbers.h): the same doubles, and nothing lifted that nlohmann would read
// differently or word differently when it is damaged.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>

#include "lifted_numbers.h"

namespace abt {
namespace {

const std::vector<KeyPath> kPaths = {{"samples_us"}, {"baseline", "samples_us"}};

// What a reader sees: the lifted arrays put back where their strings stand.
nlohmann::json put_back(const LiftedNumbers& lifted) {
  nlohmann::json json = nlohmann::json::parse(lifted.text);
  std::function<void(nlohmann::json&)> walk = [&](nlohmann::json& node) {
    if (node.is_string()) {
      if (const auto* array = lifted.array_for(node.get<std::string>())) node = *array;
    } else if (node.is_structured()) {
      for (auto& child : node) walk(child);
    }
  };
  walk(json);
  return json;
}

TEST(LiftedNumbers, OnlyTheNamedArraysAreLiftedAndTheRestParsesAsItWas) {
  const std::string text = R"({"error": "\"samples_us\":[1,2]", "samples_us" : [ 1.5 , 2e-3,7 ],
    "config": {"samples_us": [3, 4]}, "baseline": {"samples_us": [0.25], "round_sizes": [1]},
    "points": [{"samples_us": [5]}], "machine_probe_us": [6]})";
  const auto lifted = lift_number_arrays(text, kPaths);
  ASSERT_TRUE(lifted);
  EXPECT_EQ(lifted->arrays, (std::vector<std::vector<double>>{{1.5, 2e-3, 7}, {0.25}}));
  const nlohmann::json original = nlohmann::json::parse(text), read = put_back(*lifted);
  EXPECT_EQ(read, original);
  EXPECT_TRUE(read["config"]["samples_us"].is_array()) << "not at a named place: left to nlohmann";
  EXPECT_TRUE(nlohmann::json::parse(lifted->text)["config"]["samples_us"].is_array());
  EXPECT_TRUE(nlohmann::json::parse(lifted->text)["samples_us"].is_string());
}

TEST(LiftedNumbers, AnArrayNlohmannWouldReadOtherwiseIsLeftToIt) {
  // Each of these is damage or a value from_chars would read differently from nlohmann (a minus
  // zero, a number beyond a double): the reader's own checks and messages see it as they always did.
  for (const char* samples : {"[1, -2]", "[-0]", "[1, \"x\"]", "[01]", "[1.]", "[.5]", "[1e]", "[1e999]", "[1e-999]",
                              "[inf]", "[nan]", "[1, 2,]", "[]", "[1 2]", "[+1]", "[0x10]", "[1, [2]]", "[1, null]"}) {
    const std::string text = std::string(R"({"samples_us": )") + samples + "}";
    EXPECT_FALSE(lift_number_arrays(text, kPaths)) << samples;
  }
  EXPECT_FALSE(lift_number_arrays(R"({"samples_us": [1], "note": "\u0000"})", kPaths))
      << "a string that could be mistaken for a lifted array's";
  EXPECT_FALSE(lift_number_arrays(R"({"other": [1]})", kPaths)) << "nothing to lift";
}

TEST(LiftedNumbers, EveryNumberComesBackAsTheDoubleNlohmannReads) {
  std::mt19937_64 random(7);
  std::vector<double> samples;
  for (int i = 0; i < 20000; ++i) {  // every exponent of a double, and short decimals as timers print them
    double value;
    const uint64_t bits = random() & ~(uint64_t(1) << 63);
    std::memcpy(&value, &bits, sizeof value);
    if (std::isfinite(value)) samples.push_back(value);
    samples.push_back(double(random() % 100000) / 1000);
    samples.push_back(double(random()));
  }
  std::string text = nlohmann::json{{"samples_us", samples}}.dump();
  text += " ";
  for (const char* written : {"1E5", "0.1e-2", "123456789012345678901234567890", "18446744073709551615",
                              "9007199254740993", "0", "0.0", "2.2250738585072011e-308", "4.9e-324"})
    text.insert(text.size() - 3, std::string(",") + written);
  const auto lifted = lift_number_arrays(text, kPaths);
  ASSERT_TRUE(lifted);
  const auto expected = nlohmann::json::parse(text)["samples_us"];
  ASSERT_EQ(lifted->arrays[0].size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    const double want = expected[i].get<double>(), got = lifted->arrays[0][i];
    ASSERT_EQ(std::memcmp(&want, &got, sizeof want), 0) << "element " << i << ": " << expected[i].dump();
  }
}

}  // namespace
}  // namespace abt
