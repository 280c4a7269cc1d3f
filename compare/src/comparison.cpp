#include "compare/comparison.h"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "compare/bootstrap.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

std::string verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster: return "FASTER";
    case Verdict::slower: return "SLOWER";
    case Verdict::same: return "SAME";
    case Verdict::untrusted: return "UNTRUSTED";
    case Verdict::failed: return "FAILED";
    case Verdict::missing: return "MISSING";
  }
  return "?";
}

int Comparison::count(Verdict verdict) const {
  int total = 0;
  for (const auto& point : points) total += point.verdict == verdict;
  return total;
}

namespace {

std::string extension_of(const std::string& path) { return fs::path(path).extension().string(); }

// True when any IR kind present on both sides differs; nullopt when nothing can be compared.
std::optional<bool> ir_differs(const RunData& a, const RunData& b, const std::vector<std::string>& a_ir,
                               const std::vector<std::string>& b_ir) {
  std::optional<bool> changed;
  for (const auto& a_file : a_ir)
    for (const auto& b_file : b_ir) {
      if (extension_of(a_file) != extension_of(b_file)) continue;
      auto a_text = read_file_if_present(a.dir / a_file);
      auto b_text = read_file_if_present(b.dir / b_file);
      if (!a_text || !b_text) continue;
      changed = changed.value_or(false) || *a_text != *b_text;
    }
  return changed;
}

Verdict timing_verdict(double speedup, double low, double high, double threshold_pct) {
  double limit = threshold_pct / 100.0;
  if (low > 1.0 && speedup - 1.0 >= limit) return Verdict::faster;
  if (high < 1.0 && 1.0 / speedup - 1.0 >= limit) return Verdict::slower;
  return Verdict::same;
}

bool has_marker(const std::vector<std::string>& markers, const std::string& prefix) {
  for (const auto& marker : markers)
    if (marker.rfind(prefix, 0) == 0) return true;
  return false;
}

PointComparison compare_point(const RunData& a, const RunData& b, const std::string& id, double threshold) {
  PointComparison row;
  row.id = id;
  auto a_found = a.points.find(id);
  auto b_found = b.points.find(id);
  if (a_found == a.points.end() || b_found == b.points.end()) {
    row.verdict = Verdict::missing;
    row.note = a_found == a.points.end() ? (b_found == b.points.end() ? "missing in A and B" : "missing in A")
                                         : "missing in B";
    return row;
  }
  const RunPoint& pa = a_found->second;
  const RunPoint& pb = b_found->second;
  row.a_variant = pa.text("variant");
  row.b_variant = pb.text("variant");
  row.a_ir = pa.json.value("ir_files", std::vector<std::string>{});
  row.b_ir = pb.json.value("ir_files", std::vector<std::string>{});
  row.same_config = pa.json.value("config", nlohmann::json()) == pb.json.value("config", nlohmann::json());
  if (!pa.text("output_digest").empty() && !pb.text("output_digest").empty())
    row.same_output = pa.text("output_digest") == pb.text("output_digest");
  row.ir_changed = ir_differs(a, b, row.a_ir, row.b_ir);

  if (!pa.success() || !pb.success()) {
    row.verdict = Verdict::failed;
    std::vector<std::string> why;
    if (!pa.success()) why.push_back("A: " + pa.text("error"));
    if (!pb.success()) why.push_back("B: " + pb.text("error"));
    row.note = fmt::format("{}", fmt::join(why, "; "));
    return row;
  }
  row.a_us = pa.median();
  row.b_us = pb.median();
  RatioInterval interval = bootstrap_median_ratio(pa.rounded_samples(), pb.rounded_samples());
  row.speedup = 1.0 / interval.ratio;
  row.speedup_low = 1.0 / interval.high;
  row.speedup_high = 1.0 / interval.low;

  std::vector<std::string> distrust;
  auto a_markers = pa.markers(), b_markers = pb.markers();
  if (has_marker(a_markers, "AUTOTUNE_REPLAY_FALLBACK") || has_marker(b_markers, "AUTOTUNE_REPLAY_FALLBACK"))
    distrust.push_back("replay fell back to a sweep");
  if (!*row.same_config) distrust.push_back("configs differ");
  if (pa.text("method") != pb.text("method"))
    distrust.push_back(fmt::format("timing methods differ ({} vs {})", pa.text("method"), pb.text("method")));
  if (!distrust.empty()) {
    row.verdict = Verdict::untrusted;
    row.note = fmt::format("{}", fmt::join(distrust, "; "));
    return row;
  }
  row.verdict = timing_verdict(row.speedup, row.speedup_low, row.speedup_high, threshold);

  // If B's machine ran slower by m (the probe), B's times are inflated by m: the speedup the
  // compiler alone would give is speedup * m. A verdict stands only if it also holds then.
  auto a_probe = pa.machine_probe_median(), b_probe = pb.machine_probe_median();
  if (a_probe && b_probe) {
    double m = *b_probe / *a_probe;
    row.machine_ratio = m;
    if (std::fabs(m - 1) > kMachineSpeedTolerance) {
      Verdict corrected = timing_verdict(row.speedup * m, row.speedup_low * m, row.speedup_high * m, threshold);
      std::string probe = fmt::format("machine speed differed: probe {:+.0f}% in B", (m - 1) * 100);
      // Only a claimed change can be explained away; SAME stays SAME, with the note.
      if (row.verdict != Verdict::same && corrected != row.verdict) {
        row.verdict = Verdict::untrusted;
        row.note = probe + ", which could explain the difference";
      } else {
        row.note = probe;
      }
    }
  }
  return row;
}

std::vector<std::string> ordered_ids(const RunData& a, const RunData& b) {
  std::vector<std::string> ids;
  std::set<std::string> seen;
  auto add = [&](const std::string& id) { if (seen.insert(id).second) ids.push_back(id); };
  for (const auto& id : a.planned) add(id);
  for (const auto& [id, point] : a.points) add(id);
  for (const auto& id : b.planned) add(id);
  for (const auto& [id, point] : b.points) add(id);
  return ids;
}

void add_warnings(const RunData& a, const RunData& b, Comparison& report) {
  std::set<std::string> a_ids(a.planned.begin(), a.planned.end()), b_ids(b.planned.begin(), b.planned.end());
  if (a_ids != b_ids) {
    int only_a = 0, only_b = 0;
    for (const auto& id : a_ids) only_a += !b_ids.count(id);
    for (const auto& id : b_ids) only_b += !a_ids.count(id);
    report.warnings.push_back(fmt::format("the runs planned different points: {} only in A, {} only in B", only_a, only_b));
  }
  int input_mismatch = 0;
  for (const auto& [id, pa] : a.points) {
    auto pb = b.points.find(id);
    if (pb != b.points.end() && pa.text("input_digest") != pb->second.text("input_digest")) ++input_mismatch;
  }
  if (input_mismatch)
    report.warnings.push_back(fmt::format("inputs differ between A and B at {} point(s) (seed or generator changed)", input_mismatch));
  if (a.meta.value("timing", nlohmann::json()) != b.meta.value("timing", nlohmann::json()))
    report.warnings.push_back(fmt::format("timer settings differ: A {} vs B {}", a.meta.value("timing", nlohmann::json()).dump(),
                                          b.meta.value("timing", nlohmann::json()).dump()));
  if (!a.complete) report.warnings.push_back("run A did not finish; its missing points are reported as MISSING");
  if (!b.complete) report.warnings.push_back("run B did not finish; its missing points are reported as MISSING");
  if (b.mode() == "replay" && fs::weakly_canonical(b.meta.value("replay_from", std::string())) != fs::weakly_canonical(a.dir))
    report.warnings.push_back("B is not a replay of A (it replays " + b.meta.value("replay_from", std::string()) + ")");

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

  int compared = 0, identical = 0;
  for (const auto& [id, pa] : a.points) {
    auto pb = b.points.find(id);
    if (pb == b.points.end() || pa.text("binary_hash").empty() || pb->second.text("binary_hash").empty()) continue;
    ++compared;
    identical += pa.text("binary_hash") == pb->second.text("binary_hash");
  }
  report.all_binaries_identical = compared > 0 && identical == compared;
  if (report.all_binaries_identical)
    report.warnings.insert(report.warnings.begin(),
                           fmt::format("EVERY measured binary of B is byte-identical to A's ({} of {}): the compared "
                                       "axis had no effect on the code, so any timing difference is noise",
                                       identical, compared));
}

}  // namespace

Comparison compare_runs(const RunData& a, const RunData& b, double threshold_pct) {
  Comparison report;
  report.a_dir = a.dir.string();
  report.b_dir = b.dir.string();
  report.threshold_pct = threshold_pct;
  double log_sum = 0;
  int trusted = 0;
  for (const auto& id : ordered_ids(a, b)) {
    report.points.push_back(compare_point(a, b, id, threshold_pct));
    const auto& row = report.points.back();
    if (row.verdict == Verdict::faster || row.verdict == Verdict::slower || row.verdict == Verdict::same) {
      log_sum += std::log(row.speedup);
      ++trusted;
    }
  }
  if (trusted) report.geomean_speedup = std::exp(log_sum / trusted);
  add_warnings(a, b, report);
  return report;
}

nlohmann::json Comparison::to_json() const {
  nlohmann::json rows = nlohmann::json::array();
  auto optional = [](const auto& value) { return value ? nlohmann::json(*value) : nlohmann::json(); };
  for (const auto& row : points)
    rows.push_back({{"point", row.id}, {"a_us", optional(row.a_us)}, {"b_us", optional(row.b_us)},
                    {"speedup", row.a_us ? nlohmann::json(row.speedup) : nlohmann::json()},
                    {"ci95", row.a_us ? nlohmann::json{row.speedup_low, row.speedup_high} : nlohmann::json()},
                    {"verdict", verdict_name(row.verdict)}, {"note", row.note},
                    {"same_config", optional(row.same_config)}, {"ir_changed", optional(row.ir_changed)},
                    {"same_output", optional(row.same_output)}, {"machine_ratio", optional(row.machine_ratio)},
                    {"a_variant", row.a_variant},
                    {"b_variant", row.b_variant}});
  nlohmann::json counts;
  for (Verdict verdict : {Verdict::faster, Verdict::slower, Verdict::same, Verdict::untrusted, Verdict::failed, Verdict::missing})
    counts[verdict_name(verdict)] = count(verdict);
  return {{"a", a_dir}, {"b", b_dir}, {"threshold_pct", threshold_pct}, {"points", rows},
          {"geomean_speedup", optional(geomean_speedup)}, {"counts", counts}, {"warnings", warnings},
          {"all_binaries_identical", all_binaries_identical}};
}

}  // namespace abt
