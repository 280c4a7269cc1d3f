#include "skip_pass_timing.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "compare/comparison.h"
#include "explain/explain.h"
#include "util/errors.h"
#include "util/process.h"
#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

bool changes_code(const SkippedPass& pass) {
  return pass.outcome == SkipOutcome::restores_a || pass.outcome == SkipOutcome::other_code;
}

// B's measurement settings, so that the candidate is timed as B was (those B's meta.json lacks: A's).
std::vector<std::string> timing_arguments(const RunData& b) {
  const TimingRecord& timing = b.meta.timing;
  std::vector<std::string> args{"--timer", std::string(spelling(timing.timer))};
  if (timing.warmup_ms > 0) args.insert(args.end(), {"--warmup-ms", fmt::format("{}", timing.warmup_ms)});
  if (timing.rep_ms > 0) args.insert(args.end(), {"--rep-ms", fmt::format("{}", timing.rep_ms)});
  if (timing.rounds > 0) args.insert(args.end(), {"--rounds", std::to_string(timing.rounds)});
  return args;
}

std::string last_words(const ProcessResult& result) {
  return result.timed_out ? "it ran past its time limit" : last_line(result.err.empty() ? result.out : result.err);
}

}  // namespace

void time_skipped_passes(const RunData& a, const RunData& b, std::vector<PointExplanation>& points, const fs::path& work,
                         const JudgingRule& rule) {
  // by the flag that leaves the pass out, in its order: a stable order of replays
  std::map<std::string, std::pair<std::string, std::vector<std::string>>> points_of_pass;  // flag -> (pass, points)
  for (const PointExplanation& point : points)
    if (point.skipped)
      for (const SkippedPass& pass : *point.skipped)
        if (changes_code(pass)) {
          auto& [name, ids] = points_of_pass[pass.flag];
          name = pass.pass;
          ids.push_back(point.point);
        }
  if (points_of_pass.empty()) return;
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) throw std::runtime_error("explain --time: cannot find the abtool binary: " + error.message());
  fs::path ops_dir = b.meta.selection.ops_dir;  // B's ops, as B measured them
  if (ops_dir.is_relative()) ops_dir = b.meta.working_directory / ops_dir;
  fs::create_directories(work);
  size_t done = 0;
  for (const auto& [flag, named] : points_of_pass) {
    const auto& [pass, ids] = named;
    std::string folder = pass;  // "tree vect" -> "tree-vect"
    std::replace(folder.begin(), folder.end(), ' ', '-');
    const fs::path run = work / folder;
    std::vector<std::string> args{"replay", "--from", a.layout.dir().string(), "--ops-dir", ops_dir.string(),
                                  "--points", fmt::format("{}", fmt::join(ids, ",")), "--out", run.string(), "--quiet"};
    const std::vector<std::string> compiler = compiler_arguments(b, flag);
    args.insert(args.end(), compiler.begin(), compiler.end());
    const std::vector<std::string> timing = timing_arguments(b);
    args.insert(args.end(), timing.begin(), timing.end());
    if (!b.meta.gpu.unavailable) args.insert(args.end(), {"--gpu", std::to_string(b.meta.gpu.index)});
    if (!quiet())
      fmt::print(stderr, "abtool explain: {}/{} B without {} at {} point(s), A's binary beside it\n", ++done,
                 points_of_pass.size(), pass, ids.size());
    ProcessRequest request{self.string(), args, "", {}, std::chrono::seconds(24 * 3600)};
    ProcessResult replayed;
    std::string failure;
    try {
      replayed = run_process(request);
      if (replayed.exit_code != kExitOk && replayed.exit_code != kExitPointFailed)
        failure = fmt::format("its replay failed (exit {}): {}", replayed.exit_code, last_words(replayed));
    } catch (const std::exception& cannot) {
      failure = std::string("its replay could not start: ") + cannot.what();
    }
    std::optional<Comparison> compared;
    if (failure.empty()) {
      try {
        RunData candidate = read_run(run);
        compared = compare_runs(a, candidate, rule);
      } catch (const std::exception& unreadable) {
        failure = std::string("its replay left no run to compare: ") + unreadable.what();
      }
    }
    for (PointExplanation& point : points) {
      if (!point.skipped) continue;
      for (SkippedPass& skipped : *point.skipped) {
        if (skipped.flag != flag || !changes_code(skipped)) continue;
        SkipTiming timed;
        timed.run = run.string();
        timed.error = failure;
        if (compared) {
          const PointComparison* row = nullptr;
          for (const PointComparison& candidate : compared->points)
            if (candidate.id == point.point) row = &candidate;
          if (!row) {
            timed.error = "its replay has no such point";
          } else {
            timed.verdict = row->verdict;
            timed.speedup = row->speedup;
            timed.low = row->speedup_low;
            timed.high = row->speedup_high;
            if (!row->timed()) timed.error = row->note().empty() ? "not measured" : row->note();
          }
        }
        skipped.timed = std::move(timed);
      }
    }
  }
}

}  // namespace abt
