#include "passes/explain_codec.h"

#include "model/json_fields.h"

namespace abt {
namespace {

nlohmann::json optional_json(const std::optional<bool>& value) { return value ? nlohmann::json(*value) : nlohmann::json(); }

std::optional<bool> optional_boolean(const JsonFields& fields, const char* key) {
  if (!fields.has(key)) return std::nullopt;
  return fields.boolean(key);
}

std::string optional_text(const JsonFields& fields, const char* key) { return fields.has(key) ? fields.text(key) : ""; }

nlohmann::json op_changes_json(bool counted, const std::vector<std::pair<std::string, long long>>& changes) {
  if (!counted) return nullptr;
  nlohmann::json list = nlohmann::json::array();
  for (const auto& [op, delta] : changes) list.push_back({{"op", op}, {"delta", delta}});
  return list;
}

// The canonical comparison's fields of a divergence (its pass's or its code's); absent in older files.
template <typename Divergence>
void read_canonical(const JsonFields& fields, Divergence& divergence) {
  divergence.raw_changed_lines = fields.has("raw_changed_lines") ? size_t(fields.unsigned_integer("raw_changed_lines"))
                                                                 : divergence.changed_lines;
  divergence.order_only = optional_boolean(fields, "order_only").value_or(false);
  divergence.ops_counted = fields.has("op_changes") && !fields.any("op_changes").is_null();
  if (divergence.ops_counted)
    for (const JsonFields& change : fields.objects("op_changes", "op change"))
      divergence.op_changes.emplace_back(change.text("op"), change.integer("delta"));
}

template <typename Divergence>
void write_canonical(nlohmann::json& json, const Divergence& divergence) {
  json["raw_changed_lines"] = divergence.raw_changed_lines;
  json["order_only"] = divergence.order_only;
  json["op_changes"] = op_changes_json(divergence.ops_counted, divergence.op_changes);
}

PassExplanation explanation_from(const JsonFields& point) {
  PassExplanation found;
  found.outcome = point.spelled<ExplainOutcome>("outcome");
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
  if (point.has("pass_times")) {
    const JsonFields times = point.object("pass_times");
    PassExplanation::PassTimes read{times.number("a_ms"), times.number("b_ms"), {}};
    for (const JsonFields& change : times.objects("largest_changes", "pass time change"))
      read.largest.push_back({change.text("pass"), change.number("a_ms"), change.number("b_ms")});
    found.pass_times = std::move(read);
  }
  if (found.outcome == ExplainOutcome::pass) {
    const JsonFields pass = point.object("pass");
    divergence.diverged = true;
    divergence.pass = pass.text("name");
    divergence.stage = pass.spelled<PassStage>("stage");
    divergence.a_lines = size_t(pass.unsigned_integer("a_lines"));
    divergence.b_lines = size_t(pass.unsigned_integer("b_lines"));
    divergence.changed_lines = size_t(pass.unsigned_integer("changed_lines"));
    divergence.only_in_a = pass.texts("only_in_a");
    divergence.only_in_b = pass.texts("only_in_b");
    divergence.excerpt = pass.text("excerpt");
    divergence.attributes_only = optional_boolean(pass, "attributes_only").value_or(false);
    divergence.canonical = optional_boolean(pass, "canonical").value_or(false);  // older files compared text
    read_canonical(pass, divergence);
    if (divergence.attributes_only && pass.has("code")) {
      const JsonFields code = pass.object("code");
      PassDivergence::CodeDivergence found_code;
      found_code.stage = code.spelled<PassStage>("stage");
      found_code.pass = code.text("name");
      found_code.changed_lines = size_t(code.unsigned_integer("changed_lines"));
      found_code.excerpt = code.text("excerpt");
      found_code.since_same_only_in_a = code.texts("since_same_only_in_a");
      found_code.since_same_only_in_b = code.texts("since_same_only_in_b");
      read_canonical(code, found_code);
      divergence.code = std::move(found_code);
    }
  }
  return found;
}

std::vector<SkippedPass> skipped_from(const JsonFields& point) {
  std::vector<SkippedPass> skipped;
  for (const JsonFields& entry : point.objects("skipped_passes", "skipped pass")) {
    SkippedPass pass{entry.text("pass"), entry.text("flag"), entry.spelled<SkipOutcome>("outcome"),
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

nlohmann::json explanation_json(const PassExplanation& found) {
  nlohmann::json json{{"outcome", spelling(found.outcome)},
                      {"a_passes", found.a_passes},
                      {"b_passes", found.b_passes},
                      {"common_passes", found.divergence.aligned},
                      // passes one side ran since the last output both had alike (the likely cause)
                      {"since_same_only_in_a", found.divergence.since_same_only_in_a},
                      {"since_same_only_in_b", found.divergence.since_same_only_in_b},
                      // passes of the whole pipeline one side runs and the other does not
                      {"pipeline_only_in_a", found.divergence.pipeline_only_in_a},
                      {"pipeline_only_in_b", found.divergence.pipeline_only_in_b},
                      {"no_passes", found.no_passes.empty() ? nlohmann::json() : nlohmann::json(found.no_passes)},
                      {"a_rebuilt_measured", optional_json(found.a_rebuilt_measured)},
                      {"b_rebuilt_measured", optional_json(found.b_rebuilt_measured)},
                      {"stage", found.stage.empty() ? nlohmann::json() : nlohmann::json(found.stage)},
                      {"pass", nlohmann::json()},
                      {"error", found.error.empty() ? nlohmann::json() : nlohmann::json(found.error)}};
  if (found.pass_times) {  // where the compiler reports its passes' times (-ftime-report)
    nlohmann::json largest = nlohmann::json::array();
    for (const PassTimeChange& change : found.pass_times->largest)
      largest.push_back({{"pass", change.pass}, {"a_ms", change.a_ms}, {"b_ms", change.b_ms}});
    json["pass_times"] = {{"a_ms", found.pass_times->a_ms}, {"b_ms", found.pass_times->b_ms}, {"largest_changes", largest}};
  }
  if (found.outcome == ExplainOutcome::pass) {
    const PassDivergence& pass = found.divergence;
    json["pass"] = {{"name", pass.pass},
                    {"stage", spelling(pass.stage)},
                    {"a_lines", pass.a_lines},
                    {"b_lines", pass.b_lines},
                    {"changed_lines", pass.changed_lines},
                    {"only_in_a", pass.only_in_a},
                    {"only_in_b", pass.only_in_b},
                    {"excerpt", pass.excerpt},
                    {"canonical", pass.canonical}};
    write_canonical(json["pass"], pass);
    // only where the first divergence is the module's attributes alone: the goldens of the rest hold
    if (pass.attributes_only) {
      json["pass"]["attributes_only"] = true;
      json["pass"]["code"] = pass.code ? nlohmann::json{{"name", pass.code->pass},
                                                        {"stage", spelling(pass.code->stage)},
                                                        {"changed_lines", pass.code->changed_lines},
                                                        {"since_same_only_in_a", pass.code->since_same_only_in_a},
                                                        {"since_same_only_in_b", pass.code->since_same_only_in_b},
                                                        {"excerpt", pass.code->excerpt}}
                                       : nlohmann::json();
      if (pass.code) write_canonical(json["pass"]["code"], *pass.code);
    }
  }
  return json;
}

std::vector<PassTableRow> pass_table_of(const ExplainReport& report) {
  std::vector<ExplainedPoint> points;
  for (const PointExplanation& point : report.points) {
    const auto verdict = report.verdicts.find(point.point);
    const auto speedup = report.speedups.find(point.point);
    const auto ratio = report.instruction_ratios.find(point.point);
    points.push_back({&point.passes, verdict == report.verdicts.end() ? "" : verdict->second,
                      speedup == report.speedups.end() ? std::nullopt : std::optional<double>(speedup->second),
                      ratio == report.instruction_ratios.end() ? std::nullopt : std::optional<double>(ratio->second)});
  }
  return pass_table(points);
}

nlohmann::json pass_table_json(const std::vector<PassTableRow>& rows) {
  nlohmann::json table = nlohmann::json::array();
  for (const PassTableRow& row : rows)
    table.push_back({{"where", row.where}, {"points", row.points}, {"verdicts", row.verdicts},
                     {"geomean_speedup", row.geomean_speedup ? nlohmann::json(*row.geomean_speedup) : nlohmann::json()},
                     {"geomean_instruction_ratio",
                      row.geomean_instruction_ratio ? nlohmann::json(*row.geomean_instruction_ratio) : nlohmann::json()}});
  return table;
}

nlohmann::json explain_report_json(const ExplainReport& report) {
  nlohmann::json points = nlohmann::json::array();
  for (const PointExplanation& point : report.points) {
    const auto verdict = report.verdicts.find(point.point);
    nlohmann::json json = explanation_json(point.passes);
    json["point"] = point.point;
    json["a_variant"] = point.a_variant;
    json["b_variant"] = point.b_variant;
    json["verdict"] = verdict == report.verdicts.end() ? nlohmann::json() : nlohmann::json(verdict->second);
    const auto speedup = report.speedups.find(point.point);
    json["speedup"] = speedup == report.speedups.end() ? nlohmann::json() : nlohmann::json(speedup->second);
    if (const auto ratio = report.instruction_ratios.find(point.point); ratio != report.instruction_ratios.end())
      json["instruction_ratio"] = ratio->second;
    if (point.skipped) {  // explain --skip-passes only
      json["skipped_passes"] = nlohmann::json::array();
      for (const SkippedPass& pass : *point.skipped) {
        nlohmann::json skipped{{"pass", pass.pass}, {"flag", pass.flag}, {"outcome", spelling(pass.outcome)},
                               {"detail", pass.detail.empty() ? nlohmann::json() : nlohmann::json(pass.detail)}};
        if (pass.timed) {  // explain --time only
          const SkipTiming& timed = *pass.timed;
          const bool judged = timed.error.empty();
          skipped["timed"] = {{"verdict", judged ? nlohmann::json(spelling(timed.verdict)) : nlohmann::json()},
                              {"speedup", judged ? nlohmann::json(timed.speedup) : nlohmann::json()},
                              {"ci95", judged ? nlohmann::json({timed.low, timed.high}) : nlohmann::json()},
                              {"restores_a_time", restores_a_time(pass, json["verdict"].is_string() ? json["verdict"].get<std::string>() : "")},
                              {"run", timed.run.empty() ? nlohmann::json() : nlohmann::json(timed.run)},
                              {"error", judged ? nlohmann::json() : nlohmann::json(timed.error)}};
        }
        json["skipped_passes"].push_back(std::move(skipped));
      }
    }
    points.push_back(std::move(json));
  }
  return {{"schema", kExplainSchema}, {"a", report.a_dir}, {"b", report.b_dir},
          {"out", report.out.empty() ? nlohmann::json() : nlohmann::json(report.out)}, {"points", points},
          {"pass_table", pass_table_json(pass_table_of(report))}};
}

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
    if (point.has("speedup")) report.speedups[id] = point.number("speedup");
    if (point.has("instruction_ratio")) report.instruction_ratios[id] = point.number("instruction_ratio");
    if (point.has("skipped_passes")) explained.skipped = skipped_from(point);
    report.points.push_back(std::move(explained));
  }
  return report;
}

}  // namespace abt
