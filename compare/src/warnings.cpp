#include "warnings.h"

#include "rundir/run_lock.h"
#include "util/piece_digest.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace abt {
namespace fs = std::filesystem;

void add_warnings(const RunData& a, const RunData& b, Comparison& report) {
  const auto& a_planned = a.results.planned;
  const auto& b_planned = b.results.planned;
  std::set<std::string> a_ids(a_planned.begin(), a_planned.end()), b_ids(b_planned.begin(), b_planned.end());
  if (a_ids != b_ids) {
    int only_a = 0, only_b = 0;
    for (const auto& id : a_ids) only_a += !b_ids.count(id);
    for (const auto& id : b_ids) only_b += !a_ids.count(id);
    report.warnings.push_back({WarningKind::planned_points_differ, fmt::format("the runs planned different points: {} only in A, {} only in B", only_a, only_b)});
  }
  int input_mismatch = 0, incomparable = 0, compared = 0, identical = 0;
  for (const auto& pa : a.results.points) {
    const PointRecord* pb = b.find(pa.id());
    if (!pb) continue;
    if (same_digest_scheme(pa.input_digest, pb->input_digest)) input_mismatch += pa.input_digest != pb->input_digest;
    else ++incomparable;
    if (pa.binary_hash.empty() || pb->binary_hash.empty()) continue;
    ++compared;
    identical += pa.binary_hash == pb->binary_hash;
  }
  if (input_mismatch)
    report.warnings.push_back({WarningKind::inputs_differ, fmt::format("inputs differ between A and B at {} point(s) (seed or generator changed)", input_mismatch)});
  if (incomparable)
    report.warnings.push_back({WarningKind::digests_incomparable,
                               fmt::format("the inputs and outputs of {} point(s) cannot be compared by digest: one run was made by an "
                                           "older abtool, which digested them another way",
                                           incomparable)});
  if (a.meta.timing != b.meta.timing) {
    auto text = [](const TimingRecord& timing) {
      return fmt::format("--timer {} --warmup-ms {} --rep-ms {} --rounds {}{}", spelling(timing.timer), timing.warmup_ms,
                         timing.rep_ms, timing.rounds,
                         timing.test_graph_fault ? fmt::format(" --test-graph-fault {}", spelling(*timing.test_graph_fault)) : "");
    };
    report.warnings.push_back({WarningKind::timer_settings_differ, fmt::format("timer settings differ: A {} vs B {}", text(a.meta.timing), text(b.meta.timing))});
  }
  // An unfinished run may be one still being measured: its missing points are then not lost, only not yet there.
  auto unfinished = [](const RunData& run, const char* side) {
    const auto writer = run_writer(run.layout.dir());
    return fmt::format("run {} did not finish{}; its missing points are reported as MISSING", side,
                       writer ? fmt::format(" (abtool pid {} is writing it now)", *writer) : "");
  };
  // Either file may say so: a results.json whose last line claims `complete` while meta.json says
  // the run is still running (forged, or cut between the two) did not finish either.
  auto finished = [](const RunData& run) { return run.results.complete && run.meta.status == RunStatus::finished; };
  if (!finished(a)) report.warnings.push_back({WarningKind::a_unfinished, unfinished(a, "A")});
  if (!finished(b)) report.warnings.push_back({WarningKind::b_unfinished, unfinished(b, "B")});
  const fs::path a_dir = fs::weakly_canonical(a.layout.dir()), b_dir = fs::weakly_canonical(b.layout.dir());
  if (a_dir == b_dir) report.warnings.push_back({WarningKind::same_directory, "A and B are the same run directory: every point is compared with itself"});
  const bool reversed = replays(a.meta, a.layout.dir(), b.meta, b.layout.dir());
  if (reversed)
    report.warnings.push_back({WarningKind::reversed_order,
                               "A is a replay of B: the order is reversed, so every speedup is inverted (diff RECORD REPLAY)"});
  if (replays_of_one_record(a, b))
    report.warnings.push_back(
        {WarningKind::replays_of_one_record,
         fmt::format("A and B are two replays of one record ({}): compared build to build, A's times scaled by how its control "
                     "(the record's code) ran in B's process against A's, so the machine's change between the runs cancels; "
                     "the IR delta and the counts are A's build's code against B's",
                     b.meta.replay_from.value_or(b.meta.replay_from_run_id).string())});
  else if (!reversed && b.meta.mode == RunMode::replay && !replays(b.meta, b.layout.dir(), a.meta, a.layout.dir()))
    report.warnings.push_back(
        {WarningKind::not_a_replay_of_a, "B is not a replay of A (it replays " + b.meta.replay_from.value_or("").string() + ")"});

  int changed_speed = 0, explained = 0;
  for (const auto& row : report.points) {
    bool changed = row.machine_ratio && std::fabs(*row.machine_ratio - 1) > kMachineSpeedTolerance;
    changed_speed += changed;
    explained += changed && row.verdict == Verdict::untrusted;
  }
  if (changed_speed)
    report.warnings.push_back({WarningKind::machine_speed_differs,
                               fmt::format("the machine ran at a different speed in A and B at {} point(s) (a fixed probe "
                                           "loop differed by more than {:.0f}%: a shared or throttled machine); {} of them "
                                           "are UNTRUSTED because that could explain the result",
                                           changed_speed, kMachineSpeedTolerance * 100, explained)});

  std::map<std::string, int> unavailable;  // by reason
  int unavailable_points = 0;
  for (const auto& pb : b.results.points) {
    bool counted = false;
    for (const auto& marker : pb.markers) {
      if (marker.kind != MarkerKind::baseline_unavailable) continue;
      ++unavailable[marker.detail.substr(0, marker.detail.find(' '))];
      if (!counted) ++unavailable_points, counted = true;
    }
  }
  if (unavailable_points) {
    std::vector<std::string> reasons;
    for (const auto& [reason, count] : unavailable) reasons.push_back(fmt::format("{} {}", reason, count));
    report.warnings.push_back({WarningKind::baseline_unavailable,
                               fmt::format("B could not run A's stored binary at {} point(s) (BASELINE_UNAVAILABLE {}): "
                                           "those are compared across processes, not interleaved",
                                           unavailable_points, fmt::join(reasons, ", "))});
  }

  // IR files a point names but abtool does not read (a link, a path out of the run, a file with no
  // extension, whose kind is unknown): their point's IR delta leaves them out, so it is said here.
  std::vector<std::string> unread;
  for (const auto& [run, side] : {std::pair{&a, "A"}, std::pair{&b, "B"}})
    for (const auto& point : run->results.points)
      for (const auto& file : point.ir_files) {
        // One lstat a file (a diff of 10,000 points reads 60,000 names): the file itself a link or
        // missing, or a name that climbs out; the readers refuse a link further up as well.
        std::error_code error;
        const fs::path relative(file);
        const bool climbs = relative.is_absolute() || std::any_of(relative.begin(), relative.end(),
                                                                  [](const fs::path& part) { return part == ".."; });
        const fs::file_type type = climbs ? fs::file_type::unknown : fs::symlink_status(run->layout.dir() / relative, error).type();
        const char* why = climbs || type == fs::file_type::symlink    ? "a link or outside the run"
                          : type == fs::file_type::not_found          ? "missing"
                          : type != fs::file_type::regular            ? "not a file"
                          : relative.extension().string().size() < 2 ? "no extension: its kind is unknown"
                                                                      : nullptr;
        if (why) unread.push_back(fmt::format("{}/{} ({})", side, file, why));
      }
  if (!unread.empty()) {
    const size_t shown = std::min<size_t>(unread.size(), 3);
    report.warnings.push_back(
        {WarningKind::ir_files_unread,
         fmt::format("{} IR file(s) the points name were not read, so their IR deltas leave them out: {}{}", unread.size(),
                     fmt::join(unread.begin(), unread.begin() + std::ptrdiff_t(shown), "; "),
                     unread.size() > shown ? fmt::format("; and {} more", unread.size() - shown) : "")});
  }

  report.all_binaries_identical = compared > 0 && identical == compared;
  if (report.all_binaries_identical)
    report.warnings.insert(report.warnings.begin(),
                           {WarningKind::identical_binaries,
                            fmt::format("EVERY measured binary of B is byte-identical to A's ({} of {}): the compared "
                                        "axis had no effect on the code, so any timing difference is noise",
                                        identical, compared)});
}

}  // namespace abt
