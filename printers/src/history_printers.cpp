#include "printers/history_printers.h"

#include "csv_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "stats/summary.h"
#include "util/terminal.h"
#include "util/units.h"

namespace abt {
namespace {

std::string value_text(const StoredMetric& metric, double value) {
  if (metric.unit == "x") return fmt::format("{:.4f}x", value);
  if (metric.unit == "us") return format_microseconds(value);
  if (metric.unit == "%") return fmt::format("{:.1f}%", value);
  return fmt::format("{:.6g} {}", value, metric.unit);
}

std::string build_text(const HistorySeries& history, size_t build) { return history.builds.at(build).label; }

std::string noise_text(const PointNoise& noise, bool exact) {
  if (exact) return fmt::format("exact (from {} builds: no change between builds of the same code): every change is a step", noise.builds);
  if (!noise.learned)
    return fmt::format("noise not learned yet ({} build(s), {} needed): a step counts beyond {:.2f}%", noise.builds,
                       kBuildsToLearn, noise.step_pct);
  return fmt::format("noise {:.2f}% per build (from {} builds): a step counts beyond {:.2f}%, one build beyond {:.2f}%",
                     noise.sigma_pct, noise.builds, noise.step_pct, noise.one_build_pct);
}

std::string cause_text(const Change& change) {
  switch (change.cause) {
    case ChangeCause::code_changed: return "the code changed";
    case ChangeCause::identical_code: return "identical code: the machine, not the compiler";
    case ChangeCause::code_unknown: break;
  }
  return "the code is not known";
}

std::string change_line(const HistorySeries& history, const Change& change) {
  const std::string what = change.compilers() ? std::string(spelling(change.kind)) : "machine step";
  const std::string interval =
      change.exact ? fmt::format("(exact: {:.10g} -> {:.10g})", change.level_before, change.level_after)
                   : fmt::format("[{:+.2f}%, {:+.2f}%]", change.low_pct, change.high_pct);
  std::string line = fmt::format("{} {:+.{}f}% {} between {} and {} ({}", what, change.change_pct,
                                 change.exact && std::abs(change.change_pct) < 0.01 ? 4 : 2, interval,
                                 build_text(history, change.before), build_text(history, change.after), cause_text(change));
  if (!change.exact) line += fmt::format(", p = {:.2g}", change.pvalue);
  line += fmt::format(", {} build(s) before, {} after", change.n_before, change.n_after);
  if (change.control_pct) line += fmt::format("; the control moved too: {:+.2f}%", *change.control_pct);
  return line + ")";
}

}  // namespace

std::string sparkline(const std::vector<double>& values, size_t width) {
  static const char* kBlocks[] = {"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"};
  if (values.empty() || width == 0) return "";
  std::vector<double> shown;
  const size_t columns = std::min(values.size(), width);
  for (size_t c = 0; c < columns; ++c) {
    const size_t from = c * values.size() / columns, to = (c + 1) * values.size() / columns;
    shown.push_back(median_of(std::vector<double>(values.begin() + long(from), values.begin() + long(std::max(to, from + 1)))));
  }
  const auto [least, greatest] = std::minmax_element(shown.begin(), shown.end());
  std::string line;
  for (double value : shown) {
    const double span = *greatest - *least;
    const int level = span > 0 ? std::min(7, int(std::floor(8 * (value - *least) / span))) : 0;
    line += kBlocks[level];
  }
  return line;
}

void print_builds(const HistoryStore& store, std::ostream& out) {
  const std::vector<Build> builds = store.builds();
  out << fmt::format("{}: {}, {} build(s), {} run(s)\n", store.file().string(), store.family_text(), builds.size(), store.runs().size());
  if (builds.empty()) return;
  size_t width = 5;
  for (const Build& build : builds) width = std::max(width, build.label.size());
  out << fmt::format("{:<{}}  {:<20}  {:>4}  {}\n", "build", width, "order", "runs", "compiler");
  for (const Build& build : builds) {
    std::string compiler = compiler_text(build.compiler);
    if (compiler.empty()) compiler = "fingerprint " + build.fingerprint.substr(0, 12);
    out << fmt::format("{:<{}}  {:<20}  {:>4}  {}\n", build.label, width, build.order.text, build.runs, compiler);
  }
}

namespace {
std::string basis_text(const HistorySeries& history, const GateHit& hit, bool beyond);

// The gate's word on the series' newest value.
std::string gate_line(const HistorySeries& history, const GateResult& gate) {
  if (!gate.newest) return "";
  const std::string at = "the gate at " + build_text(history, *gate.newest) + ": ";
  auto held = [&](const GateHit& hit, bool beyond) {
    return at + fmt::format("{}{:+.2f}% against {}, {}", beyond ? "regression " : "", hit.change_pct,
                            value_text(history.metric, hit.reference), basis_text(history, hit, beyond));
  };
  if (!gate.regressions.empty()) return held(gate.regressions.front(), true);
  if (!gate.within.empty()) {
    const GateHit& hit = gate.within.front();
    const bool better = history.metric.better == Better::lower ? hit.change_pct < 0 : hit.change_pct > 0;
    if (better && hit.basis != GateBasis::identical_code)
      return at + fmt::format("{:+.2f}% against {}: the better way, no regression", hit.change_pct, value_text(history.metric, hit.reference));
    return held(hit, false);
  }
  if (!gate.failures.empty()) return at + "FAILED: " + gate.failures.front().reason;
  if (!gate.continuing.empty()) return at + "regressed before it: not started by it";
  if (!gate.not_judged.empty()) return at + "not judged: " + gate.not_judged.front();
  if (!gate.missing.empty()) return at + "not measured (the build before measured it)";
  return "";
}
}  // namespace

void print_series(const HistorySeries& history, const Series& series, const SeriesSteps& steps, const std::vector<Change>& changes,
                  const GateResult& gate, size_t width, std::ostream& out) {
  const size_t columns = std::max<size_t>(width == std::string::npos ? 80 : width, 40);
  const JudgedSeries judged = judged_of(series);
  out << wrap_text(fmt::format("{}  {} ({}, {} is better)", series.point, history.metric.name, history.metric.unit,
                               spelling(history.metric.better)),
                   columns, "  ")
      << "\n";
  const std::string span = series.values.empty() ? "no value"
                                                 : fmt::format("{} to {}", build_text(history, series.values.front().build),
                                                               build_text(history, series.values.back().build));
  out << wrap_text(fmt::format("{} build(s), {}; {}", series.values.size(), span, noise_text(steps.noise, steps.exact)), columns,
                   "  ")
      << "\n";
  for (const SeriesFailure& failure : series.failures)
    out << "  " << wrap_text(fmt::format("FAILED at {}: {}", build_text(history, failure.build), failure.reason), columns - 2, "    ")
        << "\n";
  const std::vector<double>& values = judged.values;
  if (values.empty()) return;
  const auto [least, greatest] = std::minmax_element(values.begin(), values.end());
  const std::string low = "min " + value_text(history.metric, *least), high = "max " + value_text(history.metric, *greatest);
  const size_t line_width = columns - 2 - std::max(low.size(), high.size()) - 1;
  const std::string line = sparkline(values, line_width);
  const size_t shown = std::min(values.size(), line_width);
  out << "  " << line << " " << high << "\n";
  // The steps under the column of the first build after each.
  std::string marks(shown, ' ');
  std::vector<const Change*> own;
  for (const Change& change : changes)
    if (change.point == series.point) own.push_back(&change);
  for (const Change* change : own)
    for (size_t i = 0; i < judged.from.size(); ++i)
      if (judged.from[i]->build == change->after) marks[std::min(shown - 1, i * shown / values.size())] = change->compilers() ? '^' : '.';
  out << "  " << marks << " " << low << "\n";
  out << "  newest: " << value_text(history.metric, values.back()) << " at " << build_text(history, judged.from.back()->build) << "\n";
  if (const std::string said = gate_line(history, gate); !said.empty()) out << "  " << wrap_text(said, columns - 2, "    ") << "\n";
  if (own.empty()) out << "  no step\n";
  for (const Change* change : own)
    out << "  " << wrap_text(std::string(change->compilers() ? "^ " : ". ") + change_line(history, *change), columns - 2, "    ") << "\n";
  out << "  last builds:\n";
  const size_t from = series.values.size() > 5 ? series.values.size() - 5 : 0;
  for (size_t i = from; i < series.values.size(); ++i) {
    const SeriesValue& value = series.values[i];
    std::string text = build_text(history, value.build) + "  " + value_text(history.metric, value.value);
    if (value.low && value.high)
      text += fmt::format("  [{}, {}]", value_text(history.metric, *value.low), value_text(history.metric, *value.high));
    if (i > 0 && value.code.known() && series.values[i - 1].code.known())
      text += value.code.same_as(series.values[i - 1].code) ? "  same code" : "  code changed";
    if (value.excluded) text += "  (not judged: a fallback sweep)";
    out << "    " << wrap_text(text, columns - 4, "      ") << "\n";
  }
}

nlohmann::json changes_json(const HistorySeries& history, const std::vector<Change>& changes) {
  auto build_json = [&](size_t build) {
    const Build& found = history.builds.at(build);
    return nlohmann::json{{"label", found.label}, {"order", found.order.text}};
  };
  nlohmann::json list = nlohmann::json::array();
  for (const Change& change : changes)
    list.push_back({{"point", change.point},
                    {"op", change.op},
                    {"before", build_json(change.before)},
                    {"after", build_json(change.after)},
                    {"level_before", change.level_before},
                    {"level_after", change.level_after},
                    {"change_pct", change.change_pct},
                    {"ci95_pct", {change.low_pct, change.high_pct}},
                    {"pvalue", change.pvalue},
                    {"kind", spelling(change.kind)},
                    {"cause", spelling(change.cause)},
                    {"exact", change.exact},
                    {"builds_before", change.n_before},
                    {"builds_after", change.n_after},
                    {"control_change_pct", change.control_pct ? nlohmann::json(*change.control_pct) : nlohmann::json()},
                    {"noise", {{"learned", change.noise.learned},
                               {"sigma_pct", change.noise.sigma_pct},
                               {"step_pct", change.noise.step_pct},
                               {"builds", change.noise.builds}}}});
  nlohmann::json groups = nlohmann::json::array();
  for (const BuildChanges& group : group_by_build(changes))
    groups.push_back({{"build", build_json(group.build)},
                      {"regressions", group.regressions},
                      {"improvements", group.improvements},
                      {"machine", group.machine},
                      {"median_regression_pct", group.regressions ? nlohmann::json(group.median_regression_pct) : nlohmann::json()},
                      {"median_improvement_pct", group.improvements ? nlohmann::json(group.median_improvement_pct) : nlohmann::json()}});
  nlohmann::json builds = nlohmann::json::array();
  for (const Build& build : history.builds) builds.push_back({{"label", build.label}, {"order", build.order.text}, {"runs", build.runs}});
  return {{"schema", kHistoryChangesSchema},
          {"metric", {{"name", history.metric.name}, {"unit", history.metric.unit}, {"better", spelling(history.metric.better)}}},
          {"builds", builds},
          {"series", history.series.size()},
          {"changes", list},
          {"by_build", groups}};
}

void print_changes(const HistorySeries& history, const std::vector<Change>& changes, OutputFormat format, std::ostream& out) {
  switch (format) {
    case OutputFormat::json: out << changes_json(history, changes).dump(2) << "\n"; return;
    case OutputFormat::csv:
      out << "point,op,metric,build_before,build_after,change_pct,ci95_low_pct,ci95_high_pct,pvalue,kind,cause,exact,builds_before,"
             "builds_after,control_change_pct,noise_learned,noise_sigma_pct,step_pct\n";
      for (const Change& change : changes)
        out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(change.point), csv_field(change.op),
                           history.metric.name, csv_field(build_text(history, change.before)), csv_field(build_text(history, change.after)),
                           change.change_pct, change.low_pct, change.high_pct, change.pvalue, spelling(change.kind),
                           spelling(change.cause), change.exact, change.n_before, change.n_after,
                           change.control_pct ? fmt::format("{}", *change.control_pct) : "", change.noise.learned,
                           change.noise.sigma_pct, change.noise.step_pct);
      return;
    case OutputFormat::md:
      out << fmt::format("**{}** over {} build(s), {} series: {} change point(s)\n\n", history.metric.name, history.builds.size(),
                         history.series.size(), changes.size());
      for (const BuildChanges& group : group_by_build(changes))
        out << fmt::format("- **{}**: {} point(s) regressed (median {:+.2f}%), {} improved (median {:+.2f}%){}\n",
                           build_text(history, group.build), group.regressions, group.median_regression_pct, group.improvements,
                           group.median_improvement_pct,
                           group.machine ? fmt::format("; {} step(s) on identical code (the machine)", group.machine) : "");
      if (changes.empty()) return;
      out << "\n| point | between | change | 95% CI | p | kind | cause | noise |\n|---|---|---:|---|---:|---|---|---:|\n";
      for (const Change& change : changes)
        out << fmt::format("| {} | {} -> {} | {:+.2f}% | [{:+.2f}%, {:+.2f}%] | {:.2g} | {} | {} | {:.2f}% |\n", change.point,
                           build_text(history, change.before), build_text(history, change.after), change.change_pct, change.low_pct,
                           change.high_pct, change.pvalue, spelling(change.kind), cause_text(change), change.noise.sigma_pct);
      return;
    case OutputFormat::text: break;
  }
  out << fmt::format("{} over {} build(s) and {} series: {} change point(s), newest first\n", history.metric.name,
                     history.builds.size(), history.series.size(), changes.size());
  for (const BuildChanges& group : group_by_build(changes)) {
    out << fmt::format("\nbuild {}: {} point(s) {}", build_text(history, group.build), group.regressions,
                       history.metric.better == Better::lower ? "slower" : "worse");
    if (group.regressions) out << fmt::format(" (median {:+.2f}%)", group.median_regression_pct);
    out << fmt::format(", {} {}", group.improvements, history.metric.better == Better::lower ? "faster" : "better");
    if (group.improvements) out << fmt::format(" (median {:+.2f}%)", group.median_improvement_pct);
    if (group.machine) out << fmt::format("; {} step(s) on identical code (the machine, not the compiler)", group.machine);
    out << "\n";
    for (const Change& change : changes)
      if (change.after == group.build) out << "  " << change.point << ": " << change_line(history, change) << "\n";
  }
}

namespace {

// What a point was held to at the newest build, as the gate says it.
std::string basis_text(const HistorySeries& history, const GateHit& hit, bool beyond) {
  const char* side = beyond ? "beyond" : "within";
  switch (hit.basis) {
    case GateBasis::learned_noise: return fmt::format("{} its learned one-build bar {:.2f}%", side, hit.threshold_pct);
    case GateBasis::own_interval:
      return fmt::format("judged by its own interval against {} (too short a past to learn its noise), {} {:.2f}%",
                         hit.level_from == hit.previous ? "build " + build_text(history, hit.previous)
                                                        : fmt::format("the median of builds {} to {}", build_text(history, hit.level_from),
                                                                      build_text(history, hit.previous)),
                         beyond ? "beyond" : "not clear of it by", hit.threshold_pct);
    case GateBasis::exact: return fmt::format("an exact metric, {} {:.2f}%", side, hit.threshold_pct);
    case GateBasis::identical_code: return "the build before's code: the machine's, never a regression";
  }
  return "";
}

}  // namespace

void print_gate(const HistorySeries& history, const GateResult& result, std::ostream& out) {
  if (!result.newest) {
    out << "abtool history gate: the history has no build yet: nothing to gate\n";
    return;
  }
  const std::string newest = build_text(history, *result.newest);
  for (const GateHit& hit : result.regressions) {
    std::string interval;
    if (hit.low && hit.high)
      interval = fmt::format(", its interval [{}, {}]", value_text(history.metric, *hit.low), value_text(history.metric, *hit.high));
    const std::string basis = basis_text(history, hit, true);
    out << fmt::format("abtool history gate: regression: {} {:+.2f}% at {} ({} against {} before{}), {}{}\n", hit.point,
                       hit.change_pct, newest, value_text(history.metric, hit.value), value_text(history.metric, hit.reference),
                       interval, basis, hit.confirmed ? " (a change point)" : "");
    const StoredRun* bad = history.run(hit.newest_run);
    const StoredRun* good = history.run(hit.previous_run);
    if (!bad || !good) continue;
    out << fmt::format("  narrow it: abtool diff {} {}   (build {} against {}: their times over the same control, the code's delta)\n",
                       good->dir.string(), bad->dir.string(), build_text(history, hit.previous), newest);
    std::vector<std::string> between;
    for (size_t b = hit.previous + 1; b < *result.newest; ++b) {
      const nlohmann::json compiler = nlohmann::json::parse(history.builds[b].compiler, nullptr, false);
      if (compiler.is_object() && compiler.contains("backend") && compiler.contains("path"))
        between.push_back(fmt::format("{}:{}", compiler["backend"].get<std::string>(), compiler["path"].get<std::string>()));
    }
    if (!between.empty() && !history.baseline_dir.empty())
      out << fmt::format("  then: examples/bisect.sh {} {}   (the builds between {} and {} in this history, oldest first)\n",
                         history.baseline_dir, fmt::join(between, " "), build_text(history, hit.previous), newest);
    else
      out << fmt::format("  then: builds {} and {} are adjacent in this history: bisect the compiler's own changes between them "
                         "(examples/bisect.sh {} COMPILER... with a compiler built at each)\n",
                         build_text(history, hit.previous), newest, history.baseline_dir.empty() ? "RECORD" : history.baseline_dir);
  }
  for (const GateFailure& failure : result.failures)
    out << fmt::format("abtool history gate: FAILED: {} at {}{}: {}\n", failure.point, newest,
                       failure.was_ok ? " (it succeeded in the build before)" : " (it failed in the build before too)", failure.reason);
  for (const std::string& point : result.missing)
    out << fmt::format("abtool history gate: not measured: {} (the build before measured it, {} did not)\n", point, newest);
  for (const std::string& point : result.not_judged) out << fmt::format("abtool history gate: not judged: {}\n", point);
  for (const std::string& point : result.continuing)
    out << fmt::format("abtool history gate: {} regressed before {}: not started by it\n", point, newest);
  std::vector<std::string> how;
  if (result.identical_code) how.push_back(fmt::format("{} ran the build before's code", result.identical_code));
  if (result.by_interval) how.push_back(fmt::format("{} judged by their own interval: too short a past", result.by_interval));
  out << fmt::format("abtool history gate: {}: {} of {} judged point(s) start a regression{}", newest, result.regressions.size(),
                     result.judged, how.empty() ? "" : fmt::format(" ({})", fmt::join(how, "; ")));
  if (!result.failures.empty()) out << fmt::format(", {} FAILED", result.failures.size());
  if (!result.missing.empty() || !result.not_judged.empty())
    out << fmt::format(", {} not judged", result.missing.size() + result.not_judged.size());
  out << "\n";
  if (result.judged == 0) out << fmt::format("abtool history gate: no point of {} could be judged: it does not pass\n", newest);
}

}  // namespace abt
