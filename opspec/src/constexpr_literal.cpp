#include "opspec/constexpr_literal.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <regex>

namespace abt {
namespace {

// triton.language's dtypes (Triton 3.6: `type(getattr(tl, name)) is tl.dtype`).
constexpr std::array<const char*, 19> kTritonDtypes = {
    "int1",     "int8",     "int16",   "int32",   "int64",      "uint8",      "uint16",     "uint32",   "uint64", "float16",
    "bfloat16", "float32",  "float64", "float8e5", "float8e5b16", "float8e4nv", "float8e4b8", "float8e4b15", "void"};

}  // namespace

std::optional<std::string> constexpr_literal_problem(const std::string& text) {
  if (text.rfind("tl.", 0) == 0) {
    const std::string name = text.substr(3);
    if (std::find(kTritonDtypes.begin(), kTritonDtypes.end(), name) == kTritonDtypes.end())
      return fmt::format("'{}' is not a Triton dtype (tl.{})", text, fmt::join(kTritonDtypes, ", tl."));
    return std::nullopt;
  }
  if (text.rfind("(", 0) == 0) {
    static const std::string item = R"((None|True|False|[-+]?[0-9][0-9.eE+-]*|'[^'\\]*'|"[^"\\]*"))";
    static const std::regex tuple(R"(^\(\s*()" + item + R"(\s*,\s*)*()" + item + R"(\s*,?\s*)?\)$)");
    if (!std::regex_match(text, tuple))
      return fmt::format("'{}' is not a tuple of numbers, strings, None, True and False", text);
    return std::nullopt;
  }
  if (text.rfind("enum:", 0) == 0) {
    static const std::regex member(R"(^enum:[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$)");
    if (!std::regex_match(text, member))
      return fmt::format("'{}' is not an enum member as enum:module:Class.MEMBER", text);
  }
  return std::nullopt;
}

}  // namespace abt
