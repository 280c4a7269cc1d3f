// abtool.explain/1 read back (replay --passes' B/ir/passes/explain.json, for diff --passes): the
// reader of what print_explain_json writes, field for field (restores_a_time is derived, not read);
// damage is one line naming the file and the field (RunFormatError).
#include <array>

#include "model/json_fields.h"
#include "printers/explain_printers.h"

namespace abt {
namespace {

template <typename Enum, size_t N>
Enum named_value(const JsonFields& fields, const char* key, const std::array<Enum, N>& values, std::string_view (*name)(Enum)) {
  const std::string given = fields.text(key);
  for (Enum value : values)
    if (name(value) == given) return value;
  fields.fail(key, "unknown value '" + given + "'");
}

std::optional<bool> optional_boolean(const JsonFields& fields, const char* key) {
  if (!fields.has(key)) return std::nullopt;
  return fields.boolean(key);
}

std::string optional_text(const JsonFields& fields, const char* key) { return fields.has(key) ? fields.text(key) : ""; }

PassExplanation explanation_from(const JsonFields& point) {
  constexpr std::array outcomes{ExplainOutcome::no_divergence, ExplainOutcome::pass, ExplainOutcome::stage, ExplainOutcome::failed};
  constexpr std::array stages{PassStage::ttir,    PassStage::ttgir,   PassStage::mlir_llvm, PassStage::llvm,
                              PassStage::machine, PassStage::gcc_ipa, PassStage::gcc_tree,  PassStage::gcc_rtl};
  PassExplanation found;
  found.outcome = named_value(point, "outcome", outcomes, outcome_name);
  found.a_passes = size_t(point.unsigned_integer("a_passes"));
  found.b_passes = size_t(point.unsigned_integer("b_passes"));
  PassDivergence& divergence = found.divergence;
  divergence.aligned = size_t(point.unsigned_integer("common_passes"));
  divergence.since_same_only_in_a = point.texts("since_same_only_in_a");
  divergence.since_same_only_in_b = point.texts("since_same_only_in_b");
  divergence.pipeline_only_in_a = point.texts("pipeline_only_in_a");
  divergence.pipeline_only_in_b = point.texts("pipeline_only_in_b");
  found.no_passes = optional_text(point, "no_passes");
  found.a_rebuilt_measured = optional_boolean(point, "a_rebuilt_measured");
  found.b_rebuilt_measured = optional_boolean(point, "b_rebuilt_measured");
  found.stage = optional_text(point, "stage");
  found.error = optional_text(point, "error");
  if (found.outcome == ExplainOutcome::pass) {
    const JsonFields pass = point.object("pass");
    divergence.diverged = true;
    divergence.pass = pass.text("name");
    divergence.stage = named_value(pass, "stage", stages, stage_name);
    divergence.a_lines = size_t(pass.unsigned_integer("a_lines"));
    divergence.b_lines = size_t(pass.unsigned_integer("b_lines"));
    divergence.changed_lines = size_t(pass.unsigned_integer("changed_lines"));
    divergence.only_in_a = pass.texts("only_in_a");
    divergence.only_in_b = pass.texts("only_in_b");
    divergence.excerpt = pass.text("excerpt");
    divergence.attributes_only = optional_boolean(pass, "attributes_only").value_or(false);
    if (divergence.attributes_only && pass.has("code")) {
      const JsonFields code = pass.object("code");
      divergence.code = PassDivergence::CodeDivergence{named_value(code, "stage", stages, stage_name),
                                                       code.text("name"),
                                                       size_t(code.unsigned_integer("changed_lines")),
                                                       code.text("excerpt"),
                                                       code.texts("since_same_only_in_a"),
                                                       code.texts("since_same_only_in_b")};
    }
  }
  return found;
}

std::vector<SkippedPass> skipped_from(const JsonFields& point) {
  constexpr std::array outcomes{SkipOutcome::restores_a, SkipOutcome::no_effect, SkipOutcome::other_code, SkipOutcome::failed};
  std::vector<SkippedPass> skipped;
  for (const JsonFields& entry : point.objects("skipped_passes", "skipped pass")) {
    SkippedPass pass{entry.text("pass"), entry.text("flag"), named_value(entry, "outcome", outcomes, skip_outcome_name),
                     optional_text(entry, "detail"), {}};
    if (entry.has("timed")) {
      const JsonFields timed = entry.object("timed");
      SkipTiming timing;
      timing.run = optional_text(timed, "run");
      timing.error = optional_text(timed, "error");
      if (timed.has("verdict")) {
        timing.verdict = timed.spelled<Verdict>("verdict");
        timing.speedup = timed.number("speedup");
        const std::vector<double> interval = timed.numbers("ci95");
        if (interval.size() != 2) timed.fail("ci95", "expected two numbers");
        timing.low = interval[0];
        timing.high = interval[1];
      }
      pass.timed = std::move(timing);
    }
    skipped.push_back(std::move(pass));
  }
  return skipped;
}

}  // namespace

ExplainReport read_explain_json(const std::filesystem::path& file) {
  const nlohmann::json document = JsonFields::parse_file(file);
  const JsonFields fields(document, file.string());
  fields.require_schema(kExplainSchema);
  ExplainReport report;
  report.a_dir = fields.text("a");
  report.b_dir = fields.text("b");
  report.out = optional_text(fields, "out");
  const std::vector<JsonFields> points = fields.objects("points", "point");
  for (const JsonFields& entry : points) {
    const std::string id = entry.text("point");
    const JsonFields point = entry.named(entry.where() + " (" + id + ")");
    PointExplanation explained{id, point.text("a_variant"), point.text("b_variant"), explanation_from(point)};
    if (point.has("verdict")) report.verdicts[id] = point.text("verdict");
    if (point.has("skipped_passes")) explained.skipped = skipped_from(point);
    report.points.push_back(std::move(explained));
  }
  return report;
}

}  // namespace abt
