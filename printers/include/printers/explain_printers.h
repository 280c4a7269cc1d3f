// `abtool explain`'s outputs (text and JSON), and the "passes" object diff --passes adds to a
// point of diff's JSON.
#pragma once
#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "passes/explanation.h"

namespace abt {

inline constexpr const char* kExplainSchema = "abtool.explain/1";

struct ExplainReport {
  std::string a_dir, b_dir;
  std::vector<PointExplanation> points;
  std::map<std::string, std::string> verdicts;  // by point id: diff's verdict, where it has one
  std::string out;                              // where the dumps went (--out); empty: nowhere
};

nlohmann::json explanation_json(const PassExplanation& explanation);  // diff's "passes", explain's per point
void print_explain_text(const ExplainReport& report, std::ostream& out);
void print_explain_json(const ExplainReport& report, std::ostream& out);
// What print_explain_json wrote, read back; damage is RunFormatError naming the file and the field.
ExplainReport read_explain_json(const std::filesystem::path& file);

}  // namespace abt
