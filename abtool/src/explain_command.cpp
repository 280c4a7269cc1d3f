// abtool explain A B [POINT...]: where inside the compiler each point's code parts (explain/).
#include <fmt/format.h>

#include <functional>

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "commands.h"
#include "skip_pass_timing.h"
#include "compare/comparison.h"
#include "explain/explain.h"
#include "printers/explain_printers.h"
#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// FASTER and SLOWER first (what a user asks "why" about), then the rest in run order.
int explain_rank(Verdict verdict) { return verdict == Verdict::faster || verdict == Verdict::slower ? 0 : 1; }

// Each point's compile as it starts; with two compiler families (said once, first) no pass dumps.
std::function<void(const std::string&)> progress_of(const RunData& a, const RunData& b, size_t total, size_t& done) {
  const std::string families = two_families_reason(a.meta.compiler, b.meta.compiler);
  if (!families.empty() && !quiet() && total > 0) fmt::print(stderr, "abtool explain: {}\n", families);
  return [total, &done, stages_only = !families.empty()](const std::string& point) {
    if (quiet()) return;
    fmt::print(stderr, "abtool explain: {}/{} {}: compiling A's and B's variant again {}\n", ++done, total, point,
               stages_only ? "for their stages" : "with pass dumps");
  };
}

// diff's verdict beside each point, and the points to explain: those named, else every point whose
// measured code differs, FASTER and SLOWER first.
struct ExplainPlan {
  std::map<std::string, std::string> verdicts;
  std::map<std::string, double> speedups;
  std::map<std::string, double> instruction_ratios;
  std::vector<std::string> ids;
};

ExplainPlan plan_explanation(const RunData& a, const RunData& b, const JudgingRule& rule, const std::vector<std::string>& named) {
  const Comparison comparison = compare_runs(a, b, rule);
  ExplainPlan plan{{}, {}, {}, named};
  std::map<std::string, int> rank;  // by point id
  for (const PointComparison& row : comparison.points) {
    plan.verdicts[row.id] = std::string(spelling(row.verdict));
    if (const auto speedup = row.trusted_speedup()) plan.speedups[row.id] = *speedup;
    if (const auto ratio = row.instruction_ratio()) plan.instruction_ratios[row.id] = *ratio;
    rank[row.id] = explain_rank(row.verdict);
  }
  if (plan.ids.empty()) {
    plan.ids = points_whose_code_differs(a, b);
    auto rank_of = [&](const std::string& id) { return rank.count(id) ? rank.at(id) : 1; };
    std::stable_sort(plan.ids.begin(), plan.ids.end(), [&](const std::string& x, const std::string& y) { return rank_of(x) < rank_of(y); });
  }
  return plan;
}

bool measured_on_both_sides(const RunData& a, const RunData& b) {
  for (const PointRecord& in_b : b.results.points) {
    const PointRecord* in_a = a.find(in_b.id());
    if (in_a && in_a->success && in_b.success) return true;
  }
  return false;
}

size_t unexplained(const std::vector<PointExplanation>& points) {
  return std::count_if(points.begin(), points.end(),
                       [](const PointExplanation& point) { return point.passes.outcome == ExplainOutcome::failed; });
}

// What replay --passes stored in B of these points against this A (none when B has no explain.json,
// or its A is another run): the points found there leave `ids`.
std::vector<PointExplanation> stored_explanations(const RunData& a, const RunData& b, std::vector<std::string>& ids) {
  const fs::path file = b.layout.pass_dumps() / "explain.json";
  std::error_code error;
  if (!fs::is_regular_file(fs::symlink_status(file, error))) return {};  // a link is not B's own file
  const ExplainReport stored = read_explain_json(file);
  if (!fs::equivalent(stored.a_dir, a.layout.dir(), error) || error) {
    if (!quiet())
      fmt::print(stderr, "abtool diff: {} explains B against {}, not this A: compiling again\n", file.string(), stored.a_dir);
    return {};
  }
  std::vector<PointExplanation> found;
  for (const PointExplanation& point : stored.points) {
    auto wanted = std::find(ids.begin(), ids.end(), point.point);
    if (wanted == ids.end()) continue;
    found.push_back(point);
    ids.erase(wanted);
  }
  return found;
}

}  // namespace

std::vector<PointExplanation> explain_for_diff(const RunData& a, const RunData& b, Comparison& report) {
  std::vector<std::string> ids = points_whose_code_differs(a, b);
  std::vector<PointExplanation> found = stored_explanations(a, b, ids);
  size_t done = 0;
  if (!ids.empty()) {
    std::vector<PointExplanation> compiled =
        explain_points(a, b, {ids, std::nullopt}, progress_of(a, b, ids.size(), done));
    found.insert(found.end(), compiled.begin(), compiled.end());
  }
  for (PointExplanation& point : found)
    for (PointComparison& row : report.points)
      if (row.id == point.point) row.passes = point.passes;
  return found;
}

int store_replay_passes(const fs::path& b_dir) {
  const RunLayout layout(b_dir);
  const MetaRecord meta = MetaRecord::read(layout.meta());
  if (!meta.replay_from) throw InputError(fmt::format("replay --passes: {} names no run it replays", layout.meta().string()));
  auto [a, b] = read_runs(*meta.replay_from, b_dir);
  ExplainPlan plan = plan_explanation(a, b, JudgingRule{}, {});
  ExplainReport report{a.layout.dir().string(), b.layout.dir().string(), {}, std::move(plan.verdicts),
                       std::move(plan.speedups), layout.pass_dumps().string(), std::move(plan.instruction_ratios)};
  // B's own output: what an earlier, interrupted --passes left is replaced (remove_all takes a link
  // itself away, never what it points to).
  std::error_code error;
  fs::remove_all(layout.pass_dumps(), error);
  ExplainRequest request{plan.ids, layout.pass_dumps(), true};
  size_t done = 0;
  report.points = explain_points(a, b, request, progress_of(a, b, plan.ids.size(), done));
  std::ostringstream json;
  print_explain_json(report, json);
  write_file_atomically(layout.pass_dumps() / "explain.json", json.str());
  const size_t failed = unexplained(report.points);
  if (!quiet())
    fmt::print(stderr, "abtool replay --passes: {} point(s) whose code differs from A's compiled again with pass dumps into {}{}\n",
               report.points.size(), layout.pass_dumps().string(),
               failed ? fmt::format(" ({} could not be explained: {})", failed, (layout.pass_dumps() / "explain.json").string()) : "");
  return failed ? kExitPointFailed : kExitOk;
}

int run_explain(const ExplainOptions& options) {
  auto [a, b] = read_runs(options.a, options.b);
  require_common_points(a, b);  // else "every point's measured binaries are the same", which is false
  if (options.points.empty() && !measured_on_both_sides(a, b))  // nor is it true where nothing was measured
    throw InputError(fmt::format("explain: no point was measured on both sides (every point FAILED in {} or in {}): nothing "
                                 "measured to explain; name points (explain A B POINT...) to compile them anyway",
                                 a.layout.dir().string(), b.layout.dir().string()));
  ExplainPlan plan = plan_explanation(a, b, options.rule, options.points);
  ExplainReport report{a.layout.dir().string(), b.layout.dir().string(), {}, std::move(plan.verdicts),
                       std::move(plan.speedups), options.out, std::move(plan.instruction_ratios)};
  ExplainRequest request{plan.ids, std::nullopt};
  if (!options.out.empty()) request.out = options.out;
  request.skip_passes = options.skip_passes;
  request.raw = options.raw;
  if (options.time_skipped && !options.skip_passes) throw InputError("explain --time times what --skip-passes leaves out: give both");
  if (options.dry_run) {  // a shared run's meta.json decides what runs: shown before anything does
    for (const auto& [side, run] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
      std::vector<std::string> command = compiler_arguments(*run, "");
      std::cout << fmt::format("{} ({}): {} (the compiler binary: {}){}\n", side, run->layout.meta().string(),
                               fmt::join(command, " "), run->meta.compiler.path.empty() ? "-" : run->meta.compiler.path,
                               options.skip_passes && side == std::string("B") ? "; --skip-passes adds one flag per pass left out" : "");
    }
    std::cout << fmt::format("{} point(s) would be compiled on both sides{}{}\n", plan.ids.size(), plan.ids.empty() ? "" : ": ",
                             fmt::join(plan.ids, ", "));
    return kExitOk;
  }
  size_t done = 0;
  report.points = explain_points(a, b, request, progress_of(a, b, plan.ids.size(), done));
  if (options.time_skipped) {
    // Beside the dumps when there is an --out (kept: each is a run to diff), else for this command only.
    std::optional<TempDir> scratch;
    if (options.out.empty()) scratch.emplace("abtool-explain-time-");
    const fs::path work = options.out.empty() ? scratch->path() / "skip-passes" : fs::path(options.out) / "skip-passes";
    time_skipped_passes(a, b, report.points, work, options.rule);
    if (scratch)  // gone when the command ends: no run to name
      for (PointExplanation& point : report.points)
        if (point.skipped)
          for (SkippedPass& pass : *point.skipped)
            if (pass.timed) pass.timed->run.clear();
  }
  print_explain(report, options.format, std::cout, {options.detail, stdout_width()});
  return unexplained(report.points) ? kExitPointFailed : kExitOk;
}

}  // namespace abt
