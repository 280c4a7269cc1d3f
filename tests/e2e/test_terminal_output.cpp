// What a terminal shows fits it and guides: every --help line within 100 characters and the
// common footer once, on the top-level help; the diff table within COLUMNS=80 (its detail lines
// wrapped); a replay that changes nothing against A says so before it measures.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "abtool_runner.h"
#include "verdict/finding.h"

namespace abt::e2e {
namespace fs = std::filesystem;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(TerminalOutput, HelpLinesFitAndTheFooterIsTheTopLevelsAlone) {
  for (const char* command : {"", "record", "replay", "diff", "report", "capture", "merge", "completion", "history"}) {
    std::vector<std::string> args;
    if (*command) args.push_back(command);
    args.push_back("--help");
    for (const char* columns : {"80", "300"}) {
      ProcessResult result = abtool(args, {{"COLUMNS", columns}});
      ASSERT_EQ(result.exit_code, 0) << describe(result);
      for (const auto& line : lines_of(result.out)) EXPECT_LE(line.size(), 100u) << command << ": " << line;
      const bool footer = result.out.find("Exit codes: 0 every point SUCCESS") != std::string::npos;
      EXPECT_EQ(footer, !*command) << command << ": the exit codes and environment once, in abtool --help";
      if (*command) EXPECT_NE(result.out.find("abtool --help"), std::string::npos) << result.out;
      if (*command) {  // two examples of the command itself
        const size_t examples = result.out.find("Examples:\n");
        ASSERT_NE(examples, std::string::npos) << result.out;
        const auto lines = lines_of(result.out.substr(examples));
        ASSERT_GE(lines.size(), 3u);
        for (size_t i : {1u, 2u}) EXPECT_NE(lines[i].find(std::string(command)), std::string::npos) << lines[i];
      }
    }
  }
}

// Issue 74: a choice of words is written one way in every command's help, "{a,b}", its default in
// the description (CLI11 wrote "TEXT:{text,md,json,csv}=text" beside "{text,json}").
TEST(TerminalOutput, EveryHelpWritesAChoiceOfWordsOneWay) {
  const std::vector<std::vector<std::string>> commands{
      {"record"}, {"replay"}, {"diff"}, {"report"}, {"explain"}, {"capture"}, {"merge"}, {"completion"},
      {"history", "add"}, {"history", "show"}, {"history", "changes"}, {"history", "gate"}, {"history", "report"}};
  size_t choices = 0;
  for (std::vector<std::string> args : commands) {
    args.push_back("--help");
    const ProcessResult help = abtool(args, {{"COLUMNS", "300"}});
    ASSERT_EQ(help.exit_code, 0) << describe(help);
    EXPECT_EQ(help.out.find(":{"), std::string::npos) << args[0] << ": " << help.out;
    EXPECT_EQ(help.out.find("}="), std::string::npos) << args[0] << ": " << help.out;
    for (size_t at = help.out.find(" {"); at != std::string::npos; at = help.out.find(" {", at + 1)) ++choices;
  }
  EXPECT_GE(choices, 10u) << "--format, --color, --timer, --metric, ... each as {a,b}";
  ProcessResult diff = abtool({"diff", "--help"}, {{"COLUMNS", "300"}});
  diff.out = std::regex_replace(diff.out, std::regex("\n +"), " ");  // a description's lines as one
  EXPECT_NE(diff.out.find("--format {text,md,json,csv}"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("text: a table for a terminal"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("json: every field, abtool.diff/"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find(" (default text)"), std::string::npos) << diff.out;
  // One registry: explain and history changes list the same words in the same order.
  EXPECT_NE(abtool({"explain", "--help"}, {{"COLUMNS", "300"}}).out.find("--format {text,json}"), std::string::npos);
  EXPECT_NE(abtool({"history", "changes", "--help"}, {{"COLUMNS", "300"}}).out.find("--format {text,md,json,csv}"), std::string::npos);
}

// Replay takes its settings from A unless told otherwise: its help says so, not record's defaults.
TEST(TerminalOutput, ReplaysHelpShowsTheDefaultsItInheritsFromA) {
  ProcessResult replay = abtool({"replay", "--help"}, {{"COLUMNS", "300"}});
  ProcessResult record = abtool({"record", "--help"}, {{"COLUMNS", "300"}});
  ASSERT_EQ(replay.exit_code, 0) << describe(replay);
  for (const char* option : {"--warmup-ms", "--rep-ms", "--rounds", "--seed", "--timer", "--metric", "--compiler ", "--shapes"}) {
    auto line_of = [&](const std::string& help) {
      const size_t at = help.find(std::string("  ") + option);
      return at == std::string::npos ? std::string() : help.substr(at, help.find("\n  -", at + 3) - at);
    };
    EXPECT_NE(line_of(replay.out).find("(default: A's"), std::string::npos) << option << ": " << line_of(replay.out);
    EXPECT_EQ(line_of(record.out).find("A's"), std::string::npos) << option << ": " << line_of(record.out);
  }
}

TEST(TerminalOutput, TheDiffTableFitsEightyColumns) {
  TempDir dir("abtool-terminal-");
  const fs::path a = dir.path() / "A", b = dir.path() / "B";
  ASSERT_EQ(record(a, {"--op", "cpu_saxpy,cpu_softmax"}).exit_code, 0);
  ASSERT_EQ(replay(a, b, {"--compiler", "host:clang++"}).exit_code, 0);
  ProcessResult diff = abtool({"diff", a.string(), b.string()}, {{"COLUMNS", "80"}, {"ABTOOL_COLOR", "never"}});
  ASSERT_EQ(diff.exit_code, 0) << describe(diff);
  size_t rows = 0;
  for (const auto& line : lines_of(diff.out)) {
    if (line.rfind("A: ", 0) == 0 || line.rfind("B: ", 0) == 0) continue;  // a run's path is not broken
    EXPECT_LE(line.size(), 80u) << line;
    rows += line.find("cpu_") == 0;
  }
  EXPECT_GE(rows, 2u) << diff.out;
  ProcessResult wide = abtool({"diff", a.string(), b.string()}, {{"COLUMNS", "200"}});
  EXPECT_LT(lines_of(wide.out).size(), lines_of(diff.out).size()) << "wider: fewer lines\n" << wide.out;
}

TEST(TerminalOutput, MistakesGetOneLineWithAHintAndExitCode2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"recrod"}, "abtool: error: unknown command 'recrod' (did you mean 'record'?)"},
      {{"record", "--warmup", "5"}, "abtool record: error: unknown option '--warmup' (did you mean '--warmup-ms'?)"},
      {{"diff", "--treshold", "5", "a", "b"}, "abtool diff: error: unknown option '--treshold' (did you mean '--threshold'?)"},
      {{"record", "--timer", "sundial"}, "abtool record: error: --timer"},
      {{"capture", "python3", "-c", "print(1)"}, "abtool capture: error: The following argument was not expected: -c (the workload goes after --"},
      // Issue 61: an option no command has met CLI11's raw "The following argument was not expected".
      {{"diff", "--quiet", "a", "b"}, "abtool diff: error: unknown option '--quiet' (abtool diff --help lists the options)"},
  };
  for (const auto& [args, expected] : cases) {
    ProcessResult result = abtool(args);
    EXPECT_EQ(result.exit_code, 2) << describe(result);
    EXPECT_EQ(result.err.rfind(expected, 0), 0u) << describe(result);
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << "one line: " << result.err;
  }
}

// Issue 74: bare `abtool` shows what there is to run (and exits 2); usage names `abtool`, not the
// path it was started by; the top-level help has examples.
TEST(TerminalOutput, BareAbtoolShowsTheCommandsAndHelpNamesAbtool) {
  const ProcessResult bare = abtool({});
  EXPECT_EQ(bare.exit_code, 2) << describe(bare);
  EXPECT_NE(bare.err.find("Usage: abtool [OPTIONS] SUBCOMMAND"), std::string::npos) << bare.err;
  EXPECT_NE(bare.err.find("record"), std::string::npos) << bare.err;
  EXPECT_NE(bare.err.find("\nabtool: error: a command is required\n"), std::string::npos) << bare.err;
  const ProcessResult help = abtool({"--help"});
  EXPECT_EQ(help.exit_code, 0) << describe(help);
  EXPECT_NE(help.out.find("Examples:\n  abtool record --op cpu_matmul"), std::string::npos) << help.out;
  const ProcessResult diff_help = abtool({"diff", "--help"});
  EXPECT_NE(diff_help.out.find("Usage: abtool diff [OPTIONS] RUN_A RUN_B"), std::string::npos) << diff_help.out;
}

TEST(TerminalOutput, TwoRunsWithNoPointInCommonAreAMistake) {
  TempDir dir("abtool-disjoint-");
  ASSERT_EQ(record(dir.path() / "saxpy", {"--op", "cpu_saxpy"}).exit_code, 0);
  ASSERT_EQ(record(dir.path() / "softmax", {"--op", "cpu_softmax"}).exit_code, 0);
  ProcessResult diff = abtool({"diff", (dir.path() / "saxpy").string(), (dir.path() / "softmax").string()});
  EXPECT_EQ(diff.exit_code, 2) << describe(diff);
  EXPECT_NE(diff.err.find("A and B have no point in common: A planned"), std::string::npos) << describe(diff);
  EXPECT_NE(diff.err.find("of cpu_saxpy, B"), std::string::npos) << describe(diff);
  EXPECT_EQ(std::count(diff.err.begin(), diff.err.end(), '\n'), 1) << "one line: " << diff.err;
  // Issue 63: explain exited 0 saying "every point's measured binaries are the same on both sides".
  ProcessResult explain = abtool({"explain", (dir.path() / "saxpy").string(), (dir.path() / "softmax").string()});
  EXPECT_EQ(explain.exit_code, 2) << describe(explain);
  EXPECT_EQ(explain.err.rfind("abtool explain: error: A and B have no point in common: A planned", 0), 0u) << describe(explain);
  EXPECT_EQ(explain.out, "") << "nothing false on stdout";
}

// --color decides over ABTOOL_COLOR, both ways: the progress line's control codes show it.
TEST(TerminalOutput, TheColorOptionDecidesOverTheEnvironment) {
  TempDir dir("abtool-colour-");
  ProcessResult forced = abtool({"record", "--out", (dir.path() / "A").string(), "--op", "cpu_saxpy", "--shapes",
                                 tiny_shapes().string(), "--compiler", "host:g++", "--color", "always"},
                                {{"ABTOOL_COLOR", "never"}});
  ASSERT_EQ(forced.exit_code, 0) << describe(forced);
  EXPECT_NE(forced.err.find("\x1b[2K"), std::string::npos) << forced.err;
  ProcessResult plain = abtool({"record", "--out", (dir.path() / "B").string(), "--op", "cpu_saxpy", "--shapes",
                                tiny_shapes().string(), "--compiler", "host:g++", "--color", "never"},
                               {{"ABTOOL_COLOR", "always"}});
  ASSERT_EQ(plain.exit_code, 0) << describe(plain);
  EXPECT_EQ(plain.err.find("\x1b["), std::string::npos) << plain.err;
  EXPECT_EQ(plain.out.find("\x1b["), std::string::npos) << plain.out;
}

// The completion script, sourced into bash, completes commands and each command's options.
TEST(TerminalOutput, CompletionCompletesCommandsAndOptions) {
  ProcessResult script = abtool({"completion", "bash"});
  ASSERT_EQ(script.exit_code, 0) << describe(script);
  TempDir dir("abtool-completion-");
  const fs::path file = dir.path() / "abtool.bash";
  write_file_atomically(file, script.out);
  ProcessResult completed = run_process(
      {"bash",
       {"-c", "source '" + file.string() +
                  "'; COMP_WORDS=(abtool rec); COMP_CWORD=1; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool record --warm); COMP_CWORD=2; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool replay --from runs/A --ret); COMP_CWORD=4; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool history cha); COMP_CWORD=2; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool history gate --db h.sqlite --min); COMP_CWORD=5; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool diff A B --format c); COMP_CWORD=5; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool record --color ''); COMP_CWORD=3; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool record --compiler tr); COMP_CWORD=3; _abtool; echo \"${COMPREPLY[*]}\"; "
                  // Issue 74: an enum's words, the finding codes, the ops of the ops folder named.
                  "COMP_WORDS=(abtool history changes --format j); COMP_CWORD=4; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool explain-finding host_b); COMP_CWORD=2; _abtool; echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool record --ops-dir '" + fixture_ops().string() + "' --op fixture_t); COMP_CWORD=5; _abtool; "
                  "echo \"${COMPREPLY[*]}\"; "
                  "COMP_WORDS=(abtool record --op cpu_sa); COMP_CWORD=3; _abtool; echo \"${COMPREPLY[*]}\""},
       "",
       {},
       std::chrono::seconds(30)});
  ASSERT_EQ(completed.exit_code, 0) << completed.out << completed.err;
  EXPECT_EQ(lines_of(completed.out), (std::vector<std::string>{"record", "--warmup-ms", "--retune", "changes", "--min-segment", "csv",
                                                                "auto always never", "triton:python3", "json", "host_busy",
                                                                "fixture_triton_scratch fixture_tunable", "cpu_saxpy"}))
      << completed.out;
  ProcessResult zsh = abtool({"completion", "zsh"});
  EXPECT_EQ(zsh.out.rfind("autoload -U +X bashcompinit && bashcompinit\n", 0), 0u) << zsh.out;
  EXPECT_EQ(abtool({"completion", "fish"}).exit_code, 2);
}

// Issue 74: `history show <TAB>` offers the points of the history the line names (`history points`).
TEST(TerminalOutput, CompletionOffersTheHistorysPointsToShow) {
  TempDir dir("abtool-completion-history-");
  ASSERT_EQ(record(dir.path() / "A", {"--op", "cpu_saxpy"}).exit_code, 0);
  const fs::path db = dir.path() / "h.sqlite";
  ASSERT_EQ(abtool({"history", "add", "--db", db.string(), (dir.path() / "A").string(), "-q"}).exit_code, 0);
  const ProcessResult points = abtool({"history", "points", "--db", db.string()});
  ASSERT_EQ(points.exit_code, 0) << describe(points);
  const std::vector<std::string> listed = lines_of(points.out);
  ASSERT_FALSE(listed.empty());
  for (const std::string& point : listed) EXPECT_EQ(point.rfind("cpu_saxpy/", 0), 0u) << point;
  const fs::path file = dir.path() / "abtool.bash";
  write_file_atomically(file, abtool({"completion", "bash"}).out);
  const ProcessResult completed = run_process(
      {"bash",
       {"-c", "source '" + file.string() + "'; COMP_WORDS=('" + std::string(ABTOOL_BINARY) + "' history show --db '" + db.string() +
                  "' cpu_sa); COMP_CWORD=5; _abtool; printf '%s\\n' \"${COMPREPLY[@]}\"; "
                  "COMP_WORDS=(abtool history show --db nowhere.sqlite cpu_sa); COMP_CWORD=5; _abtool; echo \"[${COMPREPLY[*]}]\""},
       "",
       {},
       std::chrono::seconds(30)});
  ASSERT_EQ(completed.exit_code, 0) << completed.out << completed.err;
  std::vector<std::string> expected = listed;
  expected.push_back("[]");
  EXPECT_EQ(lines_of(completed.out), expected) << completed.out;
}

// --quiet: no header or point lines as the run goes, no progress; the final table still.
TEST(TerminalOutput, QuietKeepsTheResultAndDropsTheRest) {
  TempDir dir("abtool-quiet-");
  auto run = [&](const std::string& name, std::vector<std::string> extra) {
    std::vector<std::string> args{"record", "--out", (dir.path() / name).string(), "--op", "cpu_saxpy", "--shapes",
                                  tiny_shapes().string(), "--compiler", "host:g++"};
    args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return abtool(args, {{"ABTOOL_PROGRESS_S", "0.001"}});
  };
  ProcessResult loud = run("A", {}), quiet = run("B", {"--quiet"});
  ASSERT_EQ(loud.exit_code, 0) << describe(loud);
  ASSERT_EQ(quiet.exit_code, 0) << describe(quiet);
  EXPECT_NE(loud.out.find("compiler: host"), std::string::npos) << loud.out;
  // Host ops alone: no word of GPUs or CUDA timers it never uses.
  EXPECT_NE(loud.out.find("timing: host ops, wall-clock; warm-up"), std::string::npos) << loud.out;
  EXPECT_EQ(loud.out.find("gpu: none"), std::string::npos) << loud.out;
  EXPECT_EQ(loud.out.find("CUDA ops --timer"), std::string::npos) << loud.out;
  EXPECT_EQ(quiet.out.find("compiler: host"), std::string::npos) << quiet.out;
  EXPECT_NE(quiet.out.find("run directory: "), std::string::npos) << quiet.out;
  EXPECT_EQ(quiet.err.find("abtool: record"), std::string::npos) << "no progress: " << quiet.err;
  EXPECT_LT(lines_of(quiet.out).size(), lines_of(loud.out).size());
}

// Every example script answers --help with its header comment and runs nothing (ab_compare.sh
// used to start a whole A/B).
TEST(TerminalOutput, EveryExampleScriptAnswersHelp) {
  size_t scripts = 0;
  for (const auto& entry : fs::directory_iterator(source_dir() / "examples")) {
    if (entry.path().extension() != ".sh") continue;
    ++scripts;
    ProcessResult help = run_process({"bash", {entry.path().string(), "--help"}, "", {{"ABTOOL", "/nonexistent/abtool"}},
                                      std::chrono::seconds(30)});
    EXPECT_EQ(help.exit_code, 0) << entry.path() << "\n" << help.out << help.err;
    EXPECT_GT(lines_of(help.out).size(), 2u) << entry.path();
    EXPECT_EQ(help.out.find("#"), std::string::npos) << "the comment's text, not its marks: " << help.out;
  }
  EXPECT_GE(scripts, 4u);
}

// Issue 74: on stderr, where warnings go, not among the results on stdout.
TEST(TerminalOutput, AReplayThatChangesNothingWarnsBeforeItMeasures) {
  TempDir dir("abtool-aa-");
  const fs::path a = dir.path() / "A";
  ASSERT_EQ(record(a, {"--op", "cpu_saxpy"}).exit_code, 0);
  const std::string warning = "WARNING: B's compiler, flags and environment are A's";
  ProcessResult same = replay(a, dir.path() / "B", {});
  ASSERT_EQ(same.exit_code, 0) << describe(same);
  EXPECT_EQ(same.out.find(warning), std::string::npos) << "stdout holds the results: " << same.out;
  ASSERT_NE(same.err.find(warning), std::string::npos) << same.err;
  EXPECT_NE(same.err.find("--compiler-flags"), std::string::npos) << "how to make it an A/B";
  ProcessResult quiet = replay(a, dir.path() / "Q", {"-q"});
  ASSERT_EQ(quiet.exit_code, 0) << describe(quiet);
  EXPECT_EQ(quiet.out.find(warning), std::string::npos) << "-q: stdout is the table alone: " << quiet.out;
  EXPECT_NE(quiet.err.find(warning), std::string::npos) << "-q keeps the warning, on stderr: " << quiet.err;
  ProcessResult meant = replay(a, dir.path() / "C", {"--aa"});
  ASSERT_EQ(meant.exit_code, 0) << describe(meant);
  EXPECT_EQ(meant.out.find(warning), std::string::npos) << meant.out;
  ProcessResult changed = replay(a, dir.path() / "D", {"--compiler", "host:clang++"});
  ASSERT_EQ(changed.exit_code, 0) << describe(changed);
  EXPECT_EQ(changed.out.find(warning), std::string::npos) << changed.out;
}

// `diff --ir` prints thousands of lines: on a terminal taller than none of them, through the pager
// (PAGER), its point headers wrapped between deltas; into a pipe, as it is. The terminal is a
// pseudo-terminal of script(1), 10 rows of 80 columns; the pager a tee that keeps what it was fed.
TEST(TerminalOutput, ALongIrDiffOnATerminalGoesThroughThePagerWrappedBetweenDeltas) {
  const auto script = find_program("script");
  if (!script) GTEST_SKIP() << "no script(1) here to make a terminal with";
  TempDir dir("abtool-e2e-pager-");
  const fs::path golden = source_dir() / "tests" / "golden" / "diff", paged = dir.path() / "paged.txt";
  const std::string command = fmt::format("stty rows 10 cols 80; PAGER='tee {}' '{}' diff '{}' '{}' --ir", paged.string(),
                                          ABTOOL_BINARY, (golden / "A").string(), (golden / "B").string());
  const ProcessResult shown = run_process({*script, {"-qec", command, (dir.path() / "typescript").string()}});
  ASSERT_EQ(shown.exit_code, 0) << describe(shown);
  ASSERT_TRUE(fs::exists(paged)) << "the pager was not given the diff: " << describe(shown);
  const std::string text = read_text_file(paged);
  EXPECT_NE(text.find("=== cpu_saxpy/4096/fp32: s 116->442: +144 vmovups +73 vfmadd213ps +20 vmovss\n    +11 cmpq"), std::string::npos)
      << text.substr(0, 600);
  const ProcessResult piped = abtool({"diff", (golden / "A").string(), (golden / "B").string(), "--ir"}, {{"PAGER", "false"}});
  EXPECT_EQ(piped.exit_code, 0);
  EXPECT_NE(piped.out.find("+11 cmpq +11 vfmadd213ss"), std::string::npos) << "off a terminal: unwrapped, no pager";
}

// Issue 61: finding codes explained from the command line, as cargo --explain does.
TEST(TerminalOutput, ExplainFindingSaysWhatACodeMeansAndWhatToDo) {
  ProcessResult busy = abtool({"explain-finding", "host_busy"});
  ASSERT_EQ(busy.exit_code, 0) << describe(busy);
  EXPECT_EQ(busy.out.rfind("host_busy\n  Other processes kept the host busy", 0), 0u) << busy.out;
  EXPECT_NE(busy.out.find("--metric instructions"), std::string::npos) << "what to do: " << busy.out;
  EXPECT_EQ(abtool({"explain-finding", "HOST_BUSY"}).out, busy.out) << "as the marker spells it";
  ProcessResult typo = abtool({"explain-finding", "host_bussy"});
  EXPECT_EQ(typo.exit_code, 2) << describe(typo);
  EXPECT_EQ(typo.err, "abtool explain-finding: error: no finding code 'host_bussy' (did you mean 'host_busy'?)\n");
  ProcessResult every = abtool({"explain-finding"}, {{"COLUMNS", "80"}});
  ASSERT_EQ(every.exit_code, 0) << describe(every);
  for (const auto& [code, name] : Spellings<FindingCode>::table)
    EXPECT_NE(("\n" + every.out).find("\n" + std::string(name) + "\n  "), std::string::npos) << name;
  for (const std::string& line : lines_of(every.out)) EXPECT_LE(line.size(), 80u) << line;
}

// Issue 61: pytest-benchmark groups by parameter; diff --group-by op|shape|dtype sums up per group.
TEST(TerminalOutput, GroupBySumsUpThePointsPerOpShapeOrDtype) {
  const fs::path golden = source_dir() / "tests" / "golden" / "diff";
  const std::string a = (golden / "A").string(), b = (golden / "B").string();
  ProcessResult by_op = abtool({"diff", a, b, "--group-by", "op"});
  ASSERT_EQ(by_op.exit_code, 0) << describe(by_op);
  EXPECT_NE(by_op.out.find("\nby op cpu_saxpy: geomean "), std::string::npos) << by_op.out;
  EXPECT_NE(by_op.out.find(" over 1 of 1 point: AMBIGUOUS 1\n"), std::string::npos) << by_op.out;
  EXPECT_NE(by_op.out.find("\nby op cpu_matmul: geomean "), std::string::npos) << by_op.out;
  EXPECT_NE(by_op.out.find(" over 2 of 2 points: SLOWER 2\n"), std::string::npos) << by_op.out;
  const nlohmann::json json = nlohmann::json::parse(abtool({"diff", a, b, "--group-by", "dtype", "--format", "json"}).out);
  ASSERT_EQ(json["groups"]["by"], "dtype");
  ASSERT_EQ(json["groups"]["groups"].size(), 1u);
  const auto& fp32 = json["groups"]["groups"][0];
  EXPECT_EQ(fp32["key"], "fp32");
  EXPECT_EQ(fp32["points"], 3);
  EXPECT_NEAR(fp32["geomean_speedup"].get<double>(), json["geomean_speedup"].get<double>(), 1e-12) << "one group: the whole";
  EXPECT_FALSE(nlohmann::json::parse(abtool({"diff", a, b, "--format", "json"}).out).contains("groups"));
  ProcessResult bad = abtool({"diff", a, b, "--group-by", "kernel"});
  EXPECT_EQ(bad.exit_code, 2) << describe(bad);
  EXPECT_NE(bad.err.find("--group-by"), std::string::npos) << bad.err;
}

}  // namespace abt::e2e
