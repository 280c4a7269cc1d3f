#include "compare/comparison.h"

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <mutex>
#include <set>

#include "util/files.h"
#include "util/parallel.h"
#include "util/statistics.h"

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

int Comparison::retuned() const {
  int total = 0;
  for (const auto& point : points) total += point.retune.has_value();
  return total;
}

namespace {

std::string extension_of(const std::string& path) { return fs::path(path).extension().string(); }

// The IR files of one side, by kind (extension without the dot); files that are gone are left out.
std::map<std::string, std::string> ir_texts(const RunData& run, const std::vector<std::string>& files) {
  std::map<std::string, std::string> texts;
  for (const auto& file : files)
    if (auto text = read_file_if_present(run.layout.dir() / file)) texts[extension_of(file).substr(1)] = *text;
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

RoundedSamples rounded(const Measurement& measurement) {
  return RoundedSamples{measurement.samples_us, measurement.round_sizes};
}

// With the median the record already holds (`summary` is of measurement's samples).
RoundedSamples rounded(const Measurement& measurement, const SampleSummary& summary) {
  return RoundedSamples{measurement.samples_us, measurement.round_sizes, summary.median};
}

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

std::optional<double> machine_probe_median(const PointRecord& point) {
  if (point.measurement.probe_us.empty()) return std::nullopt;
  return median_of(point.measurement.probe_us);
}

// Markers that break the premise of a comparison: the same config, one method, a clean machine.
std::vector<std::string> distrust_of(const PointRecord& pa, const PointRecord& pb, const Measurement& a_measured,
                                     bool same_config) {
  std::vector<std::string> distrust;
  if (pa.has_marker(MarkerKind::autotune_replay_fallback) || pb.has_marker(MarkerKind::autotune_replay_fallback))
    distrust.push_back("replay fell back to a sweep");
  if (!same_config) distrust.push_back("configs differ");
  if (a_measured.method != pb.measurement.method)
    distrust.push_back(fmt::format("timing methods differ ({} vs {})", spelling(a_measured.method),
                                   spelling(pb.measurement.method)));
  for (MarkerKind kind : {MarkerKind::gpu_busy, MarkerKind::clock_throttled})
    for (const PointRecord* side : {&pa, &pb})
      if (side->has_marker(kind))
        distrust.push_back(fmt::format("{} in {}", spelling(kind), side == &pa ? "A" : "B"));
  return distrust;
}

std::string join(const std::vector<std::string>& parts) { return fmt::format("{}", fmt::join(parts, "; ")); }

// Best vs best: A's code at A's best config (measured beside B's when interleaved) against B's
// code at B's own best, decided by the same rule as the pinned pair.
// `a_binary`: the hash of A's best as measured; the same binary as B's best is SAME.
RetuneComparison compare_retuned(const Measurement& a_best, const std::string& a_binary, const Config& a_config,
                                 const PointRecord& pb, const VerdictRule& rule) {
  const Retuned& own = *pb.retuned;
  RetuneComparison retune;
  retune.b_variant = own.variant;
  retune.optimum_moved = !own.same_as_pinned;
  const Measurement& b_best = own.same_as_pinned ? pb.measurement : own.measurement;
  Decision decision = decide(rounded(a_best), rounded(b_best), rule);
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

PointComparison compare_point(const RunData& a, const RunData& b, const std::string& id, double threshold,
                              bool exhaustive_bootstrap, IrDeltaMemo& ir_memo) {
  PointComparison row;
  row.id = id;
  const PointRecord* pa = a.find(id);
  const PointRecord* pb = b.find(id);
  if (!pa || !pb) {
    row.verdict = Verdict::missing;
    row.note = !pa ? (!pb ? "missing in A and B" : "missing in A") : "missing in B";
    return row;
  }
  row.a_variant = pa->variant;
  row.b_variant = pb->variant;
  row.a_compile_ms = pa->compile_ms;
  row.b_compile_ms = pb->compile_ms;
  row.a_ir = pa->ir_files;
  row.b_ir = pb->ir_files;
  row.same_config = pa->config == pb->config;
  if (!pa->output_digest.empty() && !pb->output_digest.empty()) row.same_output = pa->output_digest == pb->output_digest;
  if (pb->output_vs_baseline) {  // A's code ran on B's inputs here: bit for bit, with the size of the change
    row.output_bits = pb->output_vs_baseline;
    row.same_output = pb->output_vs_baseline->identical;
  }
  row.ir_delta = ir_memo.delta(row.a_ir, row.b_ir);
  if (row.ir_delta) row.ir_changed = row.ir_delta->changed;

  if (!pa->success || !pb->success) {
    row.verdict = Verdict::failed;
    std::vector<std::string> why;
    if (!pa->success) why.push_back("A: " + pa->error);
    if (!pb->success) why.push_back("B: " + pb->error);
    row.note = join(why);
    return row;
  }
  // An interleaved replay measured A's code beside B's: that pair decides, free of whatever
  // differs between two processes. A's record then only tells how far A's code drifted.
  row.in_process_pair = pb->baseline.has_value();
  const Measurement& a_measured = row.in_process_pair ? pb->baseline->measurement : pa->measurement;
  const SampleSummary& a_summary = row.in_process_pair ? pb->baseline->latency : pa->latency;
  row.a = summary_of(a_measured, a_summary);
  row.b = summary_of(pb->measurement, pb->latency);
  if (row.in_process_pair) row.drift_pct = 100.0 * (row.a->median_us / pa->latency.median - 1.0);

  VerdictRule rule{threshold};
  rule.pairing = row.in_process_pair ? Pairing::by_round : Pairing::independent;
  if (exhaustive_bootstrap) {
    rule.early_stop = false;
    rule.within = WithinRounds::simulated;
  }
  Decision decision = decide(rounded(a_measured, a_summary), rounded(pb->measurement, pb->latency), rule);
  row.speedup = decision.speedup.ratio;
  row.speedup_low = decision.speedup.low;
  row.speedup_high = decision.speedup.high;
  row.noise_floor_pct = decision.noise_floor_pct;
  row.effective_threshold_pct = decision.effective_threshold_pct;

  // The same binary at the same config on both sides is the same code: SAME, whatever the
  // timing says (LNT's rule). The timing's verdict is kept beside it.
  const std::string& a_binary = row.in_process_pair ? pb->baseline->binary_hash : pa->binary_hash;
  row.identical_code = *row.same_config && !a_binary.empty() && a_binary == pb->binary_hash;
  auto conclude = [&row](std::vector<std::string> notes) {
    row.timing_verdict = row.verdict;
    if (row.identical_code) {
      row.verdict = Verdict::same;
      notes.insert(notes.begin(), row.timing_verdict == Verdict::same
                                      ? std::string("identical code")
                                      : fmt::format("identical code (the timing alone said {})", spelling(*row.timing_verdict)));
    }
    row.note = join(notes);
  };

  std::vector<std::string> distrust = distrust_of(*pa, *pb, a_measured, *row.same_config);
  if (!distrust.empty()) {
    row.verdict = Verdict::untrusted;
    conclude(distrust);
    return row;
  }
  row.verdict = decision.verdict;
  std::vector<std::string> notes;
  if (!decision.why.empty()) notes.push_back(decision.why);
  const bool claimed = row.verdict == Verdict::faster || row.verdict == Verdict::slower;
  const double effect_pct = 100.0 * std::fabs(row.speedup - 1.0);

  // A claimed change must also hold in SM cycles, so a clock difference cannot make it.
  auto cycles = [](const Measurement& side) {
    return side.round_clock_mhz.empty() ? RoundedSamples{} : in_cycles(rounded(side), side.round_clock_mhz);
  };
  RoundedSamples a_cycles = claimed ? cycles(a_measured) : RoundedSamples{};
  RoundedSamples b_cycles = claimed ? cycles(pb->measurement) : RoundedSamples{};
  if (claimed && !a_cycles.samples.empty() && !b_cycles.samples.empty() &&
      decide(a_cycles, b_cycles, rule).verdict != row.verdict) {
    row.verdict = Verdict::untrusted;
    notes.push_back(fmt::format("not a change in SM cycles: the clock differed ({:.0f} vs {:.0f} MHz)",
                                row.a->clock_mhz.value_or(0), row.b->clock_mhz.value_or(0)));
  }
  // Drift is A's code now against A's record: the pair decides, whatever offset two processes
  // have (seen up to 6%, bench/RESULTS.md). A drift beyond kMachineSpeedTolerance is another
  // machine state, though (a clock, a driver): then a smaller change is not claimed.
  if (row.drift_pct && claimed && std::fabs(*row.drift_pct) > 100 * kMachineSpeedTolerance &&
      std::fabs(*row.drift_pct) > effect_pct) {
    row.verdict = Verdict::untrusted;
    notes.push_back(fmt::format("A's code drifted {:+.1f}% since its record: another machine state, and more than the "
                                "{:.1f}% change",
                                *row.drift_pct, effect_pct));
  }

  // Two processes: if B's machine ran slower by m (the probe), B's times are inflated by m: the
  // speedup the compiler alone would give is speedup * m. A verdict stands only if it also holds then.
  auto a_probe = machine_probe_median(*pa), b_probe = machine_probe_median(*pb);
  if (!row.in_process_pair && a_probe && b_probe) {
    double m = *b_probe / *a_probe;
    row.machine_ratio = m;
    if (std::fabs(m - 1) > kMachineSpeedTolerance) {
      RoundedSamples scaled = rounded(pb->measurement);
      for (double& sample : scaled.samples) sample /= m;
      Verdict corrected = decide(rounded(a_measured), scaled, rule).verdict;
      std::string probe = fmt::format("machine speed differed: probe {:+.0f}% in B", (m - 1) * 100);
      // Only a claimed change can be explained away; SAME stays SAME, with the note.
      if ((row.verdict == Verdict::faster || row.verdict == Verdict::slower) && corrected != row.verdict) {
        row.verdict = Verdict::untrusted;
        notes.push_back(probe + ", which could explain the difference");
      } else {
        notes.push_back(probe);
      }
    }
  }
  for (const auto& [side, summary] : {std::pair{"A", &*row.a}, std::pair{"B", &*row.b}})
    if (summary->outliers) notes.push_back(fmt::format("outliers in {}", side));
  if (pb->retuned) row.retune = compare_retuned(a_measured, a_binary, pa->config, *pb, rule);
  conclude(notes);
  return row;
}

void add_compile_times(Comparison& report) {
  std::map<std::string, std::pair<OpCompileTime, double>> per_op;  // op -> (totals, sum of log ratios)
  std::vector<const PointComparison*> compared;
  for (const auto& row : report.points) {
    if (!row.a_compile_ms || !row.b_compile_ms || *row.a_compile_ms <= 0 || *row.b_compile_ms <= 0) continue;
    auto& [op, log_sum] = per_op[row.id.substr(0, row.id.find('/'))];
    op.op = row.id.substr(0, row.id.find('/'));
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
  std::stable_sort(compared.begin(), compared.end(), [](const PointComparison* x, const PointComparison* y) {
    return *x->b_compile_ms / *x->a_compile_ms > *y->b_compile_ms / *y->a_compile_ms;
  });
  compared.resize(std::min<size_t>(compared.size(), 3));
  report.slowest_compiles = compared;
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

void add_warnings(const RunData& a, const RunData& b, Comparison& report) {
  const auto& a_planned = a.results.planned;
  const auto& b_planned = b.results.planned;
  std::set<std::string> a_ids(a_planned.begin(), a_planned.end()), b_ids(b_planned.begin(), b_planned.end());
  if (a_ids != b_ids) {
    int only_a = 0, only_b = 0;
    for (const auto& id : a_ids) only_a += !b_ids.count(id);
    for (const auto& id : b_ids) only_b += !a_ids.count(id);
    report.warnings.push_back(fmt::format("the runs planned different points: {} only in A, {} only in B", only_a, only_b));
  }
  int input_mismatch = 0, compared = 0, identical = 0;
  for (const auto& pa : a.results.points) {
    const PointRecord* pb = b.find(pa.id());
    if (!pb) continue;
    input_mismatch += pa.input_digest != pb->input_digest;
    if (pa.binary_hash.empty() || pb->binary_hash.empty()) continue;
    ++compared;
    identical += pa.binary_hash == pb->binary_hash;
  }
  if (input_mismatch)
    report.warnings.push_back(fmt::format("inputs differ between A and B at {} point(s) (seed or generator changed)", input_mismatch));
  if (a.meta.timing != b.meta.timing) {
    auto text = [](const TimingRecord& timing) {
      return fmt::format("--timer {} --warmup-ms {} --rep-ms {} --rounds {}{}", spelling(timing.timer), timing.warmup_ms,
                         timing.rep_ms, timing.rounds,
                         timing.test_graph_fault ? fmt::format(" --test-graph-fault {}", spelling(*timing.test_graph_fault)) : "");
    };
    report.warnings.push_back(fmt::format("timer settings differ: A {} vs B {}", text(a.meta.timing), text(b.meta.timing)));
  }
  if (!a.results.complete) report.warnings.push_back("run A did not finish; its missing points are reported as MISSING");
  if (!b.results.complete) report.warnings.push_back("run B did not finish; its missing points are reported as MISSING");
  const fs::path a_dir = fs::weakly_canonical(a.layout.dir()), b_dir = fs::weakly_canonical(b.layout.dir());
  if (a_dir == b_dir) report.warnings.push_back("A and B are the same run directory: every point is compared with itself");
  const bool reversed = a.meta.mode == RunMode::replay && fs::weakly_canonical(a.meta.replay_from.value_or("")) == b_dir;
  if (reversed)
    report.warnings.push_back("A is a replay of B: the order is reversed, so every speedup is inverted (diff RECORD REPLAY)");
  if (!reversed && b.meta.mode == RunMode::replay && fs::weakly_canonical(b.meta.replay_from.value_or("")) != a_dir)
    report.warnings.push_back("B is not a replay of A (it replays " + b.meta.replay_from.value_or("").string() + ")");

  int changed_speed = 0, explained = 0;
  for (const auto& row : report.points) {
    bool changed = row.machine_ratio && std::fabs(*row.machine_ratio - 1) > kMachineSpeedTolerance;
    changed_speed += changed;
    explained += changed && row.verdict == Verdict::untrusted;
  }
  if (changed_speed)
    report.warnings.push_back(fmt::format(
        "the machine ran at a different speed in A and B at {} point(s) (a fixed probe loop differed by more than "
        "{:.0f}%: a shared or throttled machine); {} of them are UNTRUSTED because that could explain the result",
        changed_speed, kMachineSpeedTolerance * 100, explained));

  report.all_binaries_identical = compared > 0 && identical == compared;
  if (report.all_binaries_identical)
    report.warnings.insert(report.warnings.begin(),
                           fmt::format("EVERY measured binary of B is byte-identical to A's ({} of {}): the compared "
                                       "axis had no effect on the code, so any timing difference is noise",
                                       identical, compared));
}

}  // namespace

Comparison compare_runs(const RunData& a, const RunData& b, double threshold_pct, bool exhaustive_bootstrap) {
  Comparison report;
  report.a_dir = a.layout.dir().string();
  report.b_dir = b.layout.dir().string();
  report.threshold_pct = threshold_pct;
  // Points are independent and each bootstrap has its own seed: compared on every core, the
  // report is the same as compared one by one.
  const std::vector<std::string> ids = ordered_ids(a, b);
  report.points.resize(ids.size());
  IrDeltaMemo ir_memo(a, b);
  for_each_index(ids.size(), [&](size_t i) { report.points[i] = compare_point(a, b, ids[i], threshold_pct, exhaustive_bootstrap, ir_memo); });

  double log_sum = 0;
  int trusted = 0;
  for (const auto& row : report.points) {
    if (row.verdict == Verdict::faster || row.verdict == Verdict::slower || row.verdict == Verdict::same ||
        row.verdict == Verdict::ambiguous) {
      log_sum += std::log(row.speedup);
      ++trusted;
    }
  }
  if (trusted) report.geomean_speedup = std::exp(log_sum / trusted);
  double retuned_log_sum = 0;
  int retuned = 0;
  for (const auto& row : report.points) {
    if (!row.retune || row.verdict == Verdict::untrusted || row.verdict == Verdict::failed || row.verdict == Verdict::missing)
      continue;
    retuned_log_sum += std::log(row.retune->speedup);
    ++retuned;
  }
  if (retuned) report.retuned_geomean_speedup = std::exp(retuned_log_sum / retuned);
  add_compile_times(report);
  add_warnings(a, b, report);
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

nlohmann::json point_json(const PointComparison& row) {
  const bool timed = row.a && row.b;
  return {{"point", row.id},
          {"a_us", timed ? nlohmann::json(row.a->median_us) : nlohmann::json()},
          {"b_us", timed ? nlohmann::json(row.b->median_us) : nlohmann::json()},
          {"a", side_json(row.a)},
          {"b", side_json(row.b)},
          {"speedup", timed ? nlohmann::json(row.speedup) : nlohmann::json()},
          {"ci95", timed ? nlohmann::json{row.speedup_low, row.speedup_high} : nlohmann::json()},
          {"verdict", spelling(row.verdict)},
          {"timing_verdict", row.timing_verdict ? nlohmann::json(spelling(*row.timing_verdict)) : nlohmann::json()},
          {"identical_code", row.identical_code},
          {"note", row.note},
          {"in_process_pair", row.in_process_pair},
          {"drift_pct", optional_json(row.drift_pct)},
          {"noise_floor_pct", optional_json(row.noise_floor_pct)},
          {"effective_threshold_pct", timed ? nlohmann::json(row.effective_threshold_pct) : nlohmann::json()},
          {"same_config", optional_json(row.same_config)},
          {"ir_changed", optional_json(row.ir_changed)},
          {"ir_delta", row.ir_delta ? ir_delta_json(*row.ir_delta) : nlohmann::json()},
          {"same_output", optional_json(row.same_output)},
          {"output_bits", row.output_bits ? nlohmann::json{{"identical", row.output_bits->identical},
                                                           {"max_abs", row.output_bits->max_abs},
                                                           {"max_rel", row.output_bits->max_rel},
                                                           {"differing", row.output_bits->differing}}
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

}  // namespace

nlohmann::json Comparison::to_json() const {
  // A row is some 25 us of nlohmann objects: 0.27 s for 10,000 points, on every core instead.
  nlohmann::json rows = nlohmann::json::array();
  auto& row_list = rows.get_ref<nlohmann::json::array_t&>();
  row_list.resize(points.size());
  for_each_index(points.size(), [&](size_t i) { row_list[i] = point_json(points[i]); });
  nlohmann::json counts;
  for (const auto& [verdict, name] : Spellings<Verdict>::table) counts[std::string(name)] = count(verdict);
  nlohmann::json compile = nlohmann::json::array();
  for (const auto& op : compile_times)
    compile.push_back({{"op", op.op}, {"points", op.points}, {"geomean_ratio", op.geomean_ratio},
                       {"a_total_ms", op.a_total_ms}, {"b_total_ms", op.b_total_ms}});
  return {{"schema", kDiffSchema}, {"a", a_dir}, {"b", b_dir}, {"threshold_pct", threshold_pct}, {"points", rows},
          {"compile_time", compile},
          {"geomean_speedup", optional_json(geomean_speedup)},
          {"retuned_geomean_speedup", optional_json(retuned_geomean_speedup)}, {"optimum_moved", optimum_moved()},
          {"counts", counts}, {"warnings", warnings},
          {"all_binaries_identical", all_binaries_identical}};
}

}  // namespace abt
