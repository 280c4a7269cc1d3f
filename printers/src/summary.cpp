#include "summary.h"

#include "passes/pass_table.h"

#include "printers/printers.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace abt {
namespace {

// What made points UNTRUSTED, by finding code, most first ("host_busy 5, gpu_busy 1").
std::vector<std::pair<FindingCode, int>> untrusted_causes(const Comparison& report) {
  std::map<FindingCode, int> by_code;
  for (const auto& row : report.points) {
    if (row.verdict != Verdict::untrusted) continue;
    std::set<FindingCode> codes;
    for (const Finding& finding : row.findings)
      if (finding.untrusted) codes.insert(finding.code);
    for (FindingCode code : codes) ++by_code[code];
  }
  std::vector<std::pair<FindingCode, int>> causes(by_code.begin(), by_code.end());
  std::stable_sort(causes.begin(), causes.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return causes;
}

std::string verdict_counts(const Comparison& report) {
  const int total = int(report.points.size());
  const int trusted = report.time_trusted;
  const int counted = report.decided_by_instructions();
  // Each geomean names its metric where the counts decided verdicts: the headline's first number is
  // of the metric that decided them, the time's beside it with how many of its points are trusted.
  const std::string over = trusted == total ? (total == 1 ? std::string("its one point") : fmt::format("all {} points", total))
                                            : fmt::format("{} trusted point{} of {}", trusted, trusted == 1 ? "" : "s", total);
  const std::string time = report.geomean_speedup ? fmt::format("{:.3f}x over {}", *report.geomean_speedup, over)
                                                  : fmt::format("n/a (no trusted point of {})", total);
  std::string text;
  if (counted == 0) {
    text = "geomean speedup B vs A: " + time;
  } else {
    text = fmt::format("geomean instructions B/A: {} over the {} point{} the counts decided | time B vs A: {}",
                       report.instruction_geomean_ratio ? fmt::format("{:.4f}x", *report.instruction_geomean_ratio) : "n/a",
                       counted, counted == 1 ? "" : "s", time);
  }
  text += fmt::format(" | FASTER {} SLOWER {} SAME {} AMBIGUOUS {} UNTRUSTED {}", report.count(Verdict::faster),
                      report.count(Verdict::slower), report.count(Verdict::same), report.count(Verdict::ambiguous),
                      report.count(Verdict::untrusted));
  std::vector<std::string> causes;
  for (const auto& [code, count] : untrusted_causes(report)) causes.push_back(fmt::format("{} {}", spelling(code), count));
  if (!causes.empty()) text += fmt::format(" ({})", fmt::join(causes, ", "));
  // The bar a point is judged by is the threshold or its own noise floor, whichever is higher: the
  // points a floor raised are counted here, so a detail line's "crosses 18.97%" has its reason.
  int floored = 0;
  double highest = 0;
  for (const auto& row : report.points)
    if (row.effective_threshold_pct > report.rule.threshold_pct + 1e-9) {
      ++floored;
      highest = std::max(highest, row.effective_threshold_pct);
    }
  const std::string floors = floored == 0   ? ""
                             : floored == 1 ? fmt::format("; at 1 point its noise floor, {:.2f}%", highest)
                                            : fmt::format("; at {} points their noise floor, up to {:.2f}%", floored, highest);
  return text + fmt::format(" FAILED {} MISSING {} (threshold {}%{})", report.count(Verdict::failed), report.count(Verdict::missing),
                            report.rule.threshold_pct, floors);
}

// Where points are undecided: what would decide them, for the causes seen.
std::string next_step(const Comparison& report) {
  std::vector<std::string> steps;
  for (const auto& [code, count] : untrusted_causes(report)) {
    switch (code) {
      case FindingCode::host_busy:
        steps.push_back(fmt::format("{} point(s) ran while other processes kept the host busy: measure again on an idle "
                                    "machine, or for host ops decide by `--metric instructions` (counts do not move with load)",
                                    count));
        break;
      case FindingCode::gpu_busy:
        steps.push_back(fmt::format("{} point(s) shared the GPU with another process: measure again when it is idle", count));
        break;
      case FindingCode::clock_throttled:
      case FindingCode::machine_speed:
      case FindingCode::drift:
        steps.push_back(fmt::format("{} point(s) ran while the machine's speed changed ({}): measure again, A and B interleaved "
                                    "(replay's default)", count, spelling(code)));
        break;
      default:
        break;
    }
  }
  // AMBIGUOUS points by what decides them, as their own notes say: more rounds, an idle host, or
  // nothing at this spread (an estimate on the threshold).
  int by_rounds = 0, by_idle_host = 0, on_threshold = 0;
  for (const auto& row : report.points) {
    if (row.verdict != Verdict::ambiguous) continue;
    bool busy = false, never = false;
    for (const Finding& finding : row.findings) {
      busy = busy || finding.code == FindingCode::host_busy;
      never = never || (finding.code == FindingCode::more_rounds && finding.has(FindingField::outlook) &&
                        finding.text(FindingField::outlook) == "never");
    }
    if (busy) ++by_idle_host;
    else if (never) ++on_threshold;
    else ++by_rounds;
  }
  if (by_rounds)
    steps.push_back(fmt::format("{} AMBIGUOUS point(s): more rounds decide them (--rounds, or replay's --max-extra-ms)", by_rounds));
  if (by_idle_host)
    steps.push_back(fmt::format("{} AMBIGUOUS point(s) on a busy host (HOST_BUSY): measure again on an idle one, or for host ops "
                                "decide by `--metric instructions`", by_idle_host));
  if (on_threshold)
    steps.push_back(fmt::format("{} AMBIGUOUS point(s) whose estimate lies on the threshold: more rounds will not decide them; "
                                "another --threshold will", on_threshold));
  if (steps.empty()) return "";
  return "next: " + fmt::format("{}", fmt::join(steps, "; "));
}

std::string retuned(const Comparison& report) {
  if (!report.retuned()) return "";
  return fmt::format("re-tuned (replay --retune): B's own best config differs from A's at {} of {} points; geomean "
                     "best vs best {}, pinned {}",
                     report.optimum_moved(), report.retuned(),
                     report.retuned_geomean_speedup ? fmt::format("{:.3f}x", *report.retuned_geomean_speedup) : "n/a",
                     report.geomean_speedup ? fmt::format("{:.3f}x", *report.geomean_speedup) : "n/a");
}

}  // namespace

std::string library_picks(const Comparison& report) {
  std::vector<std::string> other_picks;
  int captured = 0, picked = 0;
  for (const auto& row : report.points) {
    if (!row.library_pick_differs) continue;
    if (row.a_config_source == ConfigSource::library) {  // record --configs library
      ++picked;
      continue;
    }
    ++captured;
    if (*row.library_pick_differs)
      other_picks.push_back(fmt::format("{} (library: {}; abtool: {})", row.id, *row.library_config, row.a_config));
  }
  if (!captured && !picked) return "";
  std::string text = "library picks (captured ops): ";
  if (picked) text += fmt::format("A measured the library's own pick at {} points (record --configs library)", picked);
  if (!captured) return text;
  if (picked) text += "; at the others, ";
  text += fmt::format("A's sweep picked another config than the library's own at {} of {} points{}{}", other_picks.size(),
                      captured, other_picks.empty() ? "" : ": ",
                      fmt::join(other_picks.begin(), other_picks.begin() + long(std::min<size_t>(other_picks.size(), 8)), ", "));
  if (other_picks.size() > 8) text += fmt::format(", and {} more (--format json lists them)", other_picks.size() - 8);
  return text;
}

namespace {

std::string output_bits(const Comparison& report) {
  int differing = 0, compared = 0, nondeterministic = 0, beyond_spread = 0;
  for (const auto& row : report.points) {
    compared += row.same_output.has_value();
    if (row.output_bits && row.output_bits->a_self_max_abs) {
      ++nondeterministic;
      beyond_spread += !within_own_spread(*row.output_bits);
      continue;
    }
    differing += row.same_output && !*row.same_output;
  }
  std::vector<std::string> lines;
  if (differing)
    lines.push_back(fmt::format("output bits: B's outputs differ from A's at {} of {} points (a numerics change, or a "
                                "miscompile within the tolerance)",
                                differing, compared));
  if (nondeterministic)
    lines.push_back(fmt::format("nondeterministic outputs: A's own code gave other bits when run twice at {} point(s); B "
                                "differs from A by more than twice A's own spread at {} of them",
                                nondeterministic, beyond_spread));
  return fmt::format("{}", fmt::join(lines, "\n"));
}

std::string compile_times(const Comparison& report) {
  if (report.compile_times.empty()) return "";
  std::vector<std::string> ops;
  for (const auto& op : report.compile_times)
    ops.push_back(fmt::format("{} {:.2f}x ({} point{}, {:.0f} -> {:.0f} ms)", op.op, op.geomean_ratio, op.points,
                              op.points == 1 ? "" : "s", op.a_total_ms, op.b_total_ms));
  std::string text = fmt::format("compile time B vs A (measured variants): {}", fmt::join(ops, ", "));
  auto listed = [](const std::vector<const PointComparison*>& rows) {
    std::vector<std::string> texts;
    for (const PointComparison* row : rows) texts.push_back(fmt::format("{} {:.0f} -> {:.0f} ms", row->id, *row->a_compile_ms, *row->b_compile_ms));
    return fmt::format("{}", fmt::join(texts, ", "));
  };
  if (!report.slowest_compiles.empty()) text += "; most slowed: " + listed(report.slowest_compiles);
  if (!report.fastest_compiles.empty()) text += "; most sped up: " + listed(report.fastest_compiles);
  if (!report.compile_times_unlike.empty()) text += "; " + report.compile_times_unlike;
  return text;
}

// "compile stages B vs A, cpu_softmax (3 points, instructions by callgrind, threshold 0.1%): SLOWER
// +1.31% (g++ same, cc1plus +1.52%, as same, ld same)"; both sides' wall times where nothing was counted.
std::string compile_stages_line(const OpCompileStages& op, double threshold_pct) {
  std::vector<std::string> stages;
  for (const StageComparison& stage : op.stages) {
    if (stage.only_in_a || stage.only_in_b) {
      stages.push_back(fmt::format("{} only in {}", stage.stage, stage.only_in_a ? "A" : "B"));
    } else if (stage.decision) {
      stages.push_back(stage.decision->verdict == Verdict::same ? fmt::format("{} same", stage.stage)
                                                                : fmt::format("{} {:+.2f}%", stage.stage, stage.decision->change_pct));
    } else if (stage.a_ms && stage.b_ms) {  // both sides' milliseconds: NVRTC reports whole ones, 0 among them
      stages.push_back(fmt::format("{} {:.1f} -> {:.1f} ms", stage.stage, *stage.a_ms, *stage.b_ms));
    }
  }
  if (op.total)
    return fmt::format("compile stages B vs A, {} ({} of {} point{} counted, instructions by callgrind, threshold {}%): {} "
                       "{:+.2f}% ({})",
                       op.op, op.counted_points, op.points, op.points == 1 ? "" : "s", threshold_pct,
                       spelling(op.total->verdict), op.total->change_pct, fmt::join(stages, ", "));
  return fmt::format("compile stages B vs A, {} ({} point{}, wall time, not decided; --compile-instructions counts "
                     "them): {}",
                     op.op, op.points, op.points == 1 ? "" : "s", fmt::join(stages, ", "));
}

std::string compile_stages(const Comparison& report) {
  std::vector<std::string> lines;
  for (const OpCompileStages& op : report.compile_stages) lines.push_back(compile_stages_line(op, report.rule.instruction_threshold_pct));
  return fmt::format("{}", fmt::join(lines, "\n"));
}

std::string instruction_counts(const Comparison& report) {
  const int counted = report.decided_by_instructions();
  if (!counted) return "";
  std::map<Verdict, int> by_time;
  for (const auto& row : report.points)
    if (row.metric() == Metric::instructions && row.timing_verdict) ++by_time[*row.timing_verdict];
  std::vector<std::string> time_counts;
  for (const auto& [verdict, count] : by_time) time_counts.push_back(fmt::format("{} {}", spelling(verdict), count));
  return fmt::format("verdicts from instruction counts ({}) at {} of {} points (threshold {}%); the time alone said {} there",
                     report.instruction_tools(), counted, report.points.size(), report.rule.instruction_threshold_pct,
                     fmt::join(time_counts, " "));
}

std::string interleaved(const Comparison& report) {
  int paired = 0;
  for (const auto& row : report.points) paired += row.in_process_pair;
  if (!paired) return "";
  return fmt::format("{} of {} points decided from A's code measured beside B's in B's process (interleaved); "
                     "drift: A's code there against A's record",
                     paired, report.points.size());
}

// The summary's parts, in order: each says nothing (an empty text) where the report has none of it.
// diff --group-by: a line per group, in the order its first point comes.
std::string groups(const Comparison& report) {
  if (!report.groups) return "";
  // Where the counts decided verdicts, the geomean (of the time) says so.
  const std::string time_label = report.decided_by_instructions() ? "time's geomean" : "geomean";
  std::vector<std::string> lines;
  for (const PointGroup& group : report.groups->groups) {
    std::vector<std::string> counts;
    for (Verdict verdict : {Verdict::faster, Verdict::slower, Verdict::same, Verdict::ambiguous, Verdict::untrusted,
                            Verdict::failed, Verdict::missing})
      if (auto found = group.verdicts.find(verdict); found != group.verdicts.end())
        counts.push_back(fmt::format("{} {}", spelling(verdict), found->second));
    lines.push_back(fmt::format("by {} {}: {} over {} of {} point{}: {}", spelling(report.groups->by), group.key,
                                group.geomean_speedup ? fmt::format("{} {:.3f}x", time_label, *group.geomean_speedup)
                                                      : fmt::format("no {}", time_label),
                                group.trusted, group.points, group.points == 1 ? "" : "s", fmt::join(counts, ", ")));
  }
  return fmt::format("{}", fmt::join(lines, "\n"));
}

// Once per output, where a note shows a code: where its meaning is.
std::string codes_hint(const Comparison& report) {
  const bool coded = std::any_of(report.points.begin(), report.points.end(), [](const PointComparison& row) { return row.has_shown_code(); });
  return coded ? "a note's [code]: `abtool explain-finding CODE` says what it means and what to do" : "";
}

// diff --passes: the points counted by where their code first differs (passes/pass_table.h).
std::string passes_table(const Comparison& report) {
  std::string text = pass_table_text(pass_table_of(report));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

constexpr std::string (*kParts[])(const Comparison&) = {verdict_counts, groups, passes_table, retuned, library_picks, output_bits, compile_times,
                                                        compile_stages, instruction_counts, interleaved, next_step, codes_hint};

}  // namespace

std::string summary_text(const Comparison& report) {
  std::string text;
  for (auto part : kParts)
    if (std::string line = part(report); !line.empty()) text += (text.empty() ? "" : "\n") + line;
  return text;
}

std::string table_legend(const Comparison& report) {
  std::string legend = "speedup = A's time / B's (above 1: B is faster)";
  if (report.decided_by_instructions()) legend += "; * decided by instruction counts (callgrind), not by the time beside it";
  return legend;
}

}  // namespace abt
