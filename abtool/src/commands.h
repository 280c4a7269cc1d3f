// The user commands; each returns abtool's exit code (SPEC section 4).
#pragma once
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>

#include "verdict/instruction_verdict.h"
#include "verdict/verdict.h"
#include "engine/run_request.h"
#include "compare/comparison.h"
#include "printers/explain_printers.h"
#include "printers/history_printers.h"
#include "replay/replay_run.h"

namespace abt {

struct DiffOptions {
  std::string a, b;
  bool ir = false;
  OutputFormat format = OutputFormat::text;  // of formats_of(FormattedCommand::diff)
  JudgingRule rule;  // --threshold, --instructions-threshold (points both runs counted); the environment's bootstrap
  bool fail_on_regression = false;
  bool allow_incomplete = false;  // --fail-on-regression passes MISSING, FAILED and UNTRUSTED points
  bool allow_undecided = false;   // --fail-on-regression passes AMBIGUOUS points
  bool bisect = false;            // exit 0 good, 1 bad, 125 cannot tell (git bisect run)
  bool wide = false;              // text: every column in the table instead of the 80-column layout
  bool passes = false;            // --passes: the first divergent pass of each point whose code differs
  std::string group_by;           // --group-by op|shape|dtype (compare/point_groups.h); empty: none
};

// `git bisect run` reads 125 as "this commit cannot be tested".
inline constexpr int kExitBisectSkip = 125;

// How record and replay run as processes (worker/supervisor.h).
// record/replay --history FILE [--build LABEL] [--build-order KEY]: the run adds itself when it ends.
struct HistoryHook {
  std::filesystem::path db;
  std::string build, build_order;
};

struct ProcessOptions {
  std::string resume;                      // --resume RUN
  std::optional<double> point_timeout_s;   // --point-timeout-s
  std::string gpus;                        // --gpus LIST|all (worker/gpu_fleet.h)
  std::string worker;                      // hidden: run as the worker of a supervisor with this control folder
  bool worker_resume = false;              // hidden: the worker finishes the run named by --out
  bool worker_restart = false;             // hidden: ... after the worker before it ended (a crash, a lost context)
  HistoryHook history;                     // --history: the supervisor adds the run when it ends
};

// The measuring commands in the worker: `measure` runs record or replay with the given watch.
int run_record(const RunOptions& options, StepWatch* watch);
int run_replay(const std::filesystem::path& from, const RunOptions& options, const ReplayOptions& replay, StepWatch* watch);
int run_as_worker(const ProcessOptions& process, const std::function<int(StepWatch*)>& measure);

// The measuring commands as the user runs them: a supervisor around a worker. `args` is the
// command line after the program name; `options` are its parsed measure options.
// `replay_from`: replay's --from (empty for record). `run_dir`, where given, is set to the run
// directory written.
int run_supervised(const std::string& command, const std::vector<std::string>& args, const ProcessOptions& process,
                   const RunOptions& options, const std::filesystem::path& replay_from = {},
                   std::filesystem::path* run_dir = nullptr);

int run_diff(const DiffOptions& options);

struct ExplainOptions {
  std::string a, b;
  std::vector<std::string> points;  // ids; empty: every point whose measured code differs
  std::string out;                  // --out: where each side's pass outputs go
  OutputFormat format = OutputFormat::text;  // of formats_of(FormattedCommand::explain)
  JudgingRule rule;  // for the verdicts it shows beside each point
  bool skip_passes = false;                     // --skip-passes: each divergent pass left out of B in turn
  bool time_skipped = false;                    // --time: each such B replayed, A's binary beside it, and judged
  bool dry_run = false;                         // --dry-run: what would be compiled, and with what, nothing run
  bool raw = false;                             // --raw: pass outputs compared as text, value names as printed
  bool detail = false;                          // --detail: each point's pass lists and IR excerpt, not a line
};
// Exit 0, or 1 when a point could not be explained (its variant does not compile again).
int run_explain(const ExplainOptions& options);
// diff --passes: `report`'s points whose code differs get their first divergent pass.
std::vector<PointExplanation> explain_for_diff(const RunData& a, const RunData& b, Comparison& report);
// replay --passes: after the replay in `b_dir`, its points whose code differs from A's compiled again
// with pass dumps into B's own ir/passes/ (explain.json there, abtool.explain/1). Returns 1 when a
// point could not be explained, else 0.
int store_replay_passes(const std::filesystem::path& b_dir);

struct ReportOptions {
  std::string a, b;
  std::filesystem::path out = "report.html";
  bool out_given = false;  // -o named it: an existing file there is replaced; the default is not
  JudgingRule rule;
  bool passes = false;  // --passes: each differing point's first divergent pass, with its IR excerpt
};
int run_report(const ReportOptions& options);

struct MergeOptions {
  std::filesystem::path out;
  std::vector<std::string> shards;
  std::vector<std::string> command_line;
};
int run_merge(const MergeOptions& options);

enum class HistoryCommand { add, list, points, show, changes, gate, report };
struct HistoryOptions {
  HistoryCommand command = HistoryCommand::list;
  std::filesystem::path db;
  std::vector<std::string> runs;       // add
  std::string build, build_order;      // add
  std::string point;                   // show
  std::string metric;                  // default: time_vs_control for replays, time for records
  OutputFormat format = OutputFormat::text;  // changes
  std::filesystem::path out = "trends.html";  // report
  bool out_given = false;  // -o named it: an existing file there is replaced; the default is not
  ChangeSettings settings;             // --threshold, --max-pvalue, --min-segment
  bool quiet = false;
};
// 0, or for gate 1 when the newest build starts a regression, FAILED a point or left one unjudged;
// bad input is an InputError (exit 2).
int run_history(const HistoryOptions& options);
// record/replay --history, before anything is measured: what can be checked then (throws InputError).
void check_history_hook(const HistoryHook& hook);
// record/replay --history: the run just written added (exit 2 with its cause where it cannot be,
// saying the run is kept and the `history add` that finishes the job).
int add_to_history(const std::filesystem::path& run_dir, const HistoryHook& hook);

// `abtool explain-finding [CODE]`: a finding code's meaning and what to do; no code: every code.
int run_explain_finding(const std::string& code, std::ostream& out);

}  // namespace abt
