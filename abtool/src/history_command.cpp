// `abtool history add | list | show | changes | gate | report`, and record/replay --history adding
// the run they wrote (history/: the store, the series, the noise, the change points, the gate).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <future>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "commands.h"
#include "history/changes.h"
#include "printers/history_printers.h"
#include "report/trend_page.h"
#include "util/closest_name.h"
#include "util/environment.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"
#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::string metric_of(const HistoryStore& store, const HistoryOptions& options) {
  if (!options.metric.empty()) return options.metric;
  const std::optional<RunMode> mode = store.family_mode();
  if (!mode) throw InputError(fmt::format("{}: the history is empty: `abtool history add --db {} RUN...` first", store.file().string(),
                                          store.file().string()));
  return default_history_metric(*mode);
}

// The control's series where the metric has one (a replay's time, against A's code's in the same
// process): a step at the same build in both says the machine moved.
std::optional<HistorySeries> control_series(const HistoryStore& store, const HistorySeries& history) {
  if (history.metric.name != kTimeVsControl && history.metric.name != metric_name(MetricId::time)) return std::nullopt;
  if (!store.metric(std::string(kControlTime))) return std::nullopt;
  return load_series(store, std::string(kControlTime));
}

std::vector<Change> changes_of(const HistoryStore& store, const HistorySeries& history, const ChangeSettings& settings) {
  const std::optional<HistorySeries> control = control_series(store, history);
  return find_changes(history, settings, control ? &*control : nullptr);
}

const char* outcome_text(RunAdded::Outcome outcome) {
  switch (outcome) {
    case RunAdded::Outcome::added: return "added";
    case RunAdded::Outcome::replaced: return "re-measured since: its rows replaced";
    case RunAdded::Outcome::unchanged: return "already in the history, unchanged";
  }
  return "";
}

void say_added(const HistoryOptions& options, const HistoryStore& store, const RunAdded& added) {
  if (!options.quiet)
    fmt::print("{}: run {} ({}): {}\n", store.file().string(), added.run_id, added.dir.string(),
               added.outcome == RunAdded::Outcome::unchanged
                   ? outcome_text(added.outcome)
                   : fmt::format("{} as build '{}', {} point(s){}, {} row(s)", outcome_text(added.outcome), added.build,
                                 added.points, added.failed ? fmt::format(" ({} FAILED)", added.failed) : "", added.rows));
}

// Runs in the order given, each whole or not at all (a damaged run is refused naming it, the ones
// before it stay added). A run unchanged since it was added is not read again; the next run is read
// (on every core) while the one before is stored.
int add(const HistoryOptions& options) {
  if (options.runs.empty()) throw InputError("history add: name the run directories to add");
  HistoryStore store(options.db, HistoryAccess::write);
  std::optional<std::future<RunData>> pending;
  auto store_pending = [&] {
    if (pending) say_added(options, store, store.add(pending->get(), {options.build, options.build_order}));
    pending.reset();
  };
  for (const std::string& dir : options.runs) {
    const RunLayout layout(dir);
    if (!std::filesystem::is_regular_file(layout.meta()))
      throw InputError(fmt::format("history add {}: not a run directory (no meta.json)", dir));
    const MetaRecord meta = MetaRecord::read(layout.meta());
    if (!meta.run_id.empty() && store.holds(meta.run_id, run_content(layout), options.build)) {
      store_pending();
      say_added(options, store, {meta.run_id, layout.dir(), RunAdded::Outcome::unchanged, "", 0, 0});
      continue;
    }
    std::future<RunData> reading = std::async(std::launch::async, [dir] { return read_run(dir, ResultsFile::Samples::skip); });
    store_pending();
    pending = std::move(reading);
  }
  store_pending();
  return kExitOk;
}

const Series& find_series(const HistorySeries& history, const std::string& point, const std::filesystem::path& db) {
  for (const Series& series : history.series)
    if (series.point == point) return series;
  std::vector<std::string> names, holding;  // every point; those whose name holds what was given ("matmul")
  for (const Series& series : history.series) {
    names.push_back(series.point);
    if (series.point.find(point) != std::string::npos) holding.push_back(series.point);
  }
  auto some = [](const std::vector<std::string>& points) {
    const size_t shown = std::min<size_t>(points.size(), 4);
    return fmt::format("{}{}", fmt::join(points.begin(), points.begin() + ptrdiff_t(shown), ", "),
                       points.size() > shown ? fmt::format(" and {} more", points.size() - shown) : "");
  };
  std::string hint;
  if (const std::optional<std::string> meant = closest_name(point, names)) hint = fmt::format(" (did you mean {}?)", *meant);
  else if (!holding.empty()) hint = fmt::format(" (a point is op/shape/dtype; those with '{}': {})", point, some(holding));
  else if (!names.empty()) hint = fmt::format(" (a point is op/shape/dtype, as {})", some(names));
  throw InputError(fmt::format("{}: no point '{}' in this history's {} series{}", db.string(), point, history.metric.name, hint));
}

int show(const HistoryOptions& options) {
  const HistoryStore store(options.db, HistoryAccess::read);
  const HistorySeries history = load_series(store, metric_of(store, options));
  const Series& series = find_series(history, options.point, options.db);
  HistorySeries one = history;
  one.series = {series};
  const SeriesSteps steps = series_steps(judged_of(series), exact_metric(history.metric.name), options.settings);
  const std::vector<Change> changes = changes_of(store, one, options.settings);
  print_series(history, series, steps, changes, gate(one, changes, options.settings), stdout_width(), std::cout);
  return kExitOk;
}

int changes(const HistoryOptions& options) {
  const HistoryStore store(options.db, HistoryAccess::read);
  const HistorySeries history = load_series(store, metric_of(store, options));
  print_changes(history, changes_of(store, history, options.settings), options.format, std::cout);
  return kExitOk;
}

int run_gate(const HistoryOptions& options) {
  const HistoryStore store(options.db, HistoryAccess::read);
  const HistorySeries history = load_series(store, metric_of(store, options));
  const GateResult result = gate(history, changes_of(store, history, options.settings), options.settings);
  print_gate(history, result, std::cout);
  return result.passed() ? kExitOk : kExitPointFailed;
}

int report(const HistoryOptions& options) {
  const HistoryStore store(options.db, HistoryAccess::read);
  // The default name is not a request to replace what is there: the last page stays.
  if (!options.out_given && std::filesystem::exists(std::filesystem::symlink_status(options.out)))
    throw InputError(fmt::format("history report: {} exists (an earlier page); name the page with -o FILE, or -o {} to replace it",
                                 options.out.string(), options.out.string()));
  check_output_file(options.out, "history report -o");
  std::error_code same_error;
  if (std::filesystem::equivalent(options.out, options.db, same_error))
    throw InputError(fmt::format("history report -o {}: that is the history itself", options.out.string()));
  const HistorySeries history = load_series(store, metric_of(store, options));
  const std::vector<Change> found = changes_of(store, history, options.settings);
  std::ostringstream page;
  write_trend_page(store, history, found, page);
  write_file_atomically(options.out, page.str());
  fmt::print("{}: {} series over {} build(s), {} change point(s)\n", options.out.string(), history.series.size(),
             history.builds.size(), found.size());
  return kExitOk;
}

}  // namespace

int run_history(const HistoryOptions& given) {
  HistoryOptions options = given;
  if (options.db.empty()) options.db = environment().history_db.value_or("runs/nightly.sqlite");
  switch (options.command) {
    case HistoryCommand::add: return add(options);
    case HistoryCommand::list: {
      const HistoryStore store(options.db, HistoryAccess::read);
      print_builds(store, std::cout);
      return kExitOk;
    }
    case HistoryCommand::points: {
      const HistoryStore store(options.db, HistoryAccess::read);
      std::vector<std::string> points;
      for (const auto& [id, name] : store.point_names()) points.push_back(name);
      std::sort(points.begin(), points.end());
      for (const std::string& point : points) fmt::print("{}\n", point);
      return kExitOk;
    }
    case HistoryCommand::show: return show(options);
    case HistoryCommand::changes: return changes(options);
    case HistoryCommand::gate: return run_gate(options);
    case HistoryCommand::report: return report(options);
  }
  return kExitOk;
}

void check_history_hook(const HistoryHook& hook) {
  const std::string where = fmt::format("--history {} (checked before measuring)", hook.db.string());
  if (const std::optional<std::string> problem = build_request_problem({hook.build, hook.build_order}))
    throw InputError(fmt::format("{}: {}", where, *problem));
  std::error_code error;
  if (fs::exists(hook.db, error)) {
    HistoryStore(hook.db, HistoryAccess::write).check_can_add({hook.build, hook.build_order});
    return;
  }
  // The run's end makes the file: its folder must be there and writable, or nothing is added.
  const fs::path folder = hook.db.parent_path().empty() ? fs::path(".") : hook.db.parent_path();
  if (!fs::is_directory(folder, error))
    throw InputError(fmt::format("{}: its folder {} does not exist", where, folder.string()));
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    throw InputError(fmt::format("{}: its folder {} cannot be written (the history file is made there)", where, folder.string()));
}

int add_to_history(const std::filesystem::path& run_dir, const HistoryHook& hook) {
  const RunData run = read_run(run_dir, ResultsFile::Samples::skip);
  RunAdded added;
  try {
    HistoryStore store(hook.db, HistoryAccess::write);
    added = store.add(run, {hook.build, hook.build_order});
  } catch (const InputError& failure) {
    std::string finish = "abtool history add --db " + shell_quoted(hook.db.string());
    if (!hook.build.empty()) finish += " --build " + shell_quoted(hook.build);
    if (!hook.build_order.empty()) finish += " --build-order " + shell_quoted(hook.build_order);
    throw InputError(fmt::format("{}; the run is kept: `{} {}` adds it once that is fixed", failure.what(), finish,
                                 shell_quoted(run_dir.string())));
  }
  fmt::print(stderr, "history {}: {} as build '{}': {} point(s), {}, {} row(s)\n", hook.db.string(),
             outcome_text(added.outcome), added.build, added.points,
             added.failed == 0 ? "none FAILED" : added.failed == added.points ? "all FAILED" : fmt::format("{} FAILED", added.failed),
             added.rows);
  return kExitOk;
}

}  // namespace abt
