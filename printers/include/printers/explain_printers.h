// `abtool explain`'s outputs: its text, and its JSON (abtool.explain/1, whose codec is
// passes/explain_codec.h).
#pragma once
#include <ostream>

#include "passes/explain_codec.h"

namespace abt {

// explain --format.
enum class ExplainFormat { text, json };
template <>
struct Spellings<ExplainFormat> {
  static constexpr std::array<std::pair<ExplainFormat, std::string_view>, 2> table{
      {{ExplainFormat::text, "text"}, {ExplainFormat::json, "json"}}};
};

void print_explain(const ExplainReport& report, ExplainFormat format, std::ostream& out);
void print_explain_text(const ExplainReport& report, std::ostream& out);
void print_explain_json(const ExplainReport& report, std::ostream& out);

}  // namespace abt
