// abtool: did this compiler change make these kernels faster or slower, on these shapes, and why?
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>

#include "abtool_version.h"
#include "capture/capture.h"
#include "commands.h"
#include "completion.h"
#include "default_paths.h"
#include "help_format.h"
#include "list_option.h"
#include "graphtime/warmup.h"
#include "model/markers.h"
#include "printers/exporter.h"
#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "util/closest_name.h"
#include "util/environment.h"
#include "util/terminal.h"
#include "verdict/finding.h"
#include "vocabulary_choices.h"
#include "worker/messages.h"
#include "worker/supervisor.h"
#include "util/errors.h"

namespace {

// Range checks that read like the rule: "--rep-ms: must be a number > 0, not '0'".
std::optional<double> number_in(const std::string& text) {
  try {
    size_t used = 0;
    double value = std::stod(text, &used);
    if (used == text.size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

CLI::Validator above(double low) {
  return CLI::Validator(
      [low](std::string& text) -> std::string {
        auto value = number_in(text);
        return value && *value > low ? "" : fmt::format("must be a number > {:g}, not '{}'", low, text);
      },
      fmt::format("> {:g}", low));
}

CLI::Validator at_least(double low) {
  return CLI::Validator(
      [low](std::string& text) -> std::string {
        auto value = number_in(text);
        return value && *value >= low ? "" : fmt::format("must be a number >= {:g}, not '{}'", low, text);
      },
      fmt::format(">= {:g}", low));
}

CLI::Validator between(double low, double high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        auto value = number_in(text);
        return value && *value >= low && *value <= high ? ""
                                                        : fmt::format("must be a number from {:g} to {:g}, not '{}'", low, high, text);
      },
      fmt::format("{:g}..{:g}", low, high));
}

CLI::Validator whole_number(double low, double high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        auto value = number_in(text);
        if (value && *value >= low && *value <= high && *value == std::floor(*value)) return "";
        return fmt::format("must be a whole number from {:.0f} to {:.0f}, not '{}'", low, high, text);
      },
      fmt::format("{:.0f}..{:.0f}", low, high));
}

// Option text that names an enum value: checked by CLI11, converted once here.
struct EnumTexts {
  std::optional<std::string> timer, test_graph_fault, shard, metric, counters, configs;
};

// An option given as '' (`--out ''`, `--gpus=`) is a mistake, not the option left out: a folder ''
// would be the working directory, `--gpus ''` every point on the default GPU.
CLI::Validator named(const std::string& what, const std::string& label) {
  return CLI::Validator(
      [what](std::string& text) -> std::string { return text.empty() ? "must name " + what + ", not ''" : ""; }, label);
}
CLI::Validator named_folder() { return named("a folder", "FOLDER"); }

CLI::Validator shard_text() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (abt::Shard::parse(text)) return "";
        if (auto from_zero = abt::Shard::parse_from_zero(text); from_zero && from_zero->index == 0)
          return fmt::format("must be I/N with 1 <= I <= N: parts count from 1 (the first of {} is 1/{}), not '{}'",
                             from_zero->count, from_zero->count, text);
        return fmt::format("must be I/N with 1 <= I <= N (e.g. 1/4), not '{}'", text);
      },
      "I/N");
}

// Replay inherits most of its settings from A (replay/replay_source.cpp RecordRun::defaults), so
// its help says so instead of record's defaults.
void add_measure_options(CLI::App& command, abt::RunOptions& options, EnumTexts& texts, abt::RunMode mode) {
  const bool replay = mode == abt::RunMode::replay;
  auto by_mode = [&](std::string record_default, std::string replay_default) {
    return " (default" + (replay ? replay_default : record_default) + ")";
  };
  abt::add_list_option(command, "--op", options.ops, "op names",
                       "op name(s), comma separated" + by_mode(": every op in the shape set", ": A's ops"));
  command.add_option("--ops-dir", options.ops_dir,
                     "folder of op specs" + by_mode(": see docs/commands.md, where abtool finds its ops", ": A's"))
      ->check(named_folder());
  command.add_option("--shapes", options.shapes,
                     "shape set YAML" + by_mode(": shapes/smoke.yaml beside examples/ops", ": A's shapes.yaml, the shapes it used"))
      ->check(named("a shape set file", "FILE"));
  abt::add_list_option(command, "--dtypes", options.dtypes, "dtypes",
                       "dtypes, comma separated" + by_mode(": the shape set's or op's", ": A's"));
  command.add_option("--compiler", options.compiler,
                     "compiler under test: host:g++, host:clang++, nvrtc, nvcc:PATH, triton:PYTHON" +
                         by_mode(": nvrtc with a GPU, else host:g++", ": A's, so name B's compiler here"))
      ->check(named("a compiler (host:g++, host:clang++, nvrtc, nvcc:PATH, triton:PYTHON)", "SPEC"));
  command.add_option("--compiler-flags", options.compiler_flags, "flags added after the backend's defaults");
  command.add_option("--compiler-env", options.compiler_env, "K=V set in the compiler's environment (repeatable)");
  command.add_option("--timer", texts.timer,
                     abt::choices_text<abt::TimerKind>() + by_mode(" graph", ": A's") + "; host ops are always wall-clock timed")
      ->check(abt::one_of_spellings<abt::TimerKind>());
  const abt::TimingSettings defaults;
  command.add_option("--warmup-ms", options.warmup_ms,
                     fmt::format("warm-up before a point's timing: at most this many ms, and {} to {} calls; it ends early "
                                 "once two batches of calls agree within {:g}%{}",
                                 abt::kMinWarmupCalls, abt::kMaxWarmupCalls, 100 * abt::kSteadyWarmupTolerance,
                                 by_mode(fmt::format(" {:g}", defaults.warmup_ms), ": A's")))
      ->check(above(0));
  command.add_option("--rep-ms", options.rep_ms,
                     "measurement budget per point in ms" + by_mode(fmt::format(" {:g}", defaults.rep_ms), ": A's"))
      ->check(above(0));
  command.add_option("--rounds", options.rounds,
                     "interleaved measurement rounds per point" + by_mode(fmt::format(" {}", defaults.rounds), ": A's"))
      ->check(whole_number(1, 1000));
  command.add_option("--metric", texts.metric,
                     abt::choices_text<abt::Metric>() + ": what verdicts are decided from" + by_mode(" time", ": A's") +
                         "; instructions: each side's call counted under Valgrind after its timing, host ops")
      ->check(abt::one_of_spellings<abt::Metric>());
  command.add_option("--counters", texts.counters,
                     "read hardware counters per side after timing, shown by diff as each point's `why` (CUDA ops; "
                     "CUPTI's range profiler): changed (the default when given alone: a replay's FASTER/SLOWER "
                     "points; a record's every point) | all | none")
      ->expected(0, 1)
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return text.empty() || abt::parse_spelling<abt::CounterSelection>(text)
                       ? ""
                       : fmt::format("must be {}, not '{}'", abt::choices_text<abt::CounterSelection>(), text);
          },
          "SET"));
  command.add_flag("--compile-instructions", options.compile_instructions,
                   "compile each measured variant once more under Valgrind after its timing and count the "
                   "instructions of every compiler stage (host, nvcc and triton compilers), so diff decides "
                   "compile-time changes from counts");
  command.add_option("--gpu", options.gpu, "GPU index (default 0)")->check(whole_number(0, 1023));
  command.add_option("--shard", texts.shard,
                     "measure the I-th of N parts of the points (I from 1; consecutive parts of about equal cost); "
                     "`abtool merge` joins the N runs" + by_mode(": all of them", ": A's shard"))
      ->check(shard_text());
  abt::add_list_option(command, "--points", options.points, "point ids",
                       "measure only these points of the selection, comma separated, named as diff and results.json name "
                       "them (op/shape/dtype)");
  command.add_option("--cache-dir", options.cache_dir,
                     "persistent compile cache (default $ABTOOL_CACHE_DIR, else $XDG_CACHE_HOME/abtool or "
                     "~/.cache/abtool; limit $ABTOOL_CACHE_MAX_MB, default 4096)")
      ->check(named_folder());
  command.add_flag("--no-cache", options.no_cache, "compile every variant; neither read nor write the compile cache");
  command.add_option("--arch", options.arch, "CUDA target such as sm_90 (default: the GPU's; without a GPU, CUDA "
                                             "variants are compiled for it and points fail)");
  command.add_option("--seed", options.seed, "seed of the input generator" + by_mode(" 42", ": A's"))->check(whole_number(0, 9007199254740992.0));
  command.add_option("--out", options.out, "run directory to create (default: runs/<op>_<timestamp>)")
      ->check(named_folder());
  // A test seam, not for users: that CUDA graph phase fails as if the driver had refused it.
  command.add_option("--test-graph-fault", texts.test_graph_fault)
      ->check(abt::one_of_spellings<abt::GraphPhase>())
      ->group("");
}

void add_process_options(CLI::App& command, abt::ProcessOptions& process) {
  command.add_option("--resume", process.resume,
                     "finish an interrupted or killed run: its finished points are kept (every other option is the run's)");
  command.add_option("--point-timeout-s", process.point_timeout_s,
                     "a step of a point (a sweep candidate, a verification, a timing round) that runs longer fails the "
                     "point with POINT_TIMEOUT (default 60 + 4 x (warm-up + rep) in seconds; at least 0.5)")
      ->check(at_least(abt::kMinPointTimeoutS));
  command.add_option("--gpus", process.gpus,
                     "spread the points over these GPUs of one model, one worker each (a list such as 0,1, or all); "
                     "each point records its GPU; one run directory in the end")
      ->check(named("GPUs (0,1 or all)", "LIST"))
      ->excludes(command.get_option("--gpu"))
      ->excludes(command.get_option("--shard"));
  command.add_option("--history", process.history.db,
                     "when the run ends, add it to this history file (abtool history: series over builds, change points, "
                     "a CI gate)")
      ->check(named("FILE", "FILE"));
  command.add_option("--build", process.history.build, "with --history: the label of the build this run measures (a "
                                                       "commit, a nightly; default: the compiler's name and fingerprint)");
  command.add_option("--build-order", process.history.build_order,
                     "with --history: where that build stands, a number or a date (default: the run's start time)");
  // The supervisor starts the worker with these; not for users.
  command.add_option("--worker", process.worker)->group("");
  command.add_flag("--worker-resume", process.worker_resume)->group("");
  command.add_flag("--worker-restart", process.worker_restart)->group("");
}

// meta.json keeps the command line as the user gave it: without the worker's own options.
std::vector<std::string> user_command_line(int argc, char** argv) {
  std::vector<std::string> line;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--worker-resume" || arg == "--worker-restart") continue;
    if (arg == "--worker") {
      ++i;
      continue;
    }
    line.push_back(arg);
  }
  return line;
}

void finish_options(abt::RunOptions& options, const EnumTexts& texts, int argc, char** argv) {
  if (texts.timer) options.timer = abt::parse_spelling<abt::TimerKind>(*texts.timer);
  if (texts.test_graph_fault) options.test_graph_fault = abt::parse_spelling<abt::GraphPhase>(*texts.test_graph_fault);
  if (texts.shard) options.shard = abt::Shard::parse(*texts.shard);
  if (texts.metric) options.metric = abt::parse_spelling<abt::Metric>(*texts.metric);
  if (texts.configs) options.configs = abt::parse_spelling<abt::ConfigPolicy>(*texts.configs);
  if (texts.counters)
    options.counters = texts.counters->empty() ? abt::CounterSelection::changed
                                               : *abt::parse_spelling<abt::CounterSelection>(*texts.counters);
  options.command_line = user_command_line(argc, argv);
  std::error_code error;
  options.tool = {ABTOOL_VERSION, ABTOOL_GIT_SHA, std::filesystem::read_symlink("/proc/self/exe", error).parent_path()};
}

// `--resume RUN` takes every measure option from the run: giving one too is a mistake.
void check_resume_alone(const CLI::App& command, const abt::ProcessOptions& process) {
  if (process.resume.empty()) return;
  for (const CLI::Option* option : command.get_options())
    if (option->count() && option->get_name() != "--resume" && option->get_name() != "--point-timeout-s" &&
        !option->check_lname("color") && !option->check_lname("quiet"))
      throw abt::InputError("--resume takes every option from the run's meta.json; " + option->get_name() +
                            " cannot be given with it");
}

std::vector<std::string> arguments_after_program(int argc, char** argv) { return {argv + 1, argv + argc}; }

// A command abtool does not have, with the one it most likely meant: "abtool: unknown command
// 'recrod' (did you mean 'record'?)". Empty for an option (the top level's own: --help, --version).
std::string misspelled_command(CLI::App& app, const std::string& given) {
  if (given.rfind('-', 0) == 0) return "";
  std::vector<std::string> known;
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) known.push_back(command->get_name());
  if (auto meant = abt::closest_name(given, known))
    return fmt::format("abtool: error: unknown command '{}' (did you mean '{}'?)", given, *meant);
  return fmt::format("abtool: error: unknown command '{}' (the commands: {})", given, fmt::join(known, ", "));
}

// An option the command does not have, with the one it most likely meant: "abtool diff: unknown
// option '--treshold' (did you mean '--threshold'?)", or a command it does not have ("abtool history:
// unknown command 'gaet' (did you mean 'gate'?)"), named at the depth it was given (`history gate
// --treshold`: gate's options, not history's). Empty when no argument is such a typo.
std::string misspelled_option(CLI::App& app, int argc, char** argv) {
  if (argc < 2) return "";
  CLI::App* command = nullptr;
  try {
    command = app.get_subcommand(argv[1]);
  } catch (const CLI::OptionNotFound&) {
    return misspelled_command(app, argv[1]);
  }
  std::string name = argv[1];
  int next = 2;
  // A command of commands (history): its first word names the one it runs.
  while (next < argc && !command->get_subcommands([](const CLI::App*) { return true; }).empty()) {
    const std::string word = argv[next];
    if (word.rfind('-', 0) == 0) break;  // an option before any command: CLI11 names what is missing
    try {
      command = command->get_subcommand(word);
    } catch (const CLI::OptionNotFound&) {
      std::vector<std::string> known;
      for (const CLI::App* sub : command->get_subcommands([](const CLI::App*) { return true; })) known.push_back(sub->get_name());
      if (auto meant = abt::closest_name(word, known))
        return fmt::format("abtool {}: error: unknown command '{}' (did you mean '{}'?)", name, word, *meant);
      return fmt::format("abtool {}: error: unknown command '{}' (the commands: {})", name, word, fmt::join(known, ", "));
    }
    name += " " + word;
    ++next;
  }
  std::vector<std::string> known;
  for (const CLI::Option* option : command->get_options())
    if (!option->get_group().empty())  // hidden options are not suggested
      for (const auto& long_name : option->get_lnames()) known.push_back("--" + long_name);
  for (int i = next; i < argc; ++i) {
    std::string given = argv[i];
    if (given == "--") break;  // capture's workload: its own options, not abtool's
    if (given.rfind("--", 0) != 0) continue;
    given = given.substr(0, given.find('='));
    if (std::find(known.begin(), known.end(), given) != known.end()) continue;
    std::vector<std::string> longer;  // --warmup: the one option it begins
    for (const auto& option : known)
      if (option.rfind(given, 0) == 0) longer.push_back(option);
    if (longer.size() == 1)
      return fmt::format("abtool {}: error: unknown option '{}' (did you mean '{}'?)", name, given, longer[0]);
    if (auto meant = abt::closest_name(given, known))
      return fmt::format("abtool {}: error: unknown option '{}' (did you mean '{}'?)", name, given, *meant);
    return fmt::format("abtool {}: error: unknown option '{}' (abtool {} --help lists the options)", name, given, name);
  }
  return "";
}

// Every command's options as the command line declares and fills them.
struct CommandLine {
  CLI::App app{"abtool: A/B performance comparison of compiler builds on GPU and host kernels"};
  CLI::App *record = nullptr, *replay = nullptr, *diff = nullptr, *report = nullptr, *merge = nullptr, *capture = nullptr,
           *completion = nullptr, *explain = nullptr, *history = nullptr, *explain_finding = nullptr;
  std::vector<std::pair<CLI::App*, abt::HistoryCommand>> history_commands;
  abt::HistoryOptions history_options;
  abt::RunOptions record_options, replay_options;
  EnumTexts record_texts, replay_texts;
  abt::ProcessOptions record_process, replay_process;
  std::string replay_from;
  bool replay_passes = false;  // replay --passes: read back from the run's meta.json when it ends
  abt::ReplayOptions replay_only;
  bool no_interleave = false;
  abt::DiffOptions diff_options;
  abt::ReportOptions report_options;
  abt::MergeOptions merge_options;
  abt::ExplainOptions explain_options;
  abt::CaptureRequest capture_request;
  std::string capture_out;
  double capture_timeout_s = 0;  // --timeout (0: none)
  bool capture_no_check = false;  // --no-check
  std::string completion_shell;
  std::string finding_code;  // explain-finding CODE
  bool quiet = false;
  std::string colour{abt::spelling(abt::ColourChoice::automatic)};
};

void declare_measure_commands(CommandLine& cli) {
  cli.record = cli.app.add_subcommand("record", "side A: sweep every tune key, record the choices, measure the winners");
  add_measure_options(*cli.record, cli.record_options, cli.record_texts, abt::RunMode::record);
  add_process_options(*cli.record, cli.record_process);
  cli.record->add_option("--configs", cli.record_texts.configs,
                         abt::choices_text<abt::ConfigPolicy>() + ": how A's config is picked: its own sweep of the op's "
                         "space, or, for a captured op, the config the library's own tuner chose in the workload (a point "
                         "whose capture knows none is swept; run.log says so) (default sweep)")
      ->check(abt::one_of_spellings<abt::ConfigPolicy>());
  // abtool capture starts its replay check with this beside the workload; not for users.
  cli.record->add_option("--after-capture", cli.record_options.after_capture)->group("");
  auto* replay = cli.replay = cli.app.add_subcommand("replay", "side B: measure A's points with A's recorded configs");
  add_measure_options(*replay, cli.replay_options, cli.replay_texts, abt::RunMode::replay);
  add_process_options(*replay, cli.replay_process);
  replay->add_option("--from", cli.replay_from, "run directory of a record run (required unless --resume)");
  replay->add_flag("--no-interleave", cli.no_interleave,
                   "measure B alone (default: A's stored binary is measured beside B's, rounds alternating)");
  replay->add_flag("--aa", cli.replay_only.aa,
                   "an A/A is meant: no warning that B's compiler, flags and environment are A's");
  replay->add_flag("--retune", cli.replay_only.retune,
                   "also sweep B's own best config per key and measure it beside A's: diff shows the pinned and the "
                   "best-vs-best speedup and where the optimum moved");
  replay->add_flag("--passes", cli.replay_passes,
                   "afterwards, compile each point whose code differs from A's again, both sides, with per-pass IR "
                   "dumps, into the run's ir/passes/ (gzipped, explain.json there: the first divergent pass, as "
                   "abtool explain says it)");
  replay->add_option("--max-extra-ms", cli.replay_only.max_extra_ms,
                     fmt::format("extra interleaved rounds, per point, while a point is AMBIGUOUS (default {:g})",
                                 abt::ReplayOptions{}.max_extra_ms))
      ->check(at_least(0));
  replay->add_option("--threshold", cli.replay_only.threshold_pct,
                     fmt::format("the change in percent that matters when deciding whether a point needs more rounds, and "
                                 "for the interval each point keeps for diff (default {:g})", abt::kDefaultThresholdPct))
      ->check(at_least(0));
  for (CLI::App* command : {cli.record, cli.replay})
    command->add_flag("-q,--quiet", cli.quiet, "no progress and no line per point as it ends: the final table, warnings and errors");
}

std::string threshold_help() { return fmt::format("smallest change in percent that counts (default {:g})", abt::kDefaultThresholdPct); }

std::string instruction_threshold_help() {
  return fmt::format("smallest change in instruction count in percent that counts, where both runs counted "
                     "(--metric instructions; default {:g})",
                     abt::kDefaultInstructionThresholdPct);
}

void declare_comparing_commands(CommandLine& cli) {
  abt::DiffOptions& diff_options = cli.diff_options;
  auto* diff = cli.diff = cli.app.add_subcommand("diff", "compare two runs point by point");
  diff->add_option("RUN_A", diff_options.a, "baseline run directory")->required();
  diff->add_option("RUN_B", diff_options.b, "candidate run directory")->required();
  diff->add_flag("--ir", diff_options.ir, "add unified IR diffs per measured variant");
  abt::format_option(*diff, diff_options.format, abt::FormattedCommand::diff);
  diff->add_flag("--wide", diff_options.wide,
                 "text: every column (n, spread, drift, output bits, IR delta, re-tuned speedup, note) in the table "
                 "(default: 80 columns, the rest on a line per point below it)");
  diff->add_option("--threshold", diff_options.rule.threshold_pct, threshold_help())->check(at_least(0));
  diff->add_option("--instructions-threshold", diff_options.rule.instruction_threshold_pct, instruction_threshold_help())
      ->check(at_least(0));
  auto* fail = diff->add_flag("--fail-on-regression", diff_options.fail_on_regression,
                              "exit 1 when a point is significantly SLOWER by more than --threshold, or when a point is "
                              "MISSING, FAILED or UNTRUSTED; else 125 when a point is AMBIGUOUS (undecided: no CI step "
                              "passes on nothing); the rows on stderr");
  diff->add_flag("--allow-incomplete", diff_options.allow_incomplete,
                 "with --fail-on-regression: MISSING, FAILED and UNTRUSTED points do not fail the job")
      ->needs(fail);
  diff->add_flag("--allow-undecided", diff_options.allow_undecided,
                 "with --fail-on-regression: AMBIGUOUS points (no verdict at this spread) do not fail the job (exit 0, "
                 "not 125)")
      ->needs(fail);
  diff->add_flag("--bisect", diff_options.bisect,
                 "for `git bisect run`: exit 0 good, 1 bad (a point SLOWER beyond --threshold), 125 cannot tell "
                 "(a point AMBIGUOUS, UNTRUSTED, FAILED or MISSING)")
      ->excludes(fail);
  diff->add_option("--group-by", diff_options.group_by,
                   abt::choices_text<abt::GroupBy>() + ": after the summary, a line per op, shape or dtype: its verdict "
                   "counts and geomean speedup")
      ->check(abt::one_of_spellings<abt::GroupBy>());
  diff->add_flag("--passes", diff_options.passes,
                 "compile A's and B's measured variant of each point whose code differs again, with per-pass IR dumps, "
                 "and show the first pass (or stage) whose output differs (as abtool explain)");

  auto* explain = cli.explain = cli.app.add_subcommand(
      "explain", "where inside the compiler A's and B's code part: the first pass whose output differs, per point");
  explain->add_option("RUN_A", cli.explain_options.a, "baseline run directory")->required();
  explain->add_option("RUN_B", cli.explain_options.b, "candidate run directory")->required();
  explain->add_option("POINT", cli.explain_options.points,
                      "point ids (op/shape/dtype; default: every point whose measured binaries differ, FASTER and SLOWER first)");
  explain->add_option("--out", cli.explain_options.out,
                      "a new folder for each side's pass outputs (each distinct IR once); never inside A or B");
  abt::format_option(*explain, cli.explain_options.format, abt::FormattedCommand::explain);
  explain->add_option("--threshold", cli.explain_options.rule.threshold_pct, threshold_help())->check(at_least(0));
  explain->add_flag("--detail", cli.explain_options.detail,
                    "each point's pass lists, its output's operations and IR excerpt, its compile time by pass (default: a "
                    "point a line)");
  explain->add_flag("--skip-passes", cli.explain_options.skip_passes,
                    "compile B's variant again with each pass where its code parts from A's left out in turn (Triton's "
                    "MLIR passes: abtool_skip_passes; GCC's: -fdisable-*), and say which makes it A's code");
  explain->add_flag("--time", cli.explain_options.time_skipped,
                    "with --skip-passes: replay B with each pass that changed its code left out, A's binary timed beside "
                    "it, and give its verdict against A (which pass brings B's time back to A's); on B's device");
  explain->add_flag("--raw", cli.explain_options.raw,
                    "compare pass outputs as text, value names as printed (default: as code, each side's value names "
                    "matched to the other's, so a renumbering is no change)");
  explain->add_flag("--dry-run", cli.explain_options.dry_run,
                    "print the compilers, flags and environment each side would be compiled with (from its meta.json, "
                    "which may name a -wrapper or any program) and the points, and compile nothing");
  explain->add_flag("-q,--quiet", cli.quiet, "no progress lines: the explanation, warnings and errors");

  auto* report = cli.report = cli.app.add_subcommand("report", "one self-contained HTML page comparing two runs (charts, tables, IR diffs)");
  report->add_option("RUN_A", cli.report_options.a, "baseline run directory")->required();
  report->add_option("RUN_B", cli.report_options.b, "candidate run directory")->required();
  report->add_option("-o,--out", cli.report_options.out, "the HTML file to write")->capture_default_str();
  report->add_option("--threshold", cli.report_options.rule.threshold_pct, threshold_help())->check(at_least(0));
  report->add_option("--instructions-threshold", cli.report_options.rule.instruction_threshold_pct, instruction_threshold_help())
      ->check(at_least(0));
  report->add_flag("--passes", cli.report_options.passes,
                   "beside each point's IR delta, the first compiler pass whose output differs and its IR excerpt "
                   "(as abtool explain; the variants are compiled again)");

  cli.merge = cli.app.add_subcommand("merge", "join the shard runs of one selection (--shard I/N) into one run directory");
  cli.merge->add_option("OUT", cli.merge_options.out, "the run directory to create")->required();
  cli.merge->add_option("RUN", cli.merge_options.shards, "every shard run (all N of them, each finished)")->required();
}

void declare_other_commands(CommandLine& cli) {
  auto* capture = cli.capture = cli.app.add_subcommand(
      "capture", "run a Python workload and capture every Triton kernel it launches as abtool ops (record --ops-dir "
                 "DIR/ops --shapes DIR/shapes.yaml)");
  capture->add_option("--out", cli.capture_out, "the capture directory to create (default: captures/capture_<date>-<time>)")
      ->check(named_folder());
  capture->add_option("--max-input-mb", cli.capture_request.max_input_mb,
                      "store floating-point tensors up to this size, in MiB (2^20 bytes; default 256; integer tensors "
                      "always are); "
                      "a larger one is not stored: its point's inputs are generated from a sample of its values and A's "
                      "output is its reference (docs/capture.md)")
      ->check(at_least(0));
  capture->add_option("--timeout", cli.capture_timeout_s,
                      "stop the workload after this many seconds and keep what it captured until then (a partial "
                      "capture, which record takes as it is); SIGINT and SIGTERM keep it too")
      ->check(above(0));
  capture->add_flag("--full-timing", cli.capture_request.full_timing,
                    "let the workload's own timing loops (triton.testing.do_bench, do_bench_cudagraph) run as they are; "
                    "by default each runs its call once outside autotuners (abtool times the kernels itself), and the "
                    "summary says how many were shortened");
  capture->add_flag("--no-check", cli.capture_no_check,
                    "do not replay the captured specializations at the end (by default each is compiled and launched "
                    "once on its captured inputs and compared with its captured outputs, as record does, and the "
                    "summary separates those that replay from those that do not)");
  capture->add_option("COMMAND", cli.capture_request.command, "the workload, after --: abtool capture -- python3 bench.py")
      ->required();

  cli.explain_finding = cli.app.add_subcommand(
      "explain-finding", "what a finding code beside a verdict (host_busy, crosses_threshold, ...) means and what to do");
  cli.explain_finding->add_option("CODE", cli.finding_code,
                                  "a code as diff's JSON and docs/verdicts.md name it (HOST_BUSY works too); none: every code");

  cli.completion = cli.app.add_subcommand("completion", "print a completion script for your shell: eval \"$(abtool completion bash)\"");
  cli.completion->add_option("SHELL", cli.completion_shell, abt::spelling_list<abt::CompletionShell>(" or "))
      ->required()
      ->check(abt::one_of_spellings<abt::CompletionShell>());
}

void declare_history_command(CommandLine& cli) {
  abt::HistoryOptions& options = cli.history_options;
  auto* history = cli.history = cli.app.add_subcommand(
      "history", "keep runs by build in one SQLite file: each point's series, change points, a CI gate, a trend page");
  history->require_subcommand(1);
  auto sub = [&](const char* name, const char* what, abt::HistoryCommand command) {
    CLI::App* app = history->add_subcommand(name, what);
    app->add_option("--db", options.db,
                    "the history file (SQLite; `history add` makes it; default $ABTOOL_HISTORY_DB, else "
                    "runs/nightly.sqlite, what examples/nightly.sh keeps)");
    cli.history_commands.emplace_back(app, command);
    return app;
  };
  auto judged = [&](CLI::App* app) {
    app->add_option("--metric", options.metric,
                    "the metric whose series are judged (default: time_vs_control for replays of one record: B's time "
                    "over A's code's in the same process; time for records)");
    const abt::ChangeSettings defaults;
    app->add_option("--threshold", options.settings.floor_pct,
                    fmt::format("a floor in % under every point's learned noise: no smaller step counts (default {:g}: the noise "
                                "alone)", defaults.floor_pct))
        ->check(at_least(0));
    app->add_option("--max-pvalue", options.settings.max_pvalue,
                    fmt::format("the p-value a level shift where the code changed must reach (default {:g}; where the code did "
                                "not change, or is not known, a scan over every build asks for more)", defaults.max_pvalue))
        ->check(between(1e-12, 0.5));
    app->add_option("--min-segment", options.settings.min_segment,
                    fmt::format("builds a level must last (default {}: one odd build is an outlier, not a level)",
                                defaults.min_segment))
        ->check(whole_number(1, 1000));
  };
  auto* add = sub("add", "add run directories (each once, by run id; a run re-measured by --resume replaces its rows)",
                  abt::HistoryCommand::add);
  add->add_option("--build", options.build,
                  "the build's label (a commit, a nightly's date; default: the compiler's name and fingerprint)");
  add->add_option("--build-order", options.build_order,
                  "where the build stands among the others: a number or a date or time (default: the run's start time)");
  add->add_option("RUN", options.runs, "run directories (records, or replays of one record)")->required();
  add->add_flag("-q,--quiet", options.quiet, "no line per run added");
  sub("list", "the history's builds in order, with their runs", abt::HistoryCommand::list);
  sub("points", "the history's points, one a line, as `show` takes them (and shell completion offers them)",
      abt::HistoryCommand::points);
  auto* show = sub("show", "one point's series: a sparkline over the builds, its change points, its last values",
                   abt::HistoryCommand::show);
  show->add_option("POINT", options.point, "the point (op/shape/dtype)")->required();
  judged(show);
  auto* changes = sub("changes", "every step, newest first, grouped by the build it fell on, with whose it is (the code changed, "
                                 "or identical code: the machine)", abt::HistoryCommand::changes);
  judged(changes);
  abt::format_option(*changes, options.format, abt::FormattedCommand::history_changes);
  auto* gate = sub("gate",
                   "exit 0 only when every point of the newest build was judged and none starts a regression beyond its "
                   "learned noise or FAILED; else 1",
                   abt::HistoryCommand::gate);
  judged(gate);
  auto* page = sub("report", "one self-contained HTML page: a chart per op over the builds, change points marked",
                   abt::HistoryCommand::report);
  page->add_option("-o,--out", options.out, "the HTML file to write (default trends.html)");
  judged(page);
}

// What every command's help ends with: --color where it applies, two examples, where the rest is.
void declare_help(CommandLine& cli) {
  std::vector<CLI::App*> coloured{cli.record, cli.replay, cli.diff, cli.explain, cli.report, cli.merge, cli.capture};
  for (const auto& [command, kind] : cli.history_commands) coloured.push_back(command);
  for (CLI::App* command : coloured)
    command->add_option("--color", cli.colour,
                        "colour on a terminal: auto (ABTOOL_COLOR, NO_COLOR and the terminal decide) | always | never")
        ->check(abt::one_of_spellings<abt::ColourChoice>());
  cli.app.footer(
      "Examples:\n"
      "  abtool record --op cpu_matmul --compiler host:g++ --out runs/A    # A: the baseline\n"
      "  abtool replay --from runs/A --compiler host:clang++ --out runs/B  # B, on A's choices\n"
      "  abtool diff runs/A runs/B                                         # the verdicts\n"
      "  abtool capture --out cap -- python3 -m pytest tests/              # a workload's kernels\n"
      "Exit codes: 0 every point SUCCESS; 1 a point FAILED (or diff --fail-on-regression / --bisect: a regression); "
      "2 bad input or usage; 3 internal error or a broken environment (disk full); 125 diff --bisect cannot tell, or diff --fail-on-regression found a point undecided (AMBIGUOUS); "
      "130 / 143 stopped by SIGINT / SIGTERM (record/replay --resume finishes the run).\n" +
      std::string(abt::environment_help()));
  const std::vector<std::pair<CLI::App*, std::vector<std::string>>> examples{
      {cli.record,
       {"abtool record --op cpu_matmul --compiler host:g++ --out runs/A",
        "abtool record --op triton_matmul --compiler triton:python3 --out runs/A"}},
      {cli.replay,
       {"abtool replay --from runs/A --compiler host:clang++ --out runs/B",
        "abtool replay --from runs/A --compiler-flags enable_fp_fusion=0 --out runs/B"}},
      {cli.diff, {"abtool diff runs/A runs/B --ir", "abtool diff runs/A runs/B --format json --fail-on-regression"}},
      {cli.explain,
       {"abtool explain runs/A runs/B", "abtool explain runs/A runs/B triton_layernorm/4096x4096/fp32 --detail",
        "abtool explain runs/A runs/B --out explained --format json"}},
      {cli.report, {"abtool report runs/A runs/B", "abtool report runs/A runs/B --out ab.html --threshold 5"}},
      {cli.merge,
       {"abtool merge runs/A runs/A-1 runs/A-2 runs/A-3   # of record --shard 1/3 .. 3/3",
        "abtool merge runs/B runs/B-1 runs/B-2 runs/B-3   # of replay --shard I/3"}},
      {cli.capture,
       {"abtool capture --out runs/cap -- python3 bench.py",
        "abtool capture --max-input-mb 64 -- python3 -m pytest tests/test_softmax.py"}},
      {cli.completion, {"eval \"$(abtool completion bash)\"", "eval \"$(abtool completion zsh)\""}},
      {cli.explain_finding, {"abtool explain-finding host_busy", "abtool explain-finding   # every code"}},
      {cli.history, {"abtool history add --db nightly.sqlite --build 2026-12-06 runs/B", "abtool history gate --db nightly.sqlite"}},
  };
  const std::map<abt::HistoryCommand, std::vector<std::string>> history_examples{
      {abt::HistoryCommand::add,
       {"abtool history add --db nightly.sqlite --build 2026-12-06 runs/B", "abtool history add --db nightly.sqlite runs/B-*"}},
      {abt::HistoryCommand::list, {"abtool history list --db nightly.sqlite", "abtool history list --db runs/history.sqlite"}},
      {abt::HistoryCommand::points, {"abtool history points --db nightly.sqlite", "abtool history points | grep matmul"}},
      {abt::HistoryCommand::show,
       {"abtool history show --db nightly.sqlite cpu_matmul/64x64x64/fp32",
        "abtool history show --db nightly.sqlite cpu_matmul/64x64x64/fp32 --metric code_bytes"}},
      {abt::HistoryCommand::changes,
       {"abtool history changes --db nightly.sqlite", "abtool history changes --db nightly.sqlite --format json"}},
      {abt::HistoryCommand::gate,
       {"abtool history gate --db nightly.sqlite", "abtool history gate --db nightly.sqlite --threshold 1"}},
      {abt::HistoryCommand::report,
       {"abtool history report --db nightly.sqlite -o trends.html",
        "abtool history report --db nightly.sqlite --metric instructions -o counts.html"}},
  };
  for (const auto& [command, kind] : cli.history_commands)
    command->footer(fmt::format("Examples:\n  {}\n\nExit codes and environment variables: abtool --help. Manual: "
                                "README.md and docs/history.md in abtool's source.",
                                fmt::join(history_examples.at(kind), "\n  ")));
  for (const auto& [command, lines] : examples)
    command->footer(fmt::format("Examples:\n  {}\n\nExit codes and environment variables: abtool --help. Manual: "
                                "README.md and docs/ in abtool's source.",
                                fmt::join(lines, "\n  ")));
}

// The words with `--name=` (an empty value) made `--name` ``: CLI11 reads `--out= --rep-ms 5` as
// --out without a value and takes `--rep-ms` for it. Words after `--` (capture's workload) are left.
std::vector<std::string> with_empty_values_apart(int argc, char** argv) {
  std::vector<std::string> words(argv, argv + argc);
  for (size_t i = 1; i < words.size() && words[i] != "--"; ++i) {
    const std::string& word = words[i];
    if (word.size() > 3 && word.starts_with("--") && word.back() == '=' && word.find('=') == word.size() - 1) {
      words[i].pop_back();
      words.insert(words.begin() + std::ptrdiff_t(i) + 1, "");
      ++i;
    }
  }
  return words;
}

// The exit code when the command line is not one to run (a typo, --help, --version); nullopt: run it.
std::optional<int> parse_command_line(CommandLine& cli, int given_argc, char** given_argv) {
  std::vector<std::string> words = with_empty_values_apart(given_argc, given_argv);
  std::vector<char*> pointers;
  for (std::string& word : words) pointers.push_back(word.data());
  const int argc = int(pointers.size());
  char** argv = pointers.data();
  try {
    cli.app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return cli.app.exit(error);  // --help, --version
    if (std::string hint = misspelled_option(cli.app, argc, argv); !hint.empty()) {
      fmt::print(stderr, "{}\n", hint);
      return abt::kExitBadInput;
    }
    // One line, named as abtool's, with where the options are listed.
    std::string command;
    try {
      if (argc >= 2 && cli.app.get_subcommand(argv[1])) command = std::string(" ") + argv[1];
      if (argc >= 3 && cli.app.get_subcommand(argv[1])->get_subcommand(argv[2])) command += std::string(" ") + argv[2];
    } catch (const CLI::OptionNotFound&) {  // neither names a command (history's: gate, show)
    }
    // capture's workload is everything after --: without it, the workload's own options look like abtool's.
    const std::string hint = command == " capture" && error.get_exit_code() == static_cast<int>(CLI::ExitCodes::ExtrasError)
                                 ? "the workload goes after --: abtool capture -- python3 -c ..."
                                 : "abtool" + command + " --help lists the options";
    fmt::print(stderr, "abtool{}: error: {} ({})\n", command, error.what(), hint);
    return abt::kExitBadInput;
  }
}

int run_measure_command(CommandLine& cli, int argc, char** argv) {
  const bool record = static_cast<bool>(*cli.record);
  abt::RunOptions& options = record ? cli.record_options : cli.replay_options;
  abt::ProcessOptions& process = record ? cli.record_process : cli.replay_process;
  finish_options(options, record ? cli.record_texts : cli.replay_texts, argc, argv);
  cli.replay_only.interleave = !cli.no_interleave;
  if (!process.worker.empty()) {
    options.resume = process.worker_resume;
    options.restarted_worker = process.worker_restart;
    return abt::run_as_worker(process, [&](abt::StepWatch* watch) {
      return record ? abt::run_record(options, watch) : abt::run_replay(cli.replay_from, options, cli.replay_only, watch);
    });
  }
  check_resume_alone(record ? *cli.record : *cli.replay, process);
  if ((!process.history.build.empty() || !process.history.build_order.empty()) && process.history.db.empty())
    throw abt::InputError("--build and --build-order name the build for --history: give --history FILE too");
  if (!record && cli.replay_from.empty() && process.resume.empty()) throw abt::InputError("replay: --from is required");
  if (!process.history.db.empty()) abt::check_history_hook(process.history);  // not found out after the whole run
  std::filesystem::path run_dir;
  int code = abt::run_supervised(record ? "record" : "replay", arguments_after_program(argc, argv), process, options,
                                 record ? std::filesystem::path() : std::filesystem::path(cli.replay_from), &run_dir);
  if (run_dir.empty() || (code != abt::kExitOk && code != abt::kExitPointFailed)) return code;
  if (!process.history.db.empty()) code = std::max(code, abt::add_to_history(run_dir, process.history));
  if (record) return code;
  // --passes as the run was given it (a --resume takes its command line from meta.json).
  const std::vector<std::string> given = abt::MetaRecord::read(abt::RunLayout(run_dir).meta()).command_line;
  if (std::find(given.begin(), given.end(), "--passes") == given.end()) return code;
  const int explained = abt::store_replay_passes(run_dir);
  return code != abt::kExitOk ? code : explained;
}

int run_command(CommandLine& cli, int argc, char** argv) {
  if (*cli.record || *cli.replay) return run_measure_command(cli, argc, argv);
  // How verdicts are judged, whichever command shows them: the environment's part read once here.
  for (abt::JudgingRule* rule : {&cli.diff_options.rule, &cli.report_options.rule, &cli.explain_options.rule})
    rule->exhaustive_bootstrap = abt::environment().exhaustive_bootstrap;
  if (*cli.report) {
    cli.report_options.out_given = cli.report->count("--out") > 0;
    return abt::run_report(cli.report_options);
  }
  if (*cli.explain) return abt::run_explain(cli.explain_options);
  if (*cli.history) {
    for (const auto& [command, kind] : cli.history_commands)
      if (*command) {
        cli.history_options.command = kind;
        // report alone has -o (CLI11 throws when asked of an option a subcommand lacks)
        if (kind == abt::HistoryCommand::report) cli.history_options.out_given = command->count("--out") > 0;
      }
    return abt::run_history(cli.history_options);
  }
  if (*cli.capture) {
    cli.capture_request.out = cli.capture_out.empty() ? abt::default_capture_dir() : std::filesystem::path(cli.capture_out);
    if (cli.capture_timeout_s > 0) cli.capture_request.timeout_s = cli.capture_timeout_s;
    cli.capture_request.check = !cli.capture_no_check;
    return abt::run_capture(cli.capture_request, std::cout);
  }
  if (*cli.explain_finding) return abt::run_explain_finding(cli.finding_code, std::cout);
  if (*cli.completion) {
    abt::CompletionWords words;
    for (const auto& [code, name] : abt::Spellings<abt::FindingCode>::table) words.operands["explain-finding"].emplace_back(name);
    words.ops_dir = abt::record_defaults().ops_dir.string();
    std::cout << abt::completion_script(cli.app, *abt::parse_spelling<abt::CompletionShell>(cli.completion_shell), words);
    return abt::kExitOk;
  }
  if (*cli.merge) {
    cli.merge_options.command_line = {argv, argv + argc};
    return abt::run_merge(cli.merge_options);
  }
  return abt::run_diff(cli.diff_options);
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine cli;
  cli.app.name("abtool");  // "Usage: abtool ...", not the path it was started by
  cli.app.formatter(std::make_shared<abt::FittingFormatter>());  // before the subcommands: they take it from app
  cli.app.require_subcommand(1);
  cli.app.set_version_flag("--version", std::string("abtool ") + ABTOOL_VERSION + " (" + ABTOOL_GIT_SHA + ")");
  declare_measure_commands(cli);
  declare_comparing_commands(cli);
  declare_other_commands(cli);
  declare_history_command(cli);
  declare_help(cli);
  if (argc < 2) {  // no command: what there is to run, not only that one is missing
    fmt::print(stderr, "{}\nabtool: error: a command is required\n", cli.app.help());
    return abt::kExitBadInput;
  }
  if (auto exit = parse_command_line(cli, argc, argv)) return *exit;
  if (const auto parsed = cli.app.get_subcommands(); !parsed.empty()) abt::name_the_command(parsed.front()->get_name());
  abt::choose_quiet(cli.quiet);
  abt::choose_colour(*abt::parse_spelling<abt::ColourChoice>(cli.colour));
  try {
    abt::environment();  // a bad value of a variable abtool reads: exit 2 before anything runs
    return run_command(cli, argc, argv);
  } catch (const abt::InputError& error) {
    abt::say({abt::MessageKind::error, error.what()});
    return abt::kExitBadInput;
  } catch (const abt::StorageError& error) {  // the machine, not abtool: a folder missing, a full disk
    abt::say({abt::MessageKind::error, error.what()});
    return abt::kExitInternal;
  } catch (const std::bad_alloc&) {  // the machine's memory, not abtool's logic: said so, not as "std::bad_alloc"
    abt::say({abt::MessageKind::error, "out of memory: this machine could not give what the command needed (a shape "
                                       "set's largest shapes, or too many points at once?)"});
    return abt::kExitInternal;
  } catch (const std::exception& error) {
    abt::say({abt::MessageKind::internal_error, error.what()});
    return abt::kExitInternal;
  }
}
