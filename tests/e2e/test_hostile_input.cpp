// Hostile input, as a table: CLI values, shape sets, op specs and damaged run directories. Each
// case asserts the exit code, one error line with its words, and that a refused record created
// no run directory. (Kernels that crash, exit, hang or fault, kill -9, SIGINT and two writers
// are in test_crash_safety.cpp.)
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <thread>

#include "abtool_runner.h"
#include "rundir/results_file.h"
#include "util/sha256.h"
#include "util/sqlite_handle.h"

namespace abt::e2e {
namespace fs = std::filesystem;
namespace {

// What a case gets to prepare its input: a folder of its own, a good record and its replay.
struct Workspace {
  fs::path dir, record, replay;
  fs::path shards[2];  // the two shards (--shard I/2) of a record of cpu_saxpy and cpu_softmax
  fs::path write(const std::string& name, const std::string& text) const {
    fs::path file = dir / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
  // A copy of a run, changed by `edit` (results.json, meta.json as JSON).
  fs::path damaged(const fs::path& run, const std::string& file, const std::function<void(nlohmann::json&)>& edit) const {
    fs::path copy = dir / ("damaged_" + run.filename().string());
    fs::copy(run, copy, fs::copy_options::recursive);
    nlohmann::json json = read_json(copy / file);
    edit(json);
    write_file_atomically(copy / file, json.dump());
    return copy;
  }
  // A copy of a run whose first point's measured samples are changed by `edit` (samples.bin
  // rewritten with them, results.json's summary kept).
  fs::path damaged_samples(const fs::path& run, const std::function<void(Measurement&)>& edit) const {
    fs::path copy = dir / ("damaged_" + run.filename().string());
    fs::copy(run, copy, fs::copy_options::recursive);
    ResultsFile results = ResultsFile::read(copy / "results.json");
    edit(results.points[0].measurement);
    results.points[0].latency.n = results.points[0].measurement.samples_us.size();
    ResultsWriter::write(copy / "results.json", copy / "samples.bin", results);
    return copy;
  }
  // A copy of cpu_saxpy's spec folder with `from` replaced by `to` in op.yaml.
  fs::path ops_with(const std::string& from, const std::string& to) const {
    return ops_with_edit(dir, "cpu_saxpy", from, to);
  }
};

struct Case {
  const char* name;
  std::function<std::vector<std::string>(const Workspace&)> args;  // the whole command line
  int exit_code;
  std::string words;  // in stderr (or, for exit 1, in run.log)
  std::map<std::string, std::string> env = {};  // added to abtool's environment
  std::function<void(const Workspace&)> then = {};  // what else must hold once abtool returned
};

void PrintTo(const Case& c, std::ostream* out) { *out << c.name; }

std::vector<std::string> record_with(const Workspace& w, std::vector<std::string> extra) {
  std::vector<std::string> args{"record", "--out", (w.dir / "run").string()};
  if (std::find(extra.begin(), extra.end(), "--compiler") == extra.end()) args.insert(args.end(), {"--compiler", "host:g++"});
  if (std::find(extra.begin(), extra.end(), "--shapes") == extra.end())
    args.insert(args.end(), {"--shapes", tiny_shapes().string()});
  if (std::find(extra.begin(), extra.end(), "--op") == extra.end()) args.insert(args.end(), {"--op", "cpu_saxpy"});
  args.insert(args.end(), kQuickTiming.begin(), kQuickTiming.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// The capture fixture's stored tensors, named by the SHA-256 of their bytes as abtool capture names them.
const std::string kStoredX(16, '\0'), kStoredY(16, '\1');
const std::string kX = "inputs/" + sha256_hex(kStoredX) + ".bin", kY = "inputs/" + sha256_hex(kStoredY) + ".bin";

// A small capture directory as abtool capture writes it (one Triton op, one point), with
// cases.json changed by `edit`: what `record --ops-dir CAP/ops` reads.
fs::path capture_with(const Workspace& w, const std::function<void(nlohmann::json&)>& edit) {
  const fs::path cap = w.dir / "cap";
  w.write("cap/capture.json", R"({"schema": "abtool.capture/1"})");
  w.write("cap/" + kX, kStoredX);
  w.write("cap/" + kY, kStoredY);
  w.write("cap/ops/cap/kernel.py", "import triton\n\n@triton.jit\ndef k(x, y):\n    pass\n");
  w.write("cap/ops/cap/op.yaml", R"(op: cap
language: triton
source: kernel.py
module: kernel
kernel: k
dims: [x_0]
dtypes: [fp32]
tune_configs:
  - {num_warps: 4, num_stages: 3}
captured: {cases: cases.json, root: ../..}
args:
  - {name: x, kind: in, dtype: fp32, shape: [x_0], init: {dist: captured}}
  - {name: y, kind: out, dtype: fp32, shape: [x_0]}
launch: {grid: captured}
reference: captured
verify:
  fp32: {rtol: 1.0e-4, atol: 1.0e-5}
)");
  nlohmann::json cases = nlohmann::json::parse(R"({"schema": "abtool.capture_cases/1", "cases": {"cap/4/fp32": {
      "args": {"x": {"input": "X"}, "y": {"output": "Y"}},
      "grids": {"num_warps=4 num_stages=3": [1]}, "library_choice": "num_warps=4 num_stages=3"}}})");
  cases["cases"]["cap/4/fp32"]["args"]["x"]["input"] = kX;
  cases["cases"]["cap/4/fp32"]["args"]["y"]["output"] = kY;
  edit(cases);
  w.write("cap/ops/cap/cases.json", cases.dump());
  w.write("cap/shapes.yaml", "cap:\n  shapes:\n    - [4]\n");
  return cap;
}

// The fixture's op.yaml with one more argument: a constexpr D of `value` (YAML text).
void add_constexpr_arg(const fs::path& cap, const std::string& value) {
  const fs::path spec = cap / "ops" / "cap" / "op.yaml";
  std::string text = read_text_file(spec);
  const std::string last = "  - {name: y, kind: out, dtype: fp32, shape: [x_0]}\n";
  text.replace(text.find(last), last.size(), last + "  - {name: D, kind: constexpr, value: " + value + "}\n");
  std::ofstream(spec) << text;
}

// The captured op's x passed as a host tensor descriptor with `descriptor` (issue 45).
void describe_x(const fs::path& cap, const std::string& descriptor) {
  const fs::path spec = cap / "ops" / "cap" / "op.yaml";
  std::string text = read_text_file(spec);
  const std::string x = "init: {dist: captured}}";
  text.replace(text.find(x), x.size(), "init: {dist: captured}, descriptor: " + descriptor + "}");
  std::ofstream(spec) << text;
}

Case captured(const char* name, const std::function<void(nlohmann::json&)>& edit, std::string words,
              const std::function<void(const fs::path&)>& also = {}) {
  return {name,
          [edit, also](const Workspace& w) {
            const fs::path cap = capture_with(w, edit);
            if (also) also(cap);
            // A real Triton (scripts/bootstrap.sh's): the compiler starts before the op specs are read.
            const fs::path python = fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3";
            return record_with(w, {"--ops-dir", (cap / "ops").string(), "--shapes", (cap / "shapes.yaml").string(), "--op",
                                   "cap", "--compiler", "triton:" + python.string(), "--arch", "sm_90"});
          },
          2, std::move(words)};
}

// `record --resume` of a copy of the record as a run killed midway leaves it (meta.json's status
// interrupted), with meta.json and results.json changed by the edits, and the run's folder by
// `also`: a compiler rebuilt, other settings or another machine since, an edited results.json.
Case resumed(const char* name, const std::function<void(nlohmann::json&)>& edit_meta, std::string words,
             const std::function<void(nlohmann::json&)>& edit_results = {},
             const std::function<void(const fs::path&)>& also = {}) {
  return {name,
          [edit_meta, edit_results, also](const Workspace& w) {
            const fs::path copy = w.dir / "killed";
            fs::copy(w.record, copy, fs::copy_options::recursive);
            nlohmann::json meta = read_json(copy / "meta.json");
            meta["status"] = "interrupted";
            edit_meta(meta);
            write_file_atomically(copy / "meta.json", meta.dump());
            if (edit_results) {
              nlohmann::json document = read_json(copy / "results.json");
              edit_results(document);
              write_file_atomically(copy / "results.json", document.dump());
            }
            if (also) also(copy);
            return std::vector<std::string>{"record", "--resume", copy.string()};
          },
          2, std::move(words)};
}

// The second shard copied and changed by `damage`, merged with the first into w.dir/M.
Case merged(const char* name, const std::function<void(const fs::path& shard)>& damage, std::string words) {
  return {name,
          [damage](const Workspace& w) {
            const fs::path copy = w.dir / "S1";
            fs::copy(w.shards[1], copy, fs::copy_options::recursive);
            damage(copy);
            return std::vector<std::string>{"merge", (w.dir / "M").string(), w.shards[0].string(), copy.string()};
          },
          2, std::move(words)};
}

// A file or folder of a run replaced by a link to a copy of it outside the run (w.dir/outside-NAME).
void linked_out(const fs::path& run, const fs::path& relative) {
  const fs::path outside = run.parent_path() / ("outside-" + relative.filename().string());
  fs::copy(run / relative, outside, fs::copy_options::recursive);
  fs::remove_all(run / relative);
  fs::create_symlink(outside, run / relative);
}

// The same, by a second name (a hard link) of the copy.
void hard_linked_out(const fs::path& run, const fs::path& relative) {
  const fs::path outside = run.parent_path() / ("outside-" + relative.filename().string());
  fs::copy_file(run / relative, outside);
  fs::remove(run / relative);
  fs::create_hard_link(outside, run / relative);
}

// diff of the record and a copy of its replay whose `file` is a link to a copy outside it.
Case diff_through_link(const char* name, const std::string& file) {
  return {name,
          [file](const Workspace& w) {
            const fs::path copy = w.dir / "linked";
            fs::copy(w.replay, copy, fs::copy_options::recursive);
            linked_out(copy, file);
            return std::vector<std::string>{"diff", w.record.string(), copy.string()};
          },
          2, file + ": a link; abtool reads a run's files only from inside it"};
}

// The first point's binary (bin/...) and first IR file of a run.
fs::path first_binary(const fs::path& run) {
  return read_results(run)["points"][0]["binary"]["file"].get<std::string>();
}
fs::path first_ir(const fs::path& run) { return read_results(run)["points"][0]["ir_files"][0].get<std::string>(); }

std::vector<std::string> capture_of(const Workspace& w, std::vector<std::string> command) {
  std::vector<std::string> args{"capture", "--out", (w.dir / "cap").string(), "--"};
  args.insert(args.end(), command.begin(), command.end());
  return args;
}

Case cli(const char* name, std::vector<std::string> extra, std::string words) {
  return {name, [extra](const Workspace& w) { return record_with(w, extra); }, 2, std::move(words)};
}

Case shapes(const char* name, std::string yaml, std::string words, std::string op = "cpu_saxpy") {
  return {name,
          [yaml, op](const Workspace& w) {
            return record_with(w, {"--shapes", w.write("set.yaml", yaml).string(), "--op", op});
          },
          2, std::move(words)};
}

Case spec(const char* name, std::string from, std::string to, std::string words) {
  return {name,
          [from, to](const Workspace& w) { return record_with(w, {"--ops-dir", w.ops_with(from, to).string()}); }, 2,
          std::move(words)};
}

Case damaged_diff(const char* name, const char* file, std::function<void(nlohmann::json&)> edit, std::string words,
                  std::vector<std::string> extra = {}) {
  return {name,
          [file, edit, extra](const Workspace& w) {
            std::vector<std::string> args{"diff", w.record.string(), w.damaged(w.replay, file, edit).string()};
            args.insert(args.end(), extra.begin(), extra.end());
            return args;
          },
          2, std::move(words)};
}

Case damaged_samples(const char* name, std::function<void(Measurement&)> edit, std::string words) {
  return {name,
          [edit](const Workspace& w) {
            return std::vector<std::string>{"diff", w.record.string(), w.damaged_samples(w.replay, edit).string()};
          },
          2, std::move(words)};
}

// A YAML list of the whole numbers 1..n: a tune parameter with n values.
std::string values_up_to(int n) {
  std::string list = "[1";
  for (int i = 2; i <= n; ++i) list += ", " + std::to_string(i);
  return list + "]";
}

// A history holding the fixture's replay (abtool history add), for the history's cases.
fs::path history_of(const Workspace& w) {
  const fs::path db = w.dir / "h.sqlite";
  if (!fs::exists(db)) abtool({"history", "add", "--db", db.string(), "--build", "one", w.replay.string()});
  return db;
}

// The history's cases: its labels and order keys, and a history damaged by hand.
Case history_add(const char* name, std::string label, std::string order, std::string words) {
  return {name,
          [label, order](const Workspace& w) {
            std::vector<std::string> args{"history", "add", "--db", (w.dir / "h.sqlite").string(), "--build", label};
            if (!order.empty()) args.insert(args.end(), {"--build-order", order});
            args.push_back(w.replay.string());
            return args;
          },
          2, std::move(words)};
}

const std::vector<Case>& cases() {
  static const std::vector<Case> all{
      // The command line: values out of range read like the rule.
      cli("rep_ms_zero", {"--rep-ms", "0"}, "--rep-ms: must be a number > 0, not '0'"),
      cli("rep_ms_negative", {"--rep-ms", "-5"}, "--rep-ms: must be a number > 0"),
      cli("rep_ms_text", {"--rep-ms", "fast"}, "--rep-ms: must be a number > 0, not 'fast'"),
      cli("rep_ms_infinite", {"--rep-ms", "inf"}, "--rep-ms: must be a number > 0"),
      cli("warmup_zero", {"--warmup-ms", "0"}, "--warmup-ms: must be a number > 0"),
      cli("rounds_zero", {"--rounds", "0"}, "--rounds: must be a whole number from 1 to 1000"),
      cli("rounds_too_many", {"--rounds", "1001"}, "--rounds: must be a whole number from 1 to 1000"),
      cli("rounds_fraction", {"--rounds", "2.5"}, "--rounds: must be a whole number"),
      cli("seed_negative", {"--seed", "-1"}, "--seed: must be a whole number from 0"),
      cli("seed_too_large", {"--seed", "1e30"}, "--seed: must be a whole number"),
      cli("gpu_negative", {"--gpu", "-1"}, "--gpu: must be a whole number from 0 to 1023"),
      cli("timer_unknown", {"--timer", "sundial"}, "--timer: sundial not in {graph,cupti,direct}"),
      cli("metric_unknown", {"--metric", "cycles"}, "--metric: cycles not in {time,instructions}"),
      // A valgrind on PATH that does not run: refused before anything is measured, saying why.
      {"metric_instructions_broken_valgrind", [](const Workspace& w) { return record_with(w, {"--metric", "instructions"}); }, 2,
       "--metric instructions: " + (source_dir() / "tests" / "fixtures" / "broken_valgrind" / "valgrind").string() +
           " does not run ('valgrind --version': exit 1, valgrind: this install is broken)",
       {{"PATH", (source_dir() / "tests" / "fixtures" / "broken_valgrind").string() + ":" + std::getenv("PATH")}}},
      cli("counters_unknown", {"--counters", "everything"}, "--counters: must be none | changed | all, not 'everything'"),
      cli("dtype_unknown", {"--dtypes", "fp33"}, "unknown dtype 'fp33'"),
      cli("point_timeout_zero", {"--point-timeout-s", "0"}, "--point-timeout-s: must be a number >= 0.5"),
      cli("op_climbs_out", {"--op", "../evil"}, "--op '../evil': an op name is letters, digits"),
      cli("op_with_slash", {"--op", "a/b"}, "--op 'a/b': an op name"),
      cli("op_hidden", {"--op", ".hidden"}, "--op '.hidden': an op name"),
      // Comma-separated lists: an empty name is an error, not "every op", and an option where the
      // list should be is not taken for a name.
      cli("op_empty", {"--op", ""}, "--op: must be a comma-separated list of op names with no empty name, not ''"),
      cli("op_list_with_a_gap", {"--op", "cpu_saxpy,,cpu_matmul"},
          "--op: must be a comma-separated list of op names with no empty name, not 'cpu_saxpy,,cpu_matmul'"),
      cli("op_list_missing", {"--op", "--seed", "3"}, "--op: needs a comma-separated list of op names, not the option '--seed'"),
      cli("dtypes_trailing_comma", {"--dtypes", "fp32,"}, "--dtypes: must be a comma-separated list of dtypes with no empty name"),
      cli("points_only_commas", {"--points", ",,", "--seed", "3"},
          "--points: must be a comma-separated list of point ids with no empty name, not ',,'"),
      // `--name=` is an empty value, not the option without one taking the next word for it.
      cli("empty_value_after_equals", {"--seed=", "--point-timeout-s", "30"},
          "--seed: must be a whole number from 0 to 9007199254740992, not ''"),
      cli("gpus_empty", {"--gpus="}, "--gpus: must name GPUs (0,1 or all), not ''"),
      cli("shapes_option_empty", {"--shapes", ""}, "--shapes: must name a shape set file, not ''"),
      cli("op_unknown", {"--op", "cpu_nothing"}, "unknown op 'cpu_nothing'"),
      cli("op_typo", {"--op", "cpu_saxpi"}, "unknown op 'cpu_saxpi' (did you mean 'cpu_saxpy'?)"),
      cli("flag_typo", {"--rep_ms", "5"}, "abtool record: error: unknown option '--rep_ms' (did you mean '--rep-ms'?)"),
      cli("compiler_missing", {"--compiler", "host:/opt/no/g++"}, "/opt/no/g++"),
      cli("compiler_unknown_backend", {"--compiler", "fortran:f77"}, "--compiler fortran:f77: unknown backend 'fortran'"),
      cli("compiler_empty", {"--compiler", ""}, "--compiler: must name a compiler (host:g++, host:clang++, nvrtc"),
      cli("triton_interpreter_says_nothing",
          {"--compiler", "triton:/bin/false", "--op", "triton_add", "--arch", "sm_90", "--ops-dir",
           (source_dir() / "examples" / "ops").string()},
          "--compiler triton:/bin/false: /bin/false cannot import Triton: the Triton helper ended (exit status 1) without a word"),
      cli("ops_dir_missing", {"--ops-dir", "/nonexistent/ops"}, "unknown op 'cpu_saxpy'"),
      cli("shapes_missing", {"--shapes", "/nonexistent/set.yaml"}, "/nonexistent/set.yaml: cannot be read (No such file"),
      // A folder opens as an empty stream: the path is named as what it is, not as an empty shape set.
      cli("shapes_a_folder", {"--shapes", (source_dir() / "examples").string()}, "examples: is a folder, not a file"),
      {"out_below_a_file",
       [](const Workspace& w) {
         w.write("plain", "x");
         std::vector<std::string> args = record_with(w, {});
         args[2] = (w.dir / "plain" / "run").string();
         return args;
       },
       2, "cannot create it: Not a directory"},
      {"out_not_empty",
       [](const Workspace& w) {
         w.write("run/notes.txt", "mine");
         return record_with(w, {});
       },
       2, "exists and is not empty; abtool never overwrites a run"},
      {"resume_missing", [](const Workspace& w) { return std::vector<std::string>{"record", "--resume", (w.dir / "none").string()}; },
       2, "not a run directory (no meta.json)"},
      {"resume_with_options",
       [](const Workspace& w) { return std::vector<std::string>{"record", "--resume", w.record.string(), "--seed", "3"}; }, 2,
       "--seed cannot be given with it"},
      {"resume_finished", [](const Workspace& w) { return std::vector<std::string>{"record", "--resume", w.record.string()}; }, 2,
       "this run finished"},
      {"resume_replay_as_record",
       [](const Workspace& w) { return std::vector<std::string>{"record", "--resume", w.replay.string()}; }, 2,
       "a replay run; resume it with `abtool replay --resume`"},
      {"replay_without_from", [](const Workspace&) { return std::vector<std::string>{"replay"}; }, 2, "--from is required"},
      {"replay_from_nothing",
       [](const Workspace& w) { return std::vector<std::string>{"replay", "--from", (w.dir / "none").string()}; }, 2,
       "no such run directory"},
      {"replay_from_a_replay",
       [](const Workspace& w) {
         return std::vector<std::string>{"replay", "--from", w.replay.string(), "--out", (w.dir / "B").string()};
       },
       2, "is a replay run"},
      {"diff_threshold_negative",
       [](const Workspace& w) { return std::vector<std::string>{"diff", w.record.string(), w.replay.string(), "--threshold", "-1"}; },
       2, "--threshold: must be a number >= 0"},
      {"diff_format_unknown",
       [](const Workspace& w) { return std::vector<std::string>{"diff", w.record.string(), w.replay.string(), "--format", "xml"}; },
       2, "--format"},
      {"unknown_command", [](const Workspace&) { return std::vector<std::string>{"frobnicate"}; }, 2, "abtool: error: unknown command 'frobnicate' (the commands: record, replay"},
      {"report_missing_run",
       [](const Workspace& w) { return std::vector<std::string>{"report", (w.dir / "nope").string(), w.replay.string()}; },
       2, "no such run directory"},
      {"report_unwritable",
       [](const Workspace& w) {
         return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o",
                                         (w.dir / "no" / "such" / "folder" / "r.html").string()};
       },
       2, "there is no folder"},
      {"report_output_in_proc",  // access() lets root write anywhere; a file cannot be made there all the same
       [](const Workspace& w) {
         return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o", "/proc/abtool-report.html"};
       },
       2, "report -o /proc/abtool-report.html: cannot write in /proc"},
      {"report_output_empty",
       [](const Workspace& w) { return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o", ""}; },
       2, "report -o: give a file to write"},
      {"report_output_a_directory",
       [](const Workspace& w) { return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o", w.dir.string()}; },
       2, "is a directory; give a file in it"},
      {"report_output_over_an_input",
       [](const Workspace& w) {
         return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o", (w.record / "results.json").string()};
       },
       2, "which this command reads; write it elsewhere"},
      {"report_output_into_an_input_through_a_link",
       [](const Workspace& w) {
         fs::create_directory_symlink(w.replay, w.dir / "alias");
         return std::vector<std::string>{"report", w.record.string(), w.replay.string(), "-o", (w.dir / "alias" / "meta.json").string()};
       },
       2, "which this command reads; write it elsewhere"},
      {"merge_out_inside_a_shard",
       [](const Workspace& w) { return std::vector<std::string>{"merge", (w.record / "merged").string(), w.record.string()}; },
       2, "which this command reads; write it elsewhere"},
      {"merge_not_a_shard",
       [](const Workspace& w) { return std::vector<std::string>{"merge", (w.dir / "M").string(), w.record.string()}; },
       2, "is not a shard run"},

      // Shape sets.
      shapes("yaml_malformed", "cpu_saxpy: {shapes: [[4096]\n", "set.yaml:"),
      shapes("yaml_empty", "", "set.yaml: a shape set maps op names"),
      shapes("yaml_a_list", "- cpu_saxpy\n", "a shape set maps op names"),
      shapes("set_op_climbs_out", "../evil:\n  shapes: [[4096]]\n", "an op name is letters, digits"),
      shapes("shapes_not_a_list", "cpu_saxpy:\n  shapes: 4096\n", "cpu_saxpy.shapes: expected a non-empty list"),
      shapes("shapes_empty", "cpu_saxpy:\n  shapes: []\n", "cpu_saxpy.shapes: expected a non-empty list"),
      shapes("shapes_nested_a_million_deep", std::string(1000000, '['), "malformed YAML: nested too deep ("),
      shapes("dimension_zero", "cpu_saxpy:\n  shapes:\n    - [0]\n", "cpu_saxpy.shapes[0]: non-positive dimension 0"),
      shapes("dimension_negative", "cpu_saxpy:\n  shapes:\n    - [-4]\n", "non-positive dimension -4"),
      shapes("dimension_fraction", "cpu_saxpy:\n  shapes:\n    - [2.5]\n", "dimension 2.5 is not an integer"),
      shapes("dimension_huge_literal", "cpu_saxpy:\n  shapes:\n    - [99999999999999999999999]\n",
             "set.yaml:3: cpu_saxpy.shapes[0]: dimension 99999999999999999999999 is too large (at most 2^53)"),
      shapes("dimension_2_to_62", "cpu_saxpy:\n  shapes:\n    - [4611686018427387904]\n",
             "dimension 4611686018427387904 is too large"),
      shapes("dimension_text", "cpu_saxpy:\n  shapes:\n    - [many]\n", "cpu_saxpy.shapes[0]: expected a number, got 'many'"),
      shapes("buffer_overflows", "cpu_matmul:\n  shapes:\n    - [4294967296, 4294967296, 2]\n",
             "point cpu_matmul/4294967296x4294967296x2/fp32: args.", "cpu_matmul"),
      shapes("buffer_over_2_to_48_bytes", "cpu_saxpy:\n  shapes:\n    - [4503599627370496]\n",
             "point cpu_saxpy/4503599627370496/fp32: args.x: a buffer of 4503599627370496 fp32 elements is too large"),
      shapes("shape_twice", "cpu_saxpy:\n  shapes:\n    - [4096]\n    - [8192]\n    - [4096]\n",
             "set.yaml:5: cpu_saxpy.shapes[2]: the same shape as cpu_saxpy.shapes[0] (line 3)"),
      shapes("arity_mismatch", "cpu_saxpy:\n  shapes:\n    - [64, 64]\n", "shape has 2 dimensions but cpu_saxpy has 1 (N)"),
      shapes("set_dtype_unknown", "cpu_saxpy:\n  shapes: [[4096]]\n  dtypes: [int4]\n", "unknown dtype 'int4'"),
      shapes("set_key_unknown", "cpu_saxpy:\n  shapes: [[4096]]\n  colour: red\n", "colour"),
      shapes("set_without_the_op", "cpu_softmax:\n  shapes: [[8, 100]]\n", "cpu_saxpy: shape set has no entry for this op"),

      // Op specs.
      spec("spec_name_differs", "op: cpu_saxpy", "op: cpu_saxpy2", "names 'cpu_saxpy2' but the folder is 'cpu_saxpy'"),
      spec("spec_kernel_climbs_out", "kernel: saxpy", "kernel: ../saxpy", "kernel: '../saxpy' is not letters"),
      spec("spec_source_missing", "source: saxpy.cpp", "source: nothing.cpp", "nothing.cpp"),
      spec("spec_key_unknown", "kernel: saxpy", "kernel: saxpy\nflavour: mint", "flavour"),
      spec("spec_flops_divide_by_zero", "flops: 2*N", "flops: 2*N/0",
           "metrics.flops: expression '2*N/0' is not a finite number for any size tried (a division by zero?)"),
      spec("spec_bytes_divide_by_zero", "flops: 2*N", "flops: 2*N\n  bytes: N/(N-N)", "metrics.bytes: expression 'N/(N-N)' is not a finite number"),
      spec("spec_yaml_malformed", "kernel: saxpy", "kernel: [saxpy", "op.yaml"),
      spec("spec_unknown_symbol", "shape: [N]", "shape: [Q]", "Q"),

      // Damaged run directories.
      damaged_samples("samples_all_zero", [](Measurement& m) {
        for (auto& s : m.samples_us) s = 0;
      }, "samples: sample 1 is 0: a time is a positive number of microseconds"),
      damaged_samples("samples_negative", [](Measurement& m) { m.samples_us[0] = -1.5; }, "samples: sample 1 is -1.5"),
      damaged_samples("samples_empty", [](Measurement& m) {
        m.samples_us.clear();
        m.round_sizes.clear();
      }, "latency: n is 0: a SUCCESS point needs at least one sample"),
      // Issue 63: results.json's last line says complete, meta.json says running: B did not finish.
      {"results_complete_but_meta_running",
       [](const Workspace& w) {
         return std::vector<std::string>{"diff", w.record.string(),
                                         w.damaged(w.replay, "meta.json", [](nlohmann::json& m) { m["status"] = "running"; }).string()};
       },
       0, "run B did not finish; its missing points are reported as MISSING"},
      // Issue 63: an IR file that is a link was left out of its point's IR delta without a word.
      {"ir_file_a_link",
       [](const Workspace& w) {
         const fs::path copy = w.dir / "ir_linked";
         fs::copy(w.replay, copy, fs::copy_options::recursive);
         linked_out(copy, first_ir(copy));
         return std::vector<std::string>{"diff", w.record.string(), copy.string()};
       },
       0, "IR file(s) the points name were not read, so their IR deltas leave them out: B/"},
      damaged_diff("samples_elsewhere", "results.json", [](nlohmann::json& r) { r["samples"] = "/etc/passwd"; },
                   "samples: '/etc/passwd' is not a file name beside results.json"),
      damaged_diff("ir_file_climbs_out", "results.json", [](nlohmann::json& r) {
        r["points"][0]["ir_files"] = {"../../../../../../etc/passwd"};
      }, "ir_files: '../../../../../../etc/passwd' is not a path inside the run directory", {"--ir"}),
      damaged_diff("ir_file_absolute", "results.json", [](nlohmann::json& r) { r["points"][0]["ir_files"] = {"/etc/passwd"}; },
                   "ir_files: '/etc/passwd' is not a path inside the run directory", {"--ir"}),
      damaged_diff("binary_outside", "results.json", [](nlohmann::json& r) { r["points"][0]["binary"]["file"] = "../A/bin/x.so"; },
                   "binary: file: '../A/bin/x.so' is not a path inside the run directory"),
      damaged_diff("point_twice", "results.json", [](nlohmann::json& r) { r["points"].push_back(r["points"][0]); },
                   "the same point appears twice"),
      damaged_diff("status_unknown", "meta.json", [](nlohmann::json& m) { m["status"] = "weird"; },
                   "meta.json: status: unknown value 'weird'"),
      damaged_diff("schema_wrong", "results.json", [](nlohmann::json& r) { r["schema"] = "abtool.results/1"; }, "abtool.results/1"),
      // A replay's kept interval (model/stored_interval.h): diff would print it as its own.
      damaged_diff("kept_interval_inverted", "results.json", [](nlohmann::json& r) {
        r["points"][0]["baseline"]["interval"]["low"] = 3.0;
        r["points"][0]["baseline"]["interval"]["high"] = 2.0;
      }, "baseline: interval: low: 3 is above high (2)"),
      damaged_diff("kept_interval_inputs_not_a_digest", "results.json", [](nlohmann::json& r) {
        r["points"][0]["baseline"]["interval"]["inputs"] = "../../etc/passwd";
      }, "baseline: interval: inputs: expected 16 hex digits"),
      // explain where no point was measured on both sides: not "the code is the same".
      {"explain_nothing_measured",
       [](const Workspace& w) {
         auto fail_every_point = [](nlohmann::json& r) {
           for (auto& point : r["points"]) {
             point["status"] = "FAILED";
             point["error"] = "no CUDA GPU";
           }
         };
         return std::vector<std::string>{"explain", w.damaged(w.record, "results.json", fail_every_point).string(),
                                         w.damaged(w.replay, "results.json", fail_every_point).string()};
       },
       2, "abtool explain: error: no point was measured on both sides (every point FAILED in"},
      // abtool capture: a workload that fails, launches nothing, is not Python; an output that exists.
      {"capture_command_fails", [](const Workspace& w) { return capture_of(w, {"python3", "-c", "import sys; sys.exit(3)"}); },
       2, "the workload exited with status 3: it launched no Triton kernel before: no capture written"},
      {"capture_no_kernels", [](const Workspace& w) { return capture_of(w, {"python3", "-c", "print('no kernels here')"}); },
       2, "launched no Triton kernel: no capture written"},
      {"capture_not_python", [](const Workspace& w) { return capture_of(w, {"/bin/true"}); }, 2,
       "ran no Python process with the shim"},
      {"capture_missing_program", [](const Workspace& w) { return capture_of(w, {"/no/such/python"}); }, 2,
       "program not found: /no/such/python"},
      {"capture_out_below_a_file",
       [](const Workspace& w) {
         w.write("plain", "x");
         return std::vector<std::string>{"capture", "--out", (w.dir / "plain" / "cap").string(), "--", "python3", "-c", "pass"};
       },
       2, "cannot create it: Not a directory"},
      {"capture_out_exists",
       [](const Workspace& w) {
         w.write("cap/mine.txt", "mine");
         return capture_of(w, {"python3", "-c", "pass"});
       },
       2, "exists; a capture is written to a new directory"},
      // A time limit ends the whole workload, a shell's background job too, and says what it stopped.
      {"capture_timeout_stops_its_process_group",
       [](const Workspace& w) {
         std::vector<std::string> args = capture_of(w, {"sh", "-c", "sleep 61 & echo $! > " + (w.dir / "job.pid").string() + "; wait"});
         args.insert(args.begin() + 1, {"--timeout", "2"});
         return args;
       },
       2, "its --timeout of 2 s ended the workload (2 process(es) of its process group stopped)", {},
       [](const Workspace& w) {
         const std::string pid = read_text_file(w.dir / "job.pid");
         ASSERT_FALSE(pid.empty()) << "the workload never started its job";
         std::ifstream stat("/proc/" + pid.substr(0, pid.find('\n')) + "/stat");
         std::string line;
         std::getline(stat, line);
         const size_t close = line.rfind(')');
         EXPECT_TRUE(!stat || (close != std::string::npos && line.substr(close + 2, 1) == "Z"))
             << "the workload's background job outlived the capture: " << line;
       }},
      {"capture_timeout_zero", [](const Workspace& w) { return std::vector<std::string>{"capture", "--timeout", "0", "--out", (w.dir / "c").string(), "--", "true"}; },
       2, "--timeout: must be a number > 0, not '0'"},
      {"capture_timeout_negative", [](const Workspace& w) { return std::vector<std::string>{"capture", "--timeout", "-5", "--out", (w.dir / "c").string(), "--", "true"}; },
       2, "--timeout: must be a number > 0, not '-5'"},
      {"capture_timeout_text", [](const Workspace& w) { return std::vector<std::string>{"capture", "--timeout", "abc", "--out", (w.dir / "c").string(), "--", "true"}; },
       2, "--timeout: must be a number > 0, not 'abc'"},
      {"capture_timeout_nan", [](const Workspace& w) { return std::vector<std::string>{"capture", "--timeout", "nan", "--out", (w.dir / "c").string(), "--", "true"}; },
       2, "--timeout: must be a number > 0, not 'nan'"},
      {"capture_without_command", [](const Workspace& w) { return std::vector<std::string>{"capture", "--out", (w.dir / "c").string()}; },
       2, "COMMAND is required"},
      // A capture directory read by record: file names confined to it, formats checked.
      captured("captured_input_climbs_out", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["args"]["x"]["input"] = "../../../etc/passwd"; },
               "args.x: '../../../etc/passwd' is not a path inside the capture directory"),
      captured("captured_input_absolute", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["args"]["x"]["input"] = "/etc/passwd"; },
               "args.x: '/etc/passwd' is not a path inside the capture directory"),
      captured("captured_input_is_a_link", [](nlohmann::json&) {}, "is not a regular file of the capture",
               [](const fs::path& cap) {
                 fs::remove(cap / kX);
                 fs::create_symlink("/etc/passwd", cap / kX);
               }),
      // A cases.json larger than abtool reads (it would take gigabytes of memory): refused, saying the limit.
      captured("captured_cases_too_large", [](nlohmann::json&) {}, "more than the 32 MB of specializations abtool reads",
               [](const fs::path& cap) {
                 const fs::path file = cap / "ops" / "cap" / "cases.json";
                 write_file_atomically(file, read_text_file(file) + std::string(33u << 20, ' '));
               }),
      // inputs/ itself a link to a folder outside the capture (holding the very files named).
      captured("captured_inputs_folder_is_a_link", [](nlohmann::json&) {}, "is not a regular file of the capture",
               [](const fs::path& cap) {
                 const fs::path outside = cap.parent_path() / "elsewhere";
                 fs::rename(cap / "inputs", outside);
                 fs::create_symlink(outside, cap / "inputs");
               }),
      // Constexprs captured by name (issue 45): a Triton dtype, a tuple, an enum member that cannot be rebuilt.
      captured("captured_constexpr_unknown_dtype", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["args"]["x"]["value"] = "tl.bfloat61"; },
               "case cap/4/fp32: args.x.value: 'tl.bfloat61' is not a Triton dtype (tl.int1, "),
      captured("op_constexpr_unknown_dtype", [](nlohmann::json&) {}, "args.D.value: 'tl.float17' is not a Triton dtype",
               [](const fs::path& cap) {
                 add_constexpr_arg(cap, "tl.float17");
               }),
      captured("op_constexpr_broken_tuple", [](nlohmann::json&) {}, "args.D.value: '(16, [1])' is not a tuple of numbers",
               [](const fs::path& cap) {
                 add_constexpr_arg(cap, "\"(16, [1])\"");
               }),
      captured("op_constexpr_broken_enum", [](nlohmann::json&) {}, "args.D.value: 'enum:kernel' is not an enum member",
               [](const fs::path& cap) {
                 add_constexpr_arg(cap, "\"enum:kernel\"");
               }),
      // Host tensor descriptors (issue 45): a tile TMA cannot move, or not one extent per dimension.
      captured("op_descriptor_block_not_a_tile", [](nlohmann::json&) {},
               "args.x.descriptor.block: with num_warps=4 num_stages=3: block extent 48 (dimension 0) is not a power of two from 1 to 256",
               [](const fs::path& cap) { describe_x(cap, "{block: [48]}"); }),
      captured("op_descriptor_block_rank", [](nlohmann::json&) {},
               "args.x.descriptor.block: expected a list of 1 extents, one per dimension of the shape",
               [](const fs::path& cap) { describe_x(cap, "{block: [16, 16]}"); }),
      captured("op_descriptor_padding", [](nlohmann::json&) {}, "args.x.descriptor.padding: expected zero or nan, got 'inf'",
               [](const fs::path& cap) { describe_x(cap, "{block: [16], padding: inf}"); }),
      // Issue 63: "[json.exception.type_error.306] cannot use value() with array".
      captured("captured_cases_nested_arrays",
               [](nlohmann::json& c) {
                 nlohmann::json nested = nlohmann::json::array();
                 for (int depth = 0; depth < 10000; ++depth) nested = nlohmann::json::array({nested});
                 c = nested;
               },
               "cases.json: expected a JSON object with \"schema\" and \"cases\", got array"),
      captured("captured_case_not_an_object", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"] = {1, 2}; },
               "cases.json: case cap/4/fp32: expected an object with args and grids (objects)"),
      captured("captured_cases_schema", [](nlohmann::json& c) { c["schema"] = "abtool.capture_cases/9"; },
               "schema: expected abtool.capture_cases/3 (or abtool.capture_cases/2, abtool.capture_cases/1)"),
      // Inputs too large to store, generated, and A's output as the reference (capture_cases/2).
      captured("captured_reference_unknown", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["reference"] = "oracle"; },
               "case cap/4/fp32: reference: expected \"baseline\" (A's output), got \"oracle\""),
      captured("captured_generated_range_inverted",
               [](nlohmann::json& c) {
                 auto& x = c["cases"]["cap/4/fp32"]["args"]["x"];
                 x.erase("input");
                 x["generated"] = {{"dist", "uniform"}, {"low", 2}, {"high", 1}};
                 c["cases"]["cap/4/fp32"]["reference"] = "baseline";
               },
               "args.x.generated: [2, 1] is not a range of finite values"),
      captured("captured_generated_and_stored",
               [](nlohmann::json& c) {
                 c["cases"]["cap/4/fp32"]["args"]["x"]["generated"] = {{"dist", "uniform"}, {"low", -1}, {"high", 1}};
               },
               "args.x: both a stored and a generated input"),
      captured("captured_generated_against_the_captured_output",
               [](nlohmann::json& c) {
                 auto& x = c["cases"]["cap/4/fp32"]["args"]["x"];
                 x.erase("input");
                 x["generated"] = {{"dist", "uniform"}, {"low", -1}, {"high", 1}};
               },
               "args.x: a generated input, but the capture's output as the reference (it is of other inputs)"),
      captured("captured_manifest_missing", [](nlohmann::json&) {}, "capture.json: not a capture's manifest",
               [](const fs::path& cap) { fs::remove(cap / "capture.json"); }),
      captured("captured_grid_of_no_config", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["grids"] = {{"num_warps=1 num_stages=9", {1}}}; },
               "grids: 'num_warps=1 num_stages=9' is not a config of the op"),
      captured("captured_grid_not_positive", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["grids"]["num_warps=4 num_stages=3"] = {0}; },
               "grids: 0 is not a positive extent"),
      captured("captured_point_not_captured", [](nlohmann::json&) {}, "point cap/8/fp32 was not captured",
               [](const fs::path& cap) { std::ofstream(cap / "shapes.yaml") << "cap:\n  shapes:\n    - [8]\n"; }),
      captured("captured_input_wrong_size", [](nlohmann::json&) {}, "holds 3 bytes, the buffer 16",
               [](const fs::path& cap) { std::ofstream(cap / kX) << "abc"; }),
      captured("captured_input_bytes_changed", [](nlohmann::json&) {}, ": its bytes hash to " + sha256_hex(std::string(16, 'A')) + ", not to its name",
               [](const fs::path& cap) { std::ofstream(cap / kX) << std::string(16, 'A'); }),
      captured("captured_input_not_content_addressed", [](nlohmann::json& c) { c["cases"]["cap/4/fp32"]["args"]["x"]["input"] = "inputs/x.bin"; },
               "inputs/x.bin: a stored tensor is named <sha256 of its bytes>.bin",
               [](const fs::path& cap) { std::ofstream(cap / "inputs" / "x.bin") << std::string(16, '\0'); }),
      // Environment variables that change a run: a bad value is an error naming it, before any work.
      {"env_progress_nan", [](const Workspace& w) { return record_with(w, {}); }, 2,
       "environment variable ABTOOL_PROGRESS_S='nan': must be a number >= 0", {{"ABTOOL_PROGRESS_S", "nan"}}},
      {"env_cache_max_mb_negative", [](const Workspace& w) { return record_with(w, {}); }, 2,
       "environment variable ABTOOL_CACHE_MAX_MB='-1': must be a whole number of megabytes", {{"ABTOOL_CACHE_MAX_MB", "-1"}}},
      {"env_cache_max_mb_text", [](const Workspace& w) { return record_with(w, {}); }, 2,
       "environment variable ABTOOL_CACHE_MAX_MB='abc'", {{"ABTOOL_CACHE_MAX_MB", "abc"}}},
      {"env_variant_limit_zero", [](const Workspace& w) { return record_with(w, {}); }, 2,
       "environment variable ABTOOL_TRITON_VARIANT_LIMIT_S='0'", {{"ABTOOL_TRITON_VARIANT_LIMIT_S", "0"}}},
      // Issue 63: "internal error: mkdtemp failed for ..." named neither the reason nor the variable.
      {"env_tmpdir_missing", [](const Workspace& w) { return record_with(w, {}); }, 3,
       "cannot make a temporary folder in /nonexistent-abtool-tmp (TMPDIR names it): No such file or directory",
       {{"TMPDIR", "/nonexistent-abtool-tmp"}}},
      {"env_tmpdir_a_file", [](const Workspace& w) { return record_with(w, {}); }, 3,
       "cannot make a temporary folder in /etc/passwd (TMPDIR names it): Not a directory", {{"TMPDIR", "/etc/passwd"}}},
      {"env_full_sweep_yes", [](const Workspace& w) { return record_with(w, {}); }, 2,
       "environment variable ABTOOL_FULL_SWEEP='yes'", {{"ABTOOL_FULL_SWEEP", "yes"}}},
      {"env_colour_purple", [](const Workspace& w) { return std::vector<std::string>{"diff", w.record.string(), w.replay.string()}; }, 2,
       "environment variable ABTOOL_COLOR='purple'", {{"ABTOOL_COLOR", "purple"}}},
      // A config space no sweep can cover: refused when the op is loaded, not after hours of compiles.
      spec("tune_space_of_a_million", "  UNROLL: [1, 4, 8]",
           "  UNROLL: [1, 4, 8]\n  A: " + values_up_to(100) + "\n  B: " + values_up_to(100) + "\n  C: " + values_up_to(34),
           "tune: 1020000 configs (the product of its lists) is more than abtool sweeps (10000)"),
      spec("tune_space_just_over", "  UNROLL: [1, 4, 8]", "  UNROLL: [1, 4, 8]\n  A: " + values_up_to(3334),
           "tune: 10002 configs (the product of its lists) is more than abtool sweeps (10000)"),
      // Issue 63: a parameter the kernel cannot be given by that name, accepted until every compile failed.
      spec("tune_parameter_not_an_identifier", "  UNROLL: [1, 4, 8]", "  UN-ROLL: [1, 4, 8]",
           "tune: tune parameter 'UN-ROLL' is not an identifier"),
      cli("cache_dir_empty", {"--cache-dir", ""}, "--cache-dir: must name a folder, not ''"),
      cli("ops_dir_empty", {"--ops-dir", ""}, "--ops-dir: must name a folder, not ''"),
      {"out_empty", [](const Workspace&) { return std::vector<std::string>{"record", "--op", "cpu_saxpy", "--out", ""}; }, 2,
       "--out: must name a folder, not ''"},
      {"replay_out_empty",
       [](const Workspace& w) { return std::vector<std::string>{"replay", "--from", w.record.string(), "--out", ""}; }, 2,
       "--out: must name a folder, not ''"},
      {"capture_out_empty", [](const Workspace&) { return std::vector<std::string>{"capture", "--out", "", "--", "python3", "-c", "pass"}; },
       2, "--out: must name a folder, not ''"},
      cli("point_timeout_tiny", {"--point-timeout-s", "0.000001"}, "--point-timeout-s: must be a number >= 0.5, not '0.000001'"),
      cli("point_timeout_nan", {"--point-timeout-s", "nan"}, "--point-timeout-s: must be a number >= 0.5, not 'nan'"),
      // --resume finishes a run with what began it, or not at all (issue 28).
      resumed("resume_compiler_rebuilt", [](nlohmann::json& m) { m["compiler"]["sha256"] = std::string(64, '0'); },
              "compiler sha256: 0000000000000000000000000000000000000000000000000000000000000000 then, "),
      resumed("resume_compiler_elsewhere", [](nlohmann::json& m) { m["compiler"]["path"] = "/opt/other/g++"; },
              "compiler path: /opt/other/g++ then, "),
      resumed("resume_compiler_version", [](nlohmann::json& m) { m["compiler"]["version"] = "g++ 99.0"; },
              "compiler version: g++ 99.0 then, "),
      resumed("resume_compiler_flags", [](nlohmann::json& m) { m["compiler"]["flags"] = {"-O0"}; },
              "compiler flags: [-O0] then, [-std=c++17 -O3 -march=native] now"),
      resumed("resume_compiler_environment", [](nlohmann::json& m) { m["compiler"]["env"]["CXXFLAGS"] = "-O1"; },
              "compiler environment CXXFLAGS: -O1 then, none now"),
      resumed("resume_timing_changed", [](nlohmann::json& m) { m["timing"]["rep_ms"] = 123.0; }, "rep ms: 123 then, "),
      resumed("resume_seed_changed", [](nlohmann::json& m) { m["seed"] = 7; }, "seed: 7 then, "),
      resumed("resume_other_machine", [](nlohmann::json& m) { m["host"]["hostname"] = "elsewhere"; }, "host: elsewhere then, "),
      resumed("resume_other_cpu", [](nlohmann::json& m) { m["host"]["cpu"] = "Some Other CPU"; }, "host CPU: Some Other CPU then, "),
      resumed("resume_point_twice", [](nlohmann::json&) {}, "the same point appears twice",
              [](nlohmann::json& r) { r["points"].push_back(r["points"][0]); r["complete"] = false; }),
      resumed("resume_point_not_planned", [](nlohmann::json&) {}, "is not one of the run's planned points",
              [](nlohmann::json& r) {
                r["points"][0]["shape"] = {12345};
                r["points"][0]["shape_text"] = "12345";
              }),
      resumed("resume_lock_is_a_symlink", [](nlohmann::json&) {}, "lock: a link; a run's lock file must be a plain file", {},
              [](const fs::path& run) {
                std::ofstream(run.parent_path() / "victim.txt") << "mine";
                fs::remove(run / "lock");
                fs::create_symlink(run.parent_path() / "victim.txt", run / "lock");
              }),
      resumed("resume_lock_is_a_hard_link", [](nlohmann::json&) {}, "lock: not a plain file of its own", {},
              [](const fs::path& run) {
                std::ofstream(run.parent_path() / "victim.txt") << "mine";
                fs::remove(run / "lock");
                fs::create_hard_link(run.parent_path() / "victim.txt", run / "lock");
              }),
      {"diff_point_not_planned",
       [](const Workspace& w) {
         fs::path copy = w.damaged(w.replay, "results.json", [](nlohmann::json& r) { r["points"][0]["shape_text"] = "777"; r["points"][0]["shape"] = {777}; });
         return std::vector<std::string>{"diff", w.record.string(), copy.string()};
       },
       2, "is not one of the run's planned points"},
      // A run written again is written only inside itself (issue 28): no link anywhere in it, no
      // file it appends to a second name of another; readers read a run's own files only.
      resumed("resume_ir_folder_link", [](nlohmann::json&) {}, "ir: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "ir"); }),
      resumed("resume_bin_folder_link", [](nlohmann::json&) {}, "bin: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "bin"); }),
      resumed("resume_ir_shape_folder_link", [](nlohmann::json&) {}, "a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, first_ir(run).parent_path().parent_path()); }),
      resumed("resume_ir_file_link", [](nlohmann::json&) {}, "a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, first_ir(run)); }),
      resumed("resume_binary_link", [](nlohmann::json&) {}, "a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, first_binary(run)); }),
      resumed("resume_results_link", [](nlohmann::json&) {}, "results.json: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "results.json"); }),
      resumed("resume_samples_link", [](nlohmann::json&) {}, "samples.bin: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "samples.bin"); }),
      resumed("resume_run_log_link", [](nlohmann::json&) {}, "run.log: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "run.log"); }),
      resumed("resume_autotune_db_link", [](nlohmann::json&) {}, "autotune.sqlite: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "autotune.sqlite"); }),
      resumed("resume_autotune_records_link", [](nlohmann::json&) {}, "autotune_records: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "autotune_records"); }),
      resumed("resume_shapes_link", [](nlohmann::json&) {}, "shapes.yaml: a link inside the run directory", {},
              [](const fs::path& run) { linked_out(run, "shapes.yaml"); }),
      resumed("resume_results_hard_link", [](nlohmann::json&) {}, "results.json: a second name of another file", {},
              [](const fs::path& run) { hard_linked_out(run, "results.json"); }),
      resumed("resume_samples_hard_link", [](nlohmann::json&) {}, "samples.bin: a second name of another file", {},
              [](const fs::path& run) { hard_linked_out(run, "samples.bin"); }),
      resumed("resume_run_log_hard_link", [](nlohmann::json&) {}, "run.log: a second name of another file", {},
              [](const fs::path& run) { hard_linked_out(run, "run.log"); }),
      resumed("resume_index_hard_link", [](nlohmann::json&) {}, "index.tsv: a second name of another file", {},
              [](const fs::path& run) { hard_linked_out(run, "ir/index.tsv"); }),
      diff_through_link("diff_results_is_a_link", "results.json"),
      diff_through_link("diff_meta_is_a_link", "meta.json"),
      diff_through_link("diff_samples_is_a_link", "samples.bin"),
      // merge checks every shard's files and points before it writes, and writes OUT whole or not at all.
      merged("merge_shard_emptied",
             [](const fs::path& shard) {
               nlohmann::json results = read_results(shard);
               results["points"] = nlohmann::json::array();
               write_file_atomically(shard / "results.json", results.dump());
             },
             "has no result, though the shard finished"),
      merged("merge_shard_binary_replaced", [](const fs::path& shard) { write_file_atomically(shard / first_binary(shard), "not it"); },
             "the point was measured with"),
      merged("merge_shard_binary_link", [](const fs::path& shard) { linked_out(shard, first_binary(shard)); },
             "is a link; a shard's files must be its own"),
      merged("merge_shard_bin_folder_link", [](const fs::path& shard) { linked_out(shard, "bin"); },
             "is a link; a shard's files must be its own"),
      merged("merge_shard_ir_link", [](const fs::path& shard) { linked_out(shard, first_ir(shard)); },
             "is a link; a shard's files must be its own"),
      merged("merge_shard_results_link", [](const fs::path& shard) { linked_out(shard, "results.json"); },
             "results.json: a link; abtool reads a run's files only from inside it"),
      {"merge_onto_a_run",
       [](const Workspace& w) {
         return std::vector<std::string>{"merge", w.record.string(), w.shards[0].string(), w.shards[1].string()};
       },
       2, "is a run; the first argument is the new run to write"},
      {"merge_shard_missing",
       [](const Workspace& w) { return std::vector<std::string>{"merge", (w.dir / "M").string(), w.shards[0].string()}; }, 2,
       "shard 2/2 missing"},
      {"merge_shard_twice",
       [](const Workspace& w) {
         return std::vector<std::string>{"merge", (w.dir / "M").string(), w.shards[0].string(), w.shards[0].string()};
       },
       2, "are both shard 1/2"},
      {"autotune_db_garbage",
       [](const Workspace& w) {
         fs::path copy = w.dir / "garbage_db";
         fs::copy(w.record, copy, fs::copy_options::recursive);
         write_file_atomically(copy / "autotune.sqlite", std::string(4096, 'x'));
         return std::vector<std::string>{"replay", "--from", copy.string(), "--out", (w.dir / "B").string()};
       },
       2, "autotune.sqlite: not an abtool autotune database"},
      history_add("history_label_with_a_newline", "night\n2", "", "holds a control character"),
      history_add("history_label_too_long", std::string(101, 'n'), "", "101 characters long, more than 100"),
      history_add("history_order_an_impossible_date", "feb", "2026-02-31", "--build-order '2026-02-31'"),
      {"history_rows_of_a_removed_run",
       [](const Workspace& w) {
         const fs::path db = history_of(w);
         SqliteDb raw(db, true);
         raw.exec("PRAGMA foreign_keys = OFF; DELETE FROM runs");
         return std::vector<std::string>{"history", "gate", "--db", db.string()};
       },
       2, "damaged: an outcome of run row 1, which it does not hold"},
      {"history_pages_overwritten",
       [](const Workspace& w) {
         const fs::path db = history_of(w);
         std::string bytes = read_text_file(db);
         for (size_t at = 4096; at < bytes.size() && at < 4096 * 4; ++at) bytes[at] = 'x';
         write_file_atomically(db, bytes);
         return std::vector<std::string>{"history", "list", "--db", db.string()};
       },
       2, "h.sqlite: damaged"},
      // Issue 74: a typo under `history` is named at its own depth, not blamed on --db.
      {"history_gate_misspelled_option",
       [](const Workspace& w) {
         return std::vector<std::string>{"history", "gate", "--db", history_of(w).string(), "--treshold", "1"};
       },
       2, "abtool history gate: error: unknown option '--treshold' (did you mean '--threshold'?)"},
      {"history_misspelled_command",
       [](const Workspace& w) { return std::vector<std::string>{"history", "gaet", "--db", history_of(w).string()}; }, 2,
       "abtool history: error: unknown command 'gaet' (did you mean 'gate'?)"},
      {"history_changes_unknown_format",
       [](const Workspace& w) {
         return std::vector<std::string>{"history", "changes", "--db", history_of(w).string(), "--format", "yaml"};
       },
       2, "abtool history changes: error: --format: 'yaml' is not one of text, md, json, csv"},
      // record/replay --history: what can be checked is checked before anything is measured (a
      // refused record creates no run), and an add that fails at the end keeps the run and says how
      // to finish the job.
      {"record_history_impossible_order",
       [](const Workspace& w) {
         return record_with(w, {"--history", (w.dir / "h.sqlite").string(), "--build-order", "2026-02-31"});
       },
       2, "(checked before measuring): --build-order '2026-02-31': not a number or a date"},
      {"record_history_folder_missing",
       [](const Workspace& w) { return record_with(w, {"--history", (w.dir / "nowhere" / "h.sqlite").string()}); },
       2, "(checked before measuring): its folder " },
      {"record_history_order_of_another_kind",
       [](const Workspace& w) { return record_with(w, {"--history", history_of(w).string(), "--build-order", "17"}); },
       2, "--build-order '17' is a number; this history orders its builds by time"},
      {"record_history_held_by_another_writer",
       [](const Workspace& w) {
         const fs::path db = history_of(w), held = w.dir / "held";
         // Another writer: a transaction holding the write lock for 60 s (ended by `then`).
         const std::string holder = "import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
                                    "c.execute('BEGIN IMMEDIATE')\nopen(sys.argv[2], 'w').write('%d' % __import__('os').getpid())\n"
                                    "time.sleep(60)\n";
         w.write("holder.py", holder);
         std::system(("python3 " + (w.dir / "holder.py").string() + " " + db.string() + " " + held.string() + " &").c_str());
         for (int i = 0; i < 200 && !fs::exists(held); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
         return record_with(w, {"--history", db.string()});
       },
       2, "locked by another writer (another `abtool history add`, or a record or replay adding itself) while checking it before the run",
       {},
       [](const Workspace& w) {
         const std::string pid = read_text_file(w.dir / "held");
         if (!pid.empty()) ::kill(std::stoi(pid), SIGKILL);
       }},
      {"replay_history_label_of_another_compiler",
       [](const Workspace& w) {
         const fs::path db = history_of(w);  // build "one": the replay's g++ as it is
         return std::vector<std::string>{"replay", "--from", w.record.string(), "--out", (w.dir / "R").string(), "-q",
                                         "--compiler-flags", "-O1", "--history", db.string(), "--build", "one"};
       },
       2, "give this one another --build; the run is kept: `abtool history add --db "},
  };
  return all;
}

class HostileInput : public ::testing::TestWithParam<Case> {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir("abtool-hostile-");
    ProcessResult a = record(dir_->path() / "A", {"--op", "cpu_saxpy"});
    ASSERT_EQ(a.exit_code, 0) << describe(a);
    ProcessResult b = replay(dir_->path() / "A", dir_->path() / "B", {});
    ASSERT_EQ(b.exit_code, 0) << describe(b);
    for (int i = 0; i < 2; ++i) {
      ProcessResult shard = record(dir_->path() / ("S" + std::to_string(i)),
                                   {"--op", "cpu_saxpy,cpu_softmax", "--shard", std::to_string(i + 1) + "/2"});
      ASSERT_EQ(shard.exit_code, 0) << describe(shard);
    }
  }
  static void TearDownTestSuite() { delete dir_; }
  static TempDir* dir_;
};
TempDir* HostileInput::dir_ = nullptr;

TEST_P(HostileInput, IsRefusedWithOneClearLine) {
  const Case& c = GetParam();
  TempDir own("abtool-hostile-case-");
  const Workspace w{own.path(), dir_->path() / "A", dir_->path() / "B", {dir_->path() / "S0", dir_->path() / "S1"}};
  if (std::string(c.name).rfind("captured_", 0) == 0 && !fs::exists(fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3"))
    GTEST_SKIP() << "no build/triton-venv (scripts/bootstrap.sh): the captured-op cases need a Triton";
  const std::string record_results = read_text_file(w.record / "results.json");
  const std::string replay_meta = read_text_file(w.replay / "meta.json");
  const std::vector<std::string> args = c.args(w);
  ProcessResult result = abtool(args, c.env);
  EXPECT_EQ(read_text_file(w.record / "results.json"), record_results) << "an input is never overwritten";
  EXPECT_EQ(read_text_file(w.replay / "meta.json"), replay_meta) << "an input is never overwritten";
  EXPECT_FALSE(fs::exists(w.record / "merged")) << "nothing is written inside an input";
  EXPECT_EQ(result.exit_code, c.exit_code) << describe(result);
  // A refusal says it on stderr; input that is taken (exit 0) says it where the report is, or on stderr.
  const std::string said = c.exit_code == 0 ? result.out + result.err : result.err;
  EXPECT_NE(said.find(c.words), std::string::npos) << "expected: " << c.words << "\n" << describe(result);
  EXPECT_LE(std::count(result.err.begin(), result.err.end(), '\n'), 2) << "one error (and CLI11's hint): " << result.err;
  if (args[0] == "record" && c.words.find("never overwrites") == std::string::npos)
    EXPECT_FALSE(fs::exists(w.dir / "run" / "meta.json")) << "a refused record creates no run";
  EXPECT_FALSE(fs::exists(w.dir / "B")) << "a refused replay creates no run";
  EXPECT_FALSE(fs::exists(w.dir / "M")) << "a refused merge creates no run";
  for (const auto& entry : fs::directory_iterator(w.dir))
    EXPECT_EQ(entry.path().filename().string().find(".merging-"), std::string::npos) << "a merge's staging folder was left";
  if (fs::exists(w.dir / "victim.txt")) EXPECT_EQ(read_text_file(w.dir / "victim.txt"), "mine") << "written through a link";
  if (c.then) c.then(w);
  if (fs::exists(w.dir / "killed" / "meta.json"))
    EXPECT_EQ(read_json(w.dir / "killed" / "meta.json")["status"], "interrupted") << "a refused resume changes nothing";
}

INSTANTIATE_TEST_SUITE_P(Cases, HostileInput, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) { return std::string(info.param.name); });

// The README and docs/run-directory.md say how many cases this suite holds: the number they say is this one.
TEST(HostileInputNotes, TheDocsCountTheSuitesCases) {
  const std::string count = std::to_string(cases().size());
  for (const char* page : {"README.md", "docs/run-directory.md"}) {
    std::string text = read_text_file(source_dir() / page);
    std::replace(text.begin(), text.end(), '\n', ' ');
    EXPECT_NE(text.find("tests/e2e/test_hostile_input.cpp`, " + count + " "), std::string::npos)
        << page << " does not say " << count << " cases";
  }
}

// Issue 73: a history in a folder its reader cannot write (a shared copy) is read, not "unable to
// open database file": SQLite cannot make its WAL index there, so it is read as immutable. As root
// (CI), the reader is user nobody (setpriv); the folder is root's, mode 0555.
TEST(HostileHistory, AHistoryInAFolderItsReaderCannotWriteIsRead) {
  const bool root = ::getuid() == 0;
  if (root && !find_program("setpriv")) GTEST_SKIP() << "root without setpriv: no other user to read as";
  TempDir own("abtool-readonly-history-");
  ASSERT_EQ(record(own.path() / "A", {"--op", "cpu_saxpy"}).exit_code, 0);
  const fs::path shared = own.path() / "shared", db = shared / "h.sqlite";
  fs::create_directories(shared);
  ProcessResult added = abtool({"history", "add", "--db", db.string(), "--build", "one", (own.path() / "A").string()});
  ASSERT_EQ(added.exit_code, 0) << describe(added);
  ASSERT_FALSE(fs::exists(db.string() + "-shm")) << "the last writer leaves no WAL index";
  using fs::perms;
  fs::permissions(own.path(), perms::owner_all | perms::group_read | perms::group_exec | perms::others_read | perms::others_exec);
  fs::permissions(shared, perms::owner_read | perms::owner_exec | perms::group_read | perms::group_exec | perms::others_read |
                              perms::others_exec);
  fs::permissions(db, perms::owner_read | perms::group_read | perms::others_read);
  auto as_reader = [&](std::vector<std::string> args) {
    if (!root) return run_process({ABTOOL_BINARY, args, "", {}, std::chrono::seconds(120)});
    args.insert(args.begin(), {"--reuid=65534", "--regid=65534", "--clear-groups", ABTOOL_BINARY});
    return run_process({"setpriv", args, "", {}, std::chrono::seconds(120)});
  };
  for (const char* command : {"list", "gate"}) {
    SCOPED_TRACE(command);
    const ProcessResult read = as_reader({"history", command, "--db", db.string()});
    EXPECT_NE(read.exit_code, 2) << describe(read);
    EXPECT_EQ(read.err.find("unable to open"), std::string::npos) << describe(read);
    EXPECT_EQ(read.err.find("cannot open"), std::string::npos) << describe(read);
  }
  const ProcessResult listed = as_reader({"history", "list", "--db", db.string()});
  EXPECT_EQ(listed.exit_code, 0) << describe(listed);
  EXPECT_NE(listed.out.find("one"), std::string::npos) << listed.out;
  fs::permissions(shared, perms::owner_all);
}

// Issue "Resilience III": recording a capture imports the workload's modules (their import-time
// code runs); record says so in its first lines, naming them, before anything else happens.
TEST(HostileInputNotes, RecordingACaptureSaysItImportsTheWorkloadsModules) {
  const fs::path python = fs::path(ABTOOL_TEST_TRITON_VENV) / "bin" / "python3";
  if (!fs::exists(python)) GTEST_SKIP() << "no build/triton-venv (scripts/bootstrap.sh): a captured op needs a Triton";
  TempDir own("abtool-captured-note-");
  const Workspace w{own.path(), {}, {}, {}};
  const fs::path cap = capture_with(w, [](nlohmann::json&) {});
  const ProcessResult result = abtool(record_with(w, {"--ops-dir", (cap / "ops").string(), "--shapes", (cap / "shapes.yaml").string(),
                                                      "--op", "cap", "--compiler", "triton:" + python.string(), "--arch", "sm_90"}));
  const std::string log = read_text_file(w.dir / "run" / "run.log");
  EXPECT_NE(log.find("captured ops: their Python modules are imported to compile them, so their import-time code runs: kernel"),
            std::string::npos) << log;
  EXPECT_LT(log.find("captured ops:"), log.find("compiler:")) << "among the header lines";
  EXPECT_NE(result.out.find("captured ops:"), std::string::npos) << "on the terminal too: " << describe(result);
}

}  // namespace
}  // namespace abt::e2e
