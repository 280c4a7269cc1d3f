#include "compare/comparison.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <set>

#include "compare/ir_diff.h"
#include "model/point_metrics.h"
#include "util/files.h"
#include "util/parallel.h"
#include "util/piece_digest.h"
#include "stats/summary.h"
#include "warnings.h"

namespace abt {
namespace fs = std::filesystem;

int Comparison::count(Verdict verdict) const {
  int total = 0;
  for (const auto& point : points) total += point.verdict == verdict;
  return total;
}

int Comparison::optimum_moved() const {
  int total = 0;
  for (const auto& point : points) total += point.retune && point.retune->optimum_moved;
  return total;
}

std::string Comparison::instruction_tools() const {
  std::vector<std::string> tools;
  for (const auto& point : points)
    if (point.instructions && std::find(tools.begin(), tools.end(), point.instructions->tool) == tools.end())
      tools.push_back(point.instructions->tool);
  return fmt::format("{}", fmt::join(tools, ", "));
}

int Comparison::with_counters() const {
  int total = 0;
  for (const auto& point : points) total += point.counters.has_value();
  return total;
}

const MetricComparison* PointComparison::metric(MetricId id) const {
  for (const MetricComparison& row : metrics)
    if (row.metric == id) return &row;
  return nullptr;
}

std::vector<MetricId> Comparison::metrics_compared() const {
  std::vector<MetricId> ids;
  for (const MetricInfo& info : metric_rows())
    for (const auto& point : points)
      if (point.metric(info.id)) {
        ids.push_back(info.id);
        break;
      }
  return ids;
}

int Comparison::explained() const {
  int total = 0;
  for (const auto& point : points) total += point.passes.has_value();
  return total;
}

bool PointComparison::has_shown_code() const {
  return std::any_of(findings.begin(), findings.end(), [](const Finding& finding) { return finding_code_shown(finding.code); });
}

int Comparison::decided_by_instructions() const {
  int total = 0;
  for (const auto& point : points) total += point.metric() == Metric::instructions;
  return total;
}

int Comparison::retuned() const {
  int total = 0;
  for (const auto& point : points) total += point.retune.has_value();
  return total;
}

namespace {

// The IR files of one side, by kind (compare/ir_diff.h, ir_kind); files that are gone, have no
// kind, or lie behind a link are left out.
std::map<std::string, std::string> ir_texts(const RunData& run, const std::vector<std::string>& files) {
  std::map<std::string, std::string> texts;
  for (const auto& file : files)
    if (auto kind = ir_kind(file))
      if (auto text = read_file_within(run.layout.dir(), file)) texts[*kind] = *text;
  return texts;
}

// IR deltas of the runs being compared: a run's points share their variants' code (a CUDA
// kernel's IR is the same at every shape), so each pair of texts is normalised and counted once,
// and each list of files is read once.
class IrDeltaMemo {
 public:
  IrDeltaMemo(const RunData& a, const RunData& b) : a_(a), b_(b) {}

  std::optional<IrDelta> delta(const std::vector<std::string>& a_files, const std::vector<std::string>& b_files) {
    std::string files_key;
    for (const auto* files : {&a_files, &b_files}) {
      for (const auto& file : *files) files_key += file + "\n";
      files_key += "|";
    }
    {
      std::lock_guard lock(mutex_);
      if (auto known = by_files_.find(files_key); known != by_files_.end()) return known->second;
    }
    const auto a_texts = ir_texts(a_, a_files), b_texts = ir_texts(b_, b_files);
    std::string texts_key;
    for (const auto* side : {&a_texts, &b_texts})
      for (const auto& [kind, text] : *side) texts_key += kind + ":" + std::to_string(std::hash<std::string>{}(text)) + ";";
    {
      std::lock_guard lock(mutex_);
      if (auto known = by_texts_.find(texts_key); known != by_texts_.end()) return by_files_[files_key] = known->second;
    }
    std::optional<IrDelta> computed = ir_delta(a_texts, b_texts);
    std::lock_guard lock(mutex_);
    by_texts_.emplace(texts_key, computed);
    by_files_.emplace(files_key, computed);
    return computed;
  }

 private:
  const RunData &a_, &b_;
  std::mutex mutex_;
  std::map<std::string, std::optional<IrDelta>> by_texts_, by_files_;
};

// `stats`: the record's summary of `measurement`'s samples (rundir derives it as it reads them).
SideSummary summary_of(const Measurement& measurement, const SampleSummary& stats) {
  SideSummary side;
  side.median_us = stats.median;
  side.n = stats.n;
  const double iqr = stats.q3 - stats.q1;
  side.spread_pct = stats.median > 0 ? 100.0 * iqr / stats.median : 0;
  side.outliers = stats.n >= 4 && stats.max > stats.q3 + 3 * iqr && stats.max > 1.2 * stats.q3;
  if (!measurement.round_clock_mhz.empty()) side.clock_mhz = median_of(measurement.round_clock_mhz);
  return side;
}

// Best vs best: A's code at A's best config (measured beside B's when interleaved) against B's
// code at B's own best, decided by the same rule as the pinned pair. `a_binary`: the hash of A's
// best as measured; the same binary as B's best is SAME.
RetuneComparison compare_retuned(const Measurement& a_best, const std::string& a_binary, const Config& a_config,
                                 const PointRecord& pb, const VerdictRule& rule) {
  const Retuned& own = *pb.retuned;
  RetuneComparison retune;
  retune.b_variant = own.variant;
  retune.optimum_moved = !own.same_as_pinned;
  const Measurement& b_best = own.same_as_pinned ? pb.measurement : own.measurement;
  const Decision decision =
      decide({a_best.samples_us, a_best.round_sizes}, {b_best.samples_us, b_best.round_sizes}, rule);
  retune.speedup = decision.speedup.ratio;
  retune.speedup_low = decision.speedup.low;
  retune.speedup_high = decision.speedup.high;
  retune.timing_verdict = decision.verdict;
  const std::string& b_binary = own.same_as_pinned ? pb.binary_hash : own.binary_hash;
  // Each side's own best may be a different config with the same code (-D flags that select the
  // same path). Host code takes its config only through the binary; a GPU config also sets the
  // launch (grid, block, warps), so there the configs must match too.
  const bool same_launch = own.config == a_config || (a_best.method == TimingMethod::host && b_best.method == TimingMethod::host);
  retune.identical_code = same_launch && !a_binary.empty() && a_binary == b_binary;
  retune.verdict = retune.identical_code ? Verdict::same : decision.verdict;
  return retune;
}

// Two replays of one record, A and B: each point's own time as its run measured it, A's scaled by
// how much faster or slower the control (the record's code, in each run's process) ran in B than in
// A, so that what the machine did between the two runs cancels; compared as two processes are.
// Each side's other figures (instructions, code, metrics) are its own run's. nullopt: a point
// without both controls, compared as it is.
std::optional<PointRecord> over_controls(const PointRecord& a, const PointRecord& b) {
  if (!a.baseline || !b.baseline || a.baseline->latency.median <= 0 || b.baseline->latency.median <= 0) return std::nullopt;
  const double scale = b.baseline->latency.median / a.baseline->latency.median;
  PointRecord scaled = a;
  scaled.baseline.reset();
  for (double& sample : scaled.measurement.samples_us) sample *= scale;
  for (double* figure : {&scaled.latency.median, &scaled.latency.min, &scaled.latency.max, &scaled.latency.q1, &scaled.latency.q3,
                         &scaled.latency.mean, &scaled.latency.stddev})
    *figure *= scale;
  return scaled;
}

PointComparison compare_point(const RunData& a, const RunData& b, const std::string& id, const JudgingRule& rule,
                              IrDeltaMemo& ir_memo, bool siblings) {
  PointComparison row;
  row.id = id;
  row.op = id.substr(0, id.find('/'));
  const PointRecord* pa = a.find(id);
  const PointRecord* pb = b.find(id);
  std::optional<PointRecord> a_scaled, b_alone;
  if (siblings && pa && pb && pa->success && pb->success && (a_scaled = over_controls(*pa, *pb))) {
    b_alone = *pb;
    b_alone->baseline.reset();  // its control scaled A: B is compared as itself
    b_alone->output_vs_baseline.reset();
    pa = &*a_scaled;
    pb = &*b_alone;
  }
  if (!pa || !pb) {
    row.verdict = Verdict::missing;
    row.findings.push_back({FindingCode::missing, {{FindingField::in_, std::string(!pa ? (!pb ? "A and B" : "A") : "B")}}});
    return row;
  }
  row.a_variant = pa->variant;
  row.b_variant = pb->variant;
  row.a_compile_ms = pa->compile_ms;
  row.b_compile_ms = pb->compile_ms;
  row.a_compile = pa->compile_profile;
  row.b_compile = pb->compile_profile;
  row.a_ir = pa->ir_files;
  row.b_ir = pb->ir_files;
  row.roofline = pb->roofline;
  row.same_config = pa->config == pb->config;
  row.a_config = config_text(pa->config);
  row.a_config_source = pa->config_source;
  if (pa->library_config) {
    row.library_config = pa->library_config;
    // results.json keeps a config's assignments by name: compared as sets, A's shown in the library's order.
    Config library;
    for (size_t start = 0; start < pa->library_config->size();) {
      size_t end = pa->library_config->find(' ', start);
      if (end == std::string::npos) end = pa->library_config->size();
      const std::string word = pa->library_config->substr(start, end - start);
      const size_t equals = word.find('=');
      if (equals != std::string::npos) library.emplace_back(word.substr(0, equals), word.substr(equals + 1));
      start = end + 1;
    }
    Config sorted_library = library, sorted_a = pa->config;
    std::sort(sorted_library.begin(), sorted_library.end());
    std::sort(sorted_a.begin(), sorted_a.end());
    if (pa->success) row.library_pick_differs = sorted_library != sorted_a;
    if (sorted_library.size() == sorted_a.size()) {
      Config ordered;
      for (const auto& [name, value] : library)
        for (const auto& entry : pa->config)
          if (entry.first == name) ordered.push_back(entry);
      if (ordered.size() == pa->config.size()) row.a_config = config_text(ordered);
    }
  }
  if (!pa->output_digest.empty() && !pb->output_digest.empty() && same_digest_scheme(pa->output_digest, pb->output_digest))
    row.same_output = pa->output_digest == pb->output_digest;
  if (pb->output_vs_baseline) {  // A's code ran on B's inputs here: bit for bit, with the size of the change
    row.output_bits = pb->output_vs_baseline;
    row.same_output = pb->output_vs_baseline->identical;
  }
  row.ir_delta = ir_memo.delta(row.a_ir, row.b_ir);
  if (row.ir_delta) row.ir_changed = row.ir_delta->changed;

  if (!pa->success || !pb->success) {
    row.verdict = Verdict::failed;
    for (const auto& [side, point] : {std::pair{"A", pa}, std::pair{"B", pb}})
      if (!point->success) row.findings.push_back({FindingCode::failed, {{FindingField::side, std::string(side)}, {FindingField::error, point->error}}});
    return row;
  }
  // An interleaved replay measured A's code beside B's: that pair decides, free of whatever
  // differs between two processes. A's record then only tells how far A's code drifted.
  row.in_process_pair = pb->baseline.has_value();
  const Measurement& a_measured = row.in_process_pair ? pb->baseline->measurement : pa->measurement;
  const SampleSummary& a_summary = row.in_process_pair ? pb->baseline->latency : pa->latency;
  row.a = summary_of(a_measured, a_summary);
  row.b = summary_of(pb->measurement, pb->latency);
  row.a_samples = a_measured.samples_us;
  row.b_samples = pb->measurement.samples_us;

  Judgement judgement =
      judge_point({*pa, *pb, row.in_process_pair, a_measured, a_summary}, rule);
  row.speedup = judgement.decision.speedup.ratio;
  row.speedup_low = judgement.decision.speedup.low;
  row.speedup_high = judgement.decision.speedup.high;
  row.noise_floor_pct = judgement.decision.noise_floor_pct;
  row.effective_threshold_pct = judgement.decision.effective_threshold_pct;
  row.drift_pct = judgement.drift_pct;
  row.machine_ratio = judgement.machine_ratio;
  row.verdict = judgement.verdict;
  row.timing_verdict = judgement.timing_verdict;
  row.instructions = judgement.instructions;
  row.identical_code = judgement.identical_code;
  row.findings = std::move(judgement.findings);
  // The why: A's code's counters read beside B's in B's process where the replay read both, else
  // A's record's against B's.
  const std::optional<CounterReads>& a_counters = row.in_process_pair && pb->baseline->counters ? pb->baseline->counters : pa->counters;
  if (a_counters && pb->counters)
    row.counters = counter_delta(*a_counters, *pb->counters, row.in_process_pair && pb->baseline->counters.has_value());
  // Every metric, A's code's where B's process measured it (in-process pair), else A's record's.
  MetricValues a_metrics = metrics_of(*pa);
  if (row.in_process_pair) {
    const MetricValues in_b_process = metrics_of(*pb->baseline);
    for (const MetricValue& value : in_b_process.all()) a_metrics.set(value.metric, value.reads);
  }
  row.metrics = compare_metrics(a_metrics, metrics_of(*pb),
                                {judgement.timing_verdict, judgement.decision.speedup, judgement.instructions}, rule);
  if (pb->retuned && judgement.premise_holds) {
    const std::string& a_binary = row.in_process_pair ? pb->baseline->binary_hash : pa->binary_hash;
    row.retune = compare_retuned(a_measured, a_binary, pa->config, *pb,
                                 rule.for_pair(row.in_process_pair));
  }
  return row;
}

void add_compile_times(Comparison& report) {
  std::map<std::string, std::pair<OpCompileTime, double>> per_op;  // op -> (totals, sum of log ratios)
  std::vector<const PointComparison*> compared;
  for (const auto& row : report.points) {
    if (!row.a_compile_ms || !row.b_compile_ms || *row.a_compile_ms <= 0 || *row.b_compile_ms <= 0) continue;
    auto& [op, log_sum] = per_op[row.op];
    op.op = row.op;
    ++op.points;
    op.a_total_ms += *row.a_compile_ms;
    op.b_total_ms += *row.b_compile_ms;
    log_sum += std::log(*row.b_compile_ms / *row.a_compile_ms);
    compared.push_back(&row);
  }
  for (auto& [name, entry] : per_op) {
    entry.first.geomean_ratio = std::exp(entry.second / entry.first.points);
    report.compile_times.push_back(entry.first);
  }
  auto ratio = [](const PointComparison* row) { return *row->b_compile_ms / *row->a_compile_ms; };
  std::stable_sort(compared.begin(), compared.end(),
                   [&](const PointComparison* x, const PointComparison* y) { return ratio(x) > ratio(y); });
  for (const PointComparison* row : compared)
    if (ratio(row) > 1 && report.slowest_compiles.size() < 3) report.slowest_compiles.push_back(row);
  for (auto row = compared.rbegin(); row != compared.rend(); ++row)
    if (ratio(*row) < 1 && report.fastest_compiles.size() < 3) report.fastest_compiles.push_back(*row);
}

std::vector<std::string> ordered_ids(const RunData& a, const RunData& b) {
  std::vector<std::string> ids;
  std::set<std::string> seen;
  auto add = [&](const std::string& id) { if (seen.insert(id).second) ids.push_back(id); };
  for (const RunData* run : {&a, &b}) {
    for (const auto& id : run->results.planned) add(id);
    for (const auto& point : run->results.points) add(point.id());
  }
  return ids;
}

RunSummary summary_of_run(const RunData& run) {
  RunSummary summary{run.layout.dir().string(), run.meta, {}, {}};
  for (const auto& point : run.results.points) {
    for (const auto& marker : point.markers) ++summary.marker_counts[std::string(spelling(marker.kind))];
    summary.round_clocks_mhz.insert(summary.round_clocks_mhz.end(), point.measurement.round_clock_mhz.begin(),
                                    point.measurement.round_clock_mhz.end());
  }
  return summary;
}

}  // namespace

bool replays_of_one_record(const RunData& a, const RunData& b) {
  return a.meta.mode == RunMode::replay && b.meta.mode == RunMode::replay && !a.meta.replay_from_run_id.empty() &&
         a.meta.replay_from_run_id == b.meta.replay_from_run_id && a.meta.run_id != b.meta.run_id;
}

std::optional<double> PointComparison::trusted_speedup() const {
  const Verdict time = time_verdict();
  if ((time == Verdict::faster || time == Verdict::slower || time == Verdict::same || time == Verdict::ambiguous) && speedup > 0)
    return speedup;
  return std::nullopt;
}

std::optional<double> PointComparison::instruction_ratio() const {
  if (instructions && instructions->a > 0 && instructions->b > 0) return double(instructions->b) / double(instructions->a);
  return std::nullopt;
}

void summarize_geomeans(Comparison& report) {
  report.time_trusted = 0;
  report.geomean_speedup = report.instruction_geomean_ratio = report.retuned_geomean_speedup = std::nullopt;
  double log_sum = 0, count_log_sum = 0;
  int counted = 0;
  for (const auto& row : report.points) {
    if (const auto speedup = row.trusted_speedup()) {
      log_sum += std::log(*speedup);
      ++report.time_trusted;
    }
    if (const auto ratio = row.instruction_ratio()) {
      count_log_sum += std::log(*ratio);
      ++counted;
    }
  }
  if (report.time_trusted) report.geomean_speedup = std::exp(log_sum / report.time_trusted);
  if (counted) report.instruction_geomean_ratio = std::exp(count_log_sum / counted);
  double retuned_log_sum = 0;
  int retuned = 0;
  for (const auto& row : report.points) {
    if (!row.retune || row.verdict == Verdict::untrusted || row.verdict == Verdict::failed || row.verdict == Verdict::missing)
      continue;
    retuned_log_sum += std::log(row.retune->speedup);
    ++retuned;
  }
  if (retuned) report.retuned_geomean_speedup = std::exp(retuned_log_sum / retuned);
}

Comparison compare_runs(const RunData& a, const RunData& b, const JudgingRule& rule) {
  Comparison report;
  report.a_dir = a.layout.dir().string();
  report.b_dir = b.layout.dir().string();
  report.rule = rule;
  // Points are independent and each bootstrap has its own seed: compared on every core, the
  // report is the same as compared one by one.
  const std::vector<std::string> ids = ordered_ids(a, b);
  report.points.resize(ids.size());
  IrDeltaMemo ir_memo(a, b);
  const bool siblings = replays_of_one_record(a, b);
  for_each_index(ids.size(), [&](size_t i) {
    report.points[i] = compare_point(a, b, ids[i], rule, ir_memo, siblings);
  });

  summarize_geomeans(report);
  add_compile_times(report);
  if (!report.compile_times.empty() && a.meta.mode != b.meta.mode)
    report.compile_times_unlike = fmt::format("not compiled alike (A a {}, B a {}: a record compiles a sweep's candidates "
                                              "at once, a replay one variant a point)",
                                              spelling(a.meta.mode), spelling(b.meta.mode));
  report.compile_stages = compare_compile_stages(report.points, rule.instruction_threshold_pct);
  add_warnings(a, b, report);
  report.a_run = summary_of_run(a);
  report.b_run = summary_of_run(b);
  return report;
}

Gate gate_of(const Comparison& report) {
  Gate gate;
  for (const auto& row : report.points) {
    if (row.verdict == Verdict::slower) gate.regressions.push_back(&row);
    if (row.verdict == Verdict::missing || row.verdict == Verdict::failed || row.verdict == Verdict::untrusted)
      gate.incomplete.push_back(&row);
    if (row.verdict == Verdict::ambiguous) gate.undecided.push_back(&row);
  }
  if (!gate.regressions.empty()) gate.outcome = GateOutcome::bad;
  else if (!gate.incomplete.empty() || !gate.undecided.empty()) gate.outcome = GateOutcome::cannot_tell;
  return gate;
}

}  // namespace abt
