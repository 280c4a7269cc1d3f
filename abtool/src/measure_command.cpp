// record and replay: plan the points, validate everything up front (bad input never creates a
// run directory), then run each op's points through the engine with a sweep or replay chooser.
#include <fmt/format.h>

#include <cstdlib>
#include <memory>

#include "abtool_version.h"
#include "commands.h"
#include "compilers/compiler.h"
#include "host_info.h"
#include "opspec/points.h"
#include "recorder/sweep.h"
#include "replay/replay_chooser.h"
#include "replay/replay_source.h"
#include "result_table.h"
#include "run_directory.h"
#include "util/errors.h"
#include "util/terminal.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

struct PlannedOp {
  OpSpec spec;
  std::vector<Point> points;
};

fs::path default_ops_dir() {
  if (const char* env = std::getenv("ABTOOL_OPS_DIR")) return env;
  return fs::path(ABTOOL_SOURCE_DIR) / "examples" / "ops";
}

fs::path default_shapes() {
  if (const char* env = std::getenv("ABTOOL_SHAPES")) return env;
  return fs::path(ABTOOL_SOURCE_DIR) / "shapes" / "smoke.yaml";
}

std::string default_compiler() {
  // The CUDA build makes nvrtc the default on GPU machines (issue 3); this build measures host ops.
  return "host:g++";
}

std::vector<DType> parse_dtypes(const std::vector<std::string>& names) {
  std::vector<DType> dtypes;
  for (const auto& name : names) {
    auto dtype = parse_dtype(name);
    if (!dtype) throw InputError("--dtypes: unknown dtype '" + name + "' (fp32, fp64, fp16, bf16, i32, i64)");
    dtypes.push_back(*dtype);
  }
  return dtypes;
}

std::vector<PlannedOp> plan(const MeasureOptions& options, const ShapeSet& shapes, const CompilerBackend& compiler) {
  std::vector<std::string> ops = options.ops;
  if (ops.empty())
    for (const auto& list : shapes.ops) ops.push_back(list.op);
  std::vector<DType> dtypes = parse_dtypes(options.dtypes);
  std::vector<PlannedOp> planned;
  for (const auto& name : ops) {
    PlannedOp op{find_op_spec(options.ops_dir, name), {}};
    if (!compiler.accepts(op.spec.language))
      throw InputError(fmt::format("op {} is {} code; --compiler {} cannot build it", name,
                                   language_name(op.spec.language), compiler.fingerprint().backend));
    op.points = expand_points(op.spec, shapes, dtypes);
    planned.push_back(std::move(op));
  }
  return planned;
}

ShapeSet used_shapes(const ShapeSet& shapes, const std::vector<PlannedOp>& planned) {
  ShapeSet used;
  used.file = shapes.file;
  for (const auto& op : planned) {
    ShapeList list = *shapes.find(op.spec.name);
    list.dtypes.clear();
    for (const auto& point : op.points)
      if (std::find(list.dtypes.begin(), list.dtypes.end(), point.dtype) == list.dtypes.end())
        list.dtypes.push_back(point.dtype);
    used.ops.push_back(std::move(list));
  }
  return used;
}

bool shape_has_several_dtypes(const std::vector<Point>& points) {
  for (const auto& a : points)
    for (const auto& b : points)
      if (a.shape == b.shape && a.dtype != b.dtype) return true;
  return false;
}

nlohmann::json meta_for(const MeasureOptions& options, const std::string& mode, const CompilerBackend& compiler,
                        const CompilerBackend& reference, const std::vector<PlannedOp>& planned) {
  std::vector<std::string> op_names;
  for (const auto& op : planned) op_names.push_back(op.spec.name);
  return {{"mode", mode},
          {"replay_from", options.from.empty() ? nlohmann::json() : nlohmann::json(fs::absolute(options.from).lexically_normal().string())},
          {"command_line", options.command_line},
          {"working_directory", fs::current_path().string()},
          {"compiler", compiler.fingerprint().to_json()},
          {"reference_compiler", reference.fingerprint().to_json()},
          {"gpu", nullptr},
          {"host", host_machine_info()},
          {"abtool", {{"version", ABTOOL_VERSION}, {"git_sha", ABTOOL_GIT_SHA}}},
          {"timing", {{"timer", options.timer}, {"warmup_ms", options.warmup_ms}, {"rep_ms", options.rep_ms}, {"rounds", options.rounds},
                      {"host_method", "host"}}},
          {"seed", options.seed},
          {"selection", {{"ops", op_names}, {"ops_dir", fs::absolute(options.ops_dir).lexically_normal().string()},
                         {"shapes_file", fs::absolute(options.shapes).lexically_normal().string()},
                         {"dtypes", options.dtypes}}}};
}

void log_settings(RunDirectory& run, const MeasureOptions& options, const std::string& mode,
                  const CompilerBackend& compiler, size_t points, size_t ops) {
  const CompilerFingerprint& print = compiler.fingerprint();
  run.log(fmt::format("abtool {} ({}) {} -> {}", ABTOOL_VERSION, ABTOOL_GIT_SHA, mode, run.path().string()));
  if (!options.from.empty()) run.log("replaying the choices of " + options.from);
  run.log(fmt::format("compiler: {} {} [{}] flags: {}", print.backend, print.path, print.version,
                      fmt::join(print.flags, " ")));
  run.log(fmt::format("timing: host ops wall-clock (--timer {} applies to GPU ops), warm-up {} ms, rep {} ms in {} "
                      "interleaved rounds, seed {}",
                      options.timer, options.warmup_ms, options.rep_ms, options.rounds, options.seed));
  run.log(fmt::format("points: {} across {} op(s) from {}", points, ops, options.shapes));
}

// Runs every planned op through the engine; returns the number of FAILED points.
int measure_ops(const std::vector<PlannedOp>& planned, const MeasureOptions& options, const CompilerBackend& compiler,
                const CompilerBackend& reference, RunDirectory& run, AutotuneStore& store, IrDump& ir,
                const AutotuneStore* record_a) {
  TimingSettings timing;
  timing.timer = options.timer;
  timing.warmup_ms = options.warmup_ms;
  timing.rep_ms = options.rep_ms;
  timing.rounds = options.rounds;
  auto timer = make_host_timer();
  SweepChooser sweep;
  std::unique_ptr<ReplayChooser> replay;
  if (record_a) replay = std::make_unique<ReplayChooser>(*record_a);
  ConfigChooser& chooser = replay ? static_cast<ConfigChooser&>(*replay) : sweep;

  int failed = 0;
  for (const auto& op : planned) {
    CompileCache variants(compiler, op.spec.source, op.spec.kernel, op.spec.args, op.spec.name);
    std::unique_ptr<CompileCache> references;
    if (!op.spec.reference.kernel.empty())
      references = std::make_unique<CompileCache>(reference, op.spec.reference.source, op.spec.reference.kernel,
                                                  op.spec.args, op.spec.name + " reference");
    OpSession session{op.spec, variants, references.get(), VariantNaming(op.spec, shape_has_several_dtypes(op.points)),
                      ir, store, *timer, timing, options.seed, run, {}};
    ir.add_legend(op.spec.name, session.naming.legend_markdown());
    Progress progress(run.mode() + " " + op.spec.name, int(op.points.size()) * (1 + std::max(1, timing.rounds)));
    failed += run_op_points(session, op.points, chooser,
                            [&](int done, int, const std::string& what) { progress.update(done, what); });
    progress.finish();
    run.export_autotune_record(op.spec.name, store.export_op(op.spec.name));
  }
  return failed;
}

int measure(MeasureOptions options, const std::string& mode, const AutotuneStore* record_a) {
  if (options.ops_dir.empty()) options.ops_dir = default_ops_dir();
  if (options.shapes.empty()) options.shapes = default_shapes();
  if (options.compiler.empty()) options.compiler = default_compiler();
  if (options.timer.empty()) options.timer = "graph";

  ShapeSet shapes = load_shape_set(options.shapes);
  auto compiler = make_compiler(parse_compiler_spec(options.compiler, options.compiler_flags, options.compiler_env));
  std::vector<PlannedOp> planned = plan(options, shapes, *compiler);
  auto reference = make_reference_compiler(Language::cpp);

  std::vector<std::string> op_names, planned_ids;
  for (const auto& op : planned) {
    op_names.push_back(op.spec.name);
    for (const auto& point : op.points) planned_ids.push_back(point.id());
  }
  fs::path dir = options.out.empty() ? RunDirectory::default_path(op_names) : fs::path(options.out);
  RunDirectory run(dir, meta_for(options, mode, *compiler, *reference, planned), planned_ids);
  run.write_shapes(shape_set_to_yaml(used_shapes(shapes, planned)));
  AutotuneStore store(dir / "autotune.sqlite", true);
  store.set_meta("mode", mode);
  store.set_meta("compiler_fingerprint", compiler->fingerprint().to_json().dump());
  IrDump ir(dir);

  log_settings(run, options, mode, *compiler, planned_ids.size(), planned.size());
  int failed = 0;
  try {
    failed = measure_ops(planned, options, *compiler, *reference, run, store, ir, record_a);
  } catch (const InputError& error) {
    run.log(std::string("abtool: error: ") + error.what());
    run.finish("aborted");
    throw;
  }
  run.finish("finished");
  fmt::print("\n{}", result_table(run.results()));
  fmt::print("run directory: {}\n", dir.string());
  return failed ? kExitPointFailed : kExitOk;
}

}  // namespace

int run_record(MeasureOptions options) { return measure(std::move(options), "record", nullptr); }

int run_replay(MeasureOptions options) {
  RecordRun a = open_record_run(options.from);
  if (!options.given_ops) options.ops = a.ops;
  if (!options.given_ops_dir) options.ops_dir = a.ops_dir.string();
  if (!options.given_shapes) options.shapes = a.shapes_file.string();
  if (!options.given_dtypes) options.dtypes = a.dtypes;
  if (!options.given_seed) options.seed = a.seed;
  if (!options.given_timer) options.timer = a.timing.timer;
  if (!options.given_warmup) options.warmup_ms = a.timing.warmup_ms;
  if (!options.given_rep) options.rep_ms = a.timing.rep_ms;
  if (!options.given_rounds) options.rounds = a.timing.rounds;
  AutotuneStore record(a.autotune_db(), false);
  return measure(std::move(options), "replay", &record);
}

}  // namespace abt
