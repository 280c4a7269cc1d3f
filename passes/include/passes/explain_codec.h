// abtool.explain/1, the file `explain --format json` prints and `replay --passes` keeps in B's
// ir/passes/explain.json: one codec, its writer and its reader side by side (the reader reads
// back what the writer wrote, field for field; restores_a_time is derived, not read). Damage is
// one line naming the file and the field (RunFormatError).
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "passes/explanation.h"
#include "passes/pass_table.h"

namespace abt {

inline constexpr const char* kExplainSchema = "abtool.explain/1";

// What `abtool explain` found over a run's points.
struct ExplainReport {
  std::string a_dir, b_dir;
  std::vector<PointExplanation> points;
  std::map<std::string, std::string> verdicts;  // by point id: diff's verdict, where it has one
  std::map<std::string, double> speedups;       // by point id: diff's speedup, where both sides' time is trusted
  std::string out;                              // where the dumps went (--out); empty: nowhere
  std::map<std::string, double> instruction_ratios;  // by point id: B's instructions / A's, where both counted them
};

nlohmann::json explanation_json(const PassExplanation& explanation);  // diff's "passes", explain's per point
nlohmann::json explain_report_json(const ExplainReport& report);
// The report's points counted by where their code first differs (pass_table.h), and as JSON.
std::vector<PassTableRow> pass_table_of(const ExplainReport& report);
nlohmann::json pass_table_json(const std::vector<PassTableRow>& rows);
ExplainReport read_explain_json(const std::filesystem::path& file);

}  // namespace abt
