#include "history/history_printers.h"

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

std::string noise_text(const PointNoise& noise) {
  if (!noise.learned)
    return fmt::format("noise not learned yet ({} build(s), {} needed): a step counts beyond {:.2f}%", noise.builds,
                       kBuildsToLearn, noise.step_pct);
  return fmt::format("noise {:.2f}% per build (from {} builds): a step counts beyond {:.2f}%, one build beyond {:.2f}%",
                     noise.sigma_pct, noise.builds, noise.step_pct, noise.one_build_pct);
}

std::string change_line(const HistorySeries& history, const Change& change) {
  return fmt::format("{} {:+.2f}% [{:+.2f}%, {:+.2f}%] between {} and {} (p = {:.2g}, {} builds before, {} after)",
                     spelling(change.kind), change.change_pct, change.low_pct, change.high_pct, build_text(history, change.before),
                     build_text(history, change.after), change.pvalue, change.n_before, change.n_after);
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
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
  for (const Build& build : builds)
    out << fmt::format("{:<{}}  {:<20}  {:>4}  {}\n", build.label, width, build.order.text, build.runs, build.fingerprint.substr(0, 12));
}

void print_series(const HistorySeries& history, const Series& series, const std::vector<Change>& changes, size_t width,
                  std::ostream& out) {
  const size_t columns = std::max<size_t>(width == std::string::npos ? 80 : width, 40);
  std::vector<double> values;
  std::vector<std::optional<std::pair<double, double>>> intervals;
  for (const SeriesValue& value : series.values)
    if (!value.excluded) {
      values.push_back(value.value);
      intervals.push_back(value.low && value.high ? std::optional(std::pair{*value.low, *value.high}) : std::nullopt);
    }
  std::vector<size_t> steps;  // where its change points are: their jumps are no noise
  for (const Change& change : changes)
    if (change.point == series.point)
      for (size_t i = 0, judged = 0; i < series.values.size(); ++i) {
        if (series.values[i].excluded) continue;
        if (series.values[i].build == change.after) steps.push_back(judged);
        ++judged;
      }
  const PointNoise noise = learn_noise(values, intervals, 0, steps);
  out << wrap_text(fmt::format("{}  {} ({}, {} is better)", series.point, history.metric.name, history.metric.unit,
                               spelling(history.metric.better)),
                   columns, "  ")
      << "\n";
  out << wrap_text(fmt::format("{} build(s), {} to {}; {}", series.values.size(), build_text(history, series.values.front().build),
                               build_text(history, series.values.back().build), noise_text(noise)),
                   columns, "  ")
      << "\n";
  if (values.empty()) return;
  const auto [least, greatest] = std::minmax_element(values.begin(), values.end());
  const std::string low = value_text(history.metric, *least), high = value_text(history.metric, *greatest);
  const size_t line_width = columns - 2 - std::max(low.size(), high.size()) - 1;
  const std::string line = sparkline(values, line_width);
  const size_t shown = std::min(values.size(), line_width);
  out << "  " << line << " " << high << "\n";
  // The change points under the column of the first build after each step.
  std::string marks(shown, ' ');
  std::vector<const Change*> own;
  for (const Change& change : changes)
    if (change.point == series.point) own.push_back(&change);
  for (const Change* change : own) {
    size_t position = 0;
    for (size_t i = 0, judged = 0; i < series.values.size(); ++i) {
      if (series.values[i].excluded) continue;
      if (series.values[i].build == change->after) position = judged;
      ++judged;
    }
    marks[std::min(shown - 1, position * shown / values.size())] = '^';
  }
  out << "  " << marks << " " << low << "\n";
  if (own.empty()) out << "  no change point\n";
  for (const Change* change : own) out << "  " << wrap_text("^ " + change_line(history, *change), columns - 2, "    ") << "\n";
  out << "  last builds:\n";
  const size_t from = series.values.size() > 5 ? series.values.size() - 5 : 0;
  for (size_t i = from; i < series.values.size(); ++i) {
    const SeriesValue& value = series.values[i];
    std::string text = build_text(history, value.build) + "  " + value_text(history.metric, value.value);
    if (value.low && value.high)
      text += fmt::format("  [{}, {}]", value_text(history.metric, *value.low), value_text(history.metric, *value.high));
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
                    {"change_pct", change.change_pct},
                    {"ci95_pct", {change.low_pct, change.high_pct}},
                    {"pvalue", change.pvalue},
                    {"kind", spelling(change.kind)},
                    {"builds_before", change.n_before},
                    {"builds_after", change.n_after},
                    {"noise", {{"learned", change.noise.learned},
                               {"sigma_pct", change.noise.sigma_pct},
                               {"step_pct", change.noise.step_pct},
                               {"builds", change.noise.builds}}}});
  nlohmann::json groups = nlohmann::json::array();
  for (const BuildChanges& group : group_by_build(changes))
    groups.push_back({{"build", build_json(group.build)},
                      {"regressions", group.regressions},
                      {"improvements", group.improvements},
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

void print_changes(const HistorySeries& history, const std::vector<Change>& changes, ChangesFormat format, std::ostream& out) {
  switch (format) {
    case ChangesFormat::json: out << changes_json(history, changes).dump(2) << "\n"; return;
    case ChangesFormat::csv:
      out << "point,op,metric,build_before,build_after,change_pct,ci95_low_pct,ci95_high_pct,pvalue,kind,builds_before,"
             "builds_after,noise_learned,noise_sigma_pct,step_pct\n";
      for (const Change& change : changes)
        out << fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(change.point), csv_field(change.op),
                           history.metric.name, csv_field(build_text(history, change.before)), csv_field(build_text(history, change.after)),
                           change.change_pct, change.low_pct, change.high_pct, change.pvalue, spelling(change.kind), change.n_before,
                           change.n_after, change.noise.learned, change.noise.sigma_pct, change.noise.step_pct);
      return;
    case ChangesFormat::md:
      out << fmt::format("**{}** over {} build(s), {} series: {} change point(s)\n\n", history.metric.name, history.builds.size(),
                         history.series.size(), changes.size());
      for (const BuildChanges& group : group_by_build(changes))
        out << fmt::format("- **{}**: {} point(s) regressed (median {:+.2f}%), {} improved (median {:+.2f}%)\n",
                           build_text(history, group.build), group.regressions, group.median_regression_pct, group.improvements,
                           group.median_improvement_pct);
      if (changes.empty()) return;
      out << "\n| point | between | change | 95% CI | p | kind | noise |\n|---|---|---:|---|---:|---|---:|\n";
      for (const Change& change : changes)
        out << fmt::format("| {} | {} -> {} | {:+.2f}% | [{:+.2f}%, {:+.2f}%] | {:.2g} | {} | {:.2f}% |\n", change.point,
                           build_text(history, change.before), build_text(history, change.after), change.change_pct, change.low_pct,
                           change.high_pct, change.pvalue, spelling(change.kind), change.noise.sigma_pct);
      return;
    case ChangesFormat::text: break;
  }
  out << fmt::format("{} over {} build(s) and {} series: {} change point(s), newest first\n", history.metric.name,
                     history.builds.size(), history.series.size(), changes.size());
  for (const BuildChanges& group : group_by_build(changes)) {
    out << fmt::format("\nbuild {}: {} point(s) {}", build_text(history, group.build), group.regressions,
                       history.metric.better == Better::lower ? "slower" : "worse");
    if (group.regressions) out << fmt::format(" (median {:+.2f}%)", group.median_regression_pct);
    out << fmt::format(", {} {}", group.improvements, history.metric.better == Better::lower ? "faster" : "better");
    if (group.improvements) out << fmt::format(" (median {:+.2f}%)", group.median_improvement_pct);
    out << "\n";
    for (const Change& change : changes)
      if (change.after == group.build) out << "  " << change.point << ": " << change_line(history, change) << "\n";
  }
}

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
    out << fmt::format("abtool history gate: regression: {} {:+.2f}% at {} ({} against the level {} of its builds before{}), beyond "
                       "its {:.2f}%{}\n",
                       hit.point, hit.change_pct, newest, value_text(history.metric, hit.value),
                       value_text(history.metric, hit.reference), interval, hit.threshold_pct,
                       hit.confirmed ? " (a change point)" : " (one build so far)");
    const StoredRun* bad = history.run(hit.newest_run);
    const StoredRun* good = history.run(hit.previous_run);
    if (bad && good) {
      out << fmt::format("  narrow it: abtool diff {} {}   (the point's row: its code's delta between the two builds)\n",
                         good->dir.string(), bad->dir.string());
      out << fmt::format("  then: examples/bisect.sh {} COMPILER...   (the compilers between builds {} and {}, oldest first)\n",
                         history.baseline_dir.empty() ? "RECORD" : history.baseline_dir, build_text(history, hit.previous), newest);
    }
  }
  for (const std::string& point : result.continuing)
    out << fmt::format("abtool history gate: {} regressed before {}: not started by it\n", point, newest);
  out << fmt::format("abtool history gate: {}: {} of {} point(s) start a regression{}\n", newest, result.regressions.size(),
                     result.judged,
                     result.unlearned ? fmt::format(" ({} with too short a past: judged at the floor)", result.unlearned) : "");
}

}  // namespace abt
