// `diff --format json` (schema abtool.diff/11, rundir/schemas/diff.schema.json): the comparison as
// the other printers show it, every field.
#include <fmt/format.h>

#include "compare/ir_diff.h"
#include "printers/exporter.h"
#include "printers/printers.h"
#include "model/compile_profile_json.h"
#include "model/gpu_counters_json.h"
#include "passes/explain_codec.h"
#include "rundir/layout.h"
#include "util/parallel.h"

namespace abt {

nlohmann::json ir_delta_json(const IrDelta& delta) {
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& [name, change] : delta.opcode_changes) changes.push_back({{"op", name}, {"change", change}});
  nlohmann::json stages = nlohmann::json::array();
  for (const auto& stage : delta.stages)
    stages.push_back({{"kind", stage.kind}, {"instructions", {stage.a_instructions, stage.b_instructions}},
                      {"changed", stage.changed}});
  auto pair = [](const std::optional<int>& a, const std::optional<int>& b) {
    return a && b ? nlohmann::json{*a, *b} : nlohmann::json();
  };
  return {{"kind", delta.kind},
          {"changed", delta.changed},
          {"instructions", {delta.a_instructions, delta.b_instructions}},
          {"opcode_changes", changes},
          {"registers", pair(delta.a_registers, delta.b_registers)},
          {"local_bytes", pair(delta.a_local_bytes, delta.b_local_bytes)},
          {"shared_bytes", pair(delta.a_shared_bytes, delta.b_shared_bytes)},
          {"summary", delta.short_text()},
          {"stages", stages}};
}

namespace {

nlohmann::json optional_json(const auto& value) { return value ? nlohmann::json(*value) : nlohmann::json(); }

nlohmann::json side_json(const std::optional<SideSummary>& side) {
  if (!side) return nlohmann::json();
  return nlohmann::json{{"median_us", side->median_us}, {"n", side->n}, {"spread_pct", side->spread_pct},
                        {"outliers", side->outliers}, {"clock_mhz", optional_json(side->clock_mhz)}};
}

nlohmann::json counters_json(const CounterDelta& delta) {
  nlohmann::json changes = nlohmann::json::array();
  for (const CounterChange& change : delta.changes) {
    const MetricInfo& info = metric_info(change.metric);
    changes.push_back({{"counter", info.name},
                       {"a", change.a},
                       {"b", change.b},
                       {"change", optional_json(change.change)},
                       {"change_unit", info.counter.fold == CounterFold::sum ? "%" : "points"},
                       {"beyond_noise", change.beyond_noise}});
  }
  return {{"a", counter_reads_json(delta.a_reads)},
          {"b", counter_reads_json(delta.b_reads)},
          {"a_mean", gpu_counters_json(delta.a)},
          {"b_mean", gpu_counters_json(delta.b)},
          {"same_process", delta.same_process},
          {"changes", changes},
          {"largest_stall_change",
           delta.largest_stall_change ? nlohmann::json{{"reason", spelling(delta.largest_stall_change->reason)},
                                                       {"points", delta.largest_stall_change->pct_of_active_warps}}
                                      : nlohmann::json()},
          {"why", delta.why}};
}

nlohmann::json metric_json(const MetricComparison& metric) {
  const MetricInfo& info = metric.info();
  auto value = [](const std::optional<MetricValue>& side) { return side ? nlohmann::json(side->value()) : nlohmann::json(); };
  auto reads = [](const std::optional<MetricValue>& side) { return side ? nlohmann::json(side->reads) : nlohmann::json::array(); };
  return {{"metric", info.name},
          {"unit", info.unit},
          {"better", spelling(info.better)},
          {"a", value(metric.a)},
          {"b", value(metric.b)},
          {"a_reads", reads(metric.a)},
          {"b_reads", reads(metric.b)},
          {"change_pct", optional_json(metric.change_pct)},
          {"ratio", metric.ratio_low && metric.ratio_high ? nlohmann::json{*metric.ratio_low, *metric.ratio_high} : nlohmann::json()},
          {"change", spelling(metric.change)}};
}

// A finding as its code, whether it made the verdict UNTRUSTED, and its numbers (finding.h).
nlohmann::json finding_json(const Finding& finding) {
  nlohmann::json json{{"code", spelling(finding.code)}, {"untrusted", finding.untrusted}};
  for (const auto& [name, value] : finding.fields) std::visit([&, &name = name](const auto& v) { json[std::string(spelling(name))] = v; }, value);
  return json;
}

nlohmann::json point_json_without_compile(const PointComparison& row) {
  nlohmann::json findings = nlohmann::json::array();
  for (const Finding& finding : row.findings) findings.push_back(finding_json(finding));
  nlohmann::json metrics = nlohmann::json::array();
  for (const MetricComparison& metric : row.metrics) metrics.push_back(metric_json(metric));
  const bool timed = row.a && row.b;
  return {{"point", row.id},
          {"a_us", timed ? nlohmann::json(row.a->median_us) : nlohmann::json()},
          {"b_us", timed ? nlohmann::json(row.b->median_us) : nlohmann::json()},
          {"a", side_json(row.a)},
          {"b", side_json(row.b)},
          {"speedup", timed ? nlohmann::json(row.speedup) : nlohmann::json()},
          {"ci95", timed ? nlohmann::json{row.speedup_low, row.speedup_high} : nlohmann::json()},
          {"verdict", spelling(row.verdict)},
          {"metric", spelling(row.metric())},
          {"instructions", row.instructions ? nlohmann::json{{"tool", row.instructions->tool},
                                                             {"a", row.instructions->a},
                                                             {"b", row.instructions->b},
                                                             {"change_pct", row.instructions->change_pct},
                                                             {"spread_pct", row.instructions->spread_pct},
                                                             {"verdict", spelling(row.instructions->verdict)}}
                                            : nlohmann::json()},
          {"timing_verdict", row.timing_verdict ? nlohmann::json(spelling(*row.timing_verdict)) : nlohmann::json()},
          {"metrics", metrics},
          {"identical_code", row.identical_code},
          {"note", row.note()},
          {"findings", findings},
          {"in_process_pair", row.in_process_pair},
          {"drift_pct", optional_json(row.drift_pct)},
          {"noise_floor_pct", optional_json(row.noise_floor_pct)},
          {"effective_threshold_pct", timed ? nlohmann::json(row.effective_threshold_pct) : nlohmann::json()},
          {"same_config", optional_json(row.same_config)},
          {"ir_changed", optional_json(row.ir_changed)},
          {"ir_delta", row.ir_delta ? ir_delta_json(*row.ir_delta) : nlohmann::json()},
          {"counters", row.counters ? counters_json(*row.counters) : nlohmann::json()},
          {"passes", row.passes ? explanation_json(*row.passes) : nlohmann::json()},
          {"same_output", optional_json(row.same_output)},
          {"library_config", row.library_config ? nlohmann::json(*row.library_config) : nlohmann::json()},
          {"library_pick_differs", optional_json(row.library_pick_differs)},
          {"a_config_source", spelling(row.a_config_source)},
          {"output_bits", row.output_bits ? nlohmann::json{{"identical", row.output_bits->identical},
                                                           {"max_abs", row.output_bits->max_abs},
                                                           {"max_rel", row.output_bits->max_rel},
                                                           {"differing", row.output_bits->differing},
                                                           {"a_self_max_abs", optional_json(row.output_bits->a_self_max_abs)}}
                                          : nlohmann::json()},
          {"retune", row.retune ? nlohmann::json{{"b_variant", row.retune->b_variant},
                                                 {"optimum_moved", row.retune->optimum_moved},
                                                 {"speedup", row.retune->speedup},
                                                 {"ci95", {row.retune->speedup_low, row.retune->speedup_high}},
                                                 {"verdict", spelling(row.retune->verdict)},
                                                 {"timing_verdict", spelling(row.retune->timing_verdict)},
                                                 {"identical_code", row.retune->identical_code}}
                                : nlohmann::json()},
          {"machine_ratio", optional_json(row.machine_ratio)},
          {"compile_ms", row.a_compile_ms && row.b_compile_ms ? nlohmann::json{*row.a_compile_ms, *row.b_compile_ms}
                                                              : nlohmann::json()},
          {"a_variant", row.a_variant},
          {"b_variant", row.b_variant}};
}

// Each side's compile by stage, where either has one (older runs and compilers without stages: absent).
nlohmann::json point_json(const PointComparison& row) {
  nlohmann::json json = point_json_without_compile(row);
  if (row.a_compile || row.b_compile)
    json["compile_profile"] = {row.a_compile ? compile_profile_json(*row.a_compile) : nlohmann::json(),
                               row.b_compile ? compile_profile_json(*row.b_compile) : nlohmann::json()};
  return json;
}

nlohmann::json decision_json(const InstructionDecision& decision) {
  return {{"instructions", {decision.a, decision.b}}, {"change_pct", decision.change_pct},
          {"verdict", spelling(decision.verdict)}};
}

nlohmann::json compile_stages_json(const OpCompileStages& op) {
  nlohmann::json stages = nlohmann::json::array();
  for (const StageComparison& stage : op.stages) {
    nlohmann::json json{{"stage", stage.stage},
                        {"ms", stage.a_ms && stage.b_ms ? nlohmann::json{*stage.a_ms, *stage.b_ms} : nlohmann::json()},
                        {"only_in", stage.only_in_a ? nlohmann::json("A") : stage.only_in_b ? nlohmann::json("B") : nlohmann::json()}};
    json["counted"] = stage.decision ? decision_json(*stage.decision) : nlohmann::json();
    stages.push_back(std::move(json));
  }
  return {{"op", op.op}, {"points", op.points}, {"counted_points", op.counted_points},
          {"total", op.total ? decision_json(*op.total) : nlohmann::json()}, {"stages", stages}};
}

}  // namespace

static nlohmann::json groups_json(const PointGroups& grouped) {
  nlohmann::json groups = nlohmann::json::array();
  for (const PointGroup& group : grouped.groups) {
    nlohmann::json verdicts = nlohmann::json::object();
    for (const auto& [verdict, count] : group.verdicts) verdicts[std::string(spelling(verdict))] = count;
    groups.push_back({{"key", group.key}, {"points", group.points}, {"trusted", group.trusted},
                      {"geomean_speedup", optional_json(group.geomean_speedup)}, {"verdicts", verdicts}});
  }
  return {{"by", spelling(grouped.by)}, {"groups", groups}};
}

nlohmann::json diff_json(const Comparison& report) {
  // A row is some 25 us of nlohmann objects: 0.27 s for 10,000 points, on every core instead.
  nlohmann::json rows = nlohmann::json::array();
  auto& row_list = rows.get_ref<nlohmann::json::array_t&>();
  row_list.resize(report.points.size());
  for_each_index(report.points.size(), [&](size_t i) { row_list[i] = point_json(report.points[i]); });
  nlohmann::json counts;
  for (const auto& [verdict, name] : Spellings<Verdict>::table) counts[std::string(name)] = report.count(verdict);
  nlohmann::json compile = nlohmann::json::array();
  for (const auto& op : report.compile_times)
    compile.push_back({{"op", op.op}, {"points", op.points}, {"geomean_ratio", op.geomean_ratio},
                       {"a_total_ms", op.a_total_ms}, {"b_total_ms", op.b_total_ms}});
  nlohmann::json stages_by_op = nlohmann::json::array();
  for (const OpCompileStages& op : report.compile_stages) stages_by_op.push_back(compile_stages_json(op));
  nlohmann::json warnings = nlohmann::json::array(), warning_codes = nlohmann::json::array();
  for (const auto& warning : report.warnings) {
    warnings.push_back(warning.text);
    warning_codes.push_back(spelling(warning.kind));
  }
  nlohmann::json json{{"schema", kDiffSchema}, {"a", report.a_dir}, {"b", report.b_dir}, {"threshold_pct", report.rule.threshold_pct},
          {"instruction_threshold_pct", report.rule.instruction_threshold_pct},
          {"decided_by_instructions", report.decided_by_instructions()},
          {"points", rows}, {"compile_time", compile},
          {"geomean_speedup", optional_json(report.geomean_speedup)},
          {"instruction_geomean_ratio", optional_json(report.instruction_geomean_ratio)},
          {"retuned_geomean_speedup", optional_json(report.retuned_geomean_speedup)},
          {"optimum_moved", report.optimum_moved()}, {"counts", counts}, {"warnings", warnings}, {"warning_codes", warning_codes},
          {"all_binaries_identical", report.all_binaries_identical}};
  if (!stages_by_op.empty()) json["compile_stages"] = stages_by_op;  // runs with compile profiles only
  if (report.groups) json["groups"] = groups_json(*report.groups);   // diff --group-by only
  if (report.explained() > 0)  // diff --passes only: where the points' code first differs, counted
    json["pass_table"] = pass_table_json(pass_table_of(report));
  return json;
}

void print_json(const Comparison& report, std::ostream& out) { out << diff_json(report).dump(2) << "\n"; }

namespace {

// One JSON document: with --ir, the IR diffs go inside it.
class JsonExporter : public Exporter {
 public:
  void write(const Comparison& report, const ExportOptions& options, std::ostream& out) const override {
    nlohmann::json json = diff_json(report);
    if (options.ir) json["ir_diffs"] = ir_diffs_json(report);
    out << json.dump(2) << "\n";
  }
};

}  // namespace

const Exporter& json_exporter() {
  static const JsonExporter exporter;
  return exporter;
}

}  // namespace abt
