// record and replay: plan the points, validate everything up front (bad input never creates a
// run directory), then run each op's points through the engine with a sweep or replay chooser.
#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <set>

#include "abtool_version.h"
#include "commands.h"
#include "compilers/compiler.h"
#include "device_setup.h"
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

std::vector<DType> parse_dtypes(const std::vector<std::string>& names) {
  std::vector<DType> dtypes;
  for (const auto& name : names) {
    auto dtype = parse_dtype(name);
    if (!dtype) throw InputError("--dtypes: unknown dtype '" + name + "' (fp32, fp64, fp16, bf16, i32, i64)");
    dtypes.push_back(*dtype);
  }
  return dtypes;
}

std::vector<PlannedOp> plan(const MeasureOptions& options, const ShapeSet& shapes, const CompilerBackend& compiler,
                            const DeviceSetup& device) {
  const bool chosen = !options.ops.empty();
  std::vector<std::string> ops = options.ops;
  if (!chosen)
    for (const auto& list : shapes.ops) ops.push_back(list.op);
  std::vector<DType> dtypes = parse_dtypes(options.dtypes);
  std::vector<PlannedOp> planned;
  for (const auto& name : ops) {
    PlannedOp op{find_op_spec(options.ops_dir, name), {}};
    if (!compiler.accepts(op.spec.language)) {
      if (!chosen) continue;  // a shape set may hold host and CUDA ops: take the ones this compiler builds
      std::string hint;
      if (op.spec.language == Language::cuda && compiler.fingerprint().backend == "host")
        hint = device.info() ? " (use --compiler nvrtc or nvcc:PATH)"
                             : " (no CUDA device here: " + device.unavailable_reason() +
                                   "; --compiler nvrtc --arch sm_XX compiles without one)";
      throw InputError(fmt::format("op {} is {} code; --compiler {} cannot build it{}", name,
                                   language_name(op.spec.language), compiler.fingerprint().backend, hint));
    }
    op.points = expand_points(op.spec, shapes, dtypes);
    planned.push_back(std::move(op));
  }
  if (planned.empty())
    throw InputError(fmt::format("{}: no op in this shape set is built by --compiler {} (name ops with --op)",
                                 shapes.file.string(), compiler.fingerprint().backend));
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

// The reference compilers a run needs, one per reference language, made on first use.
class ReferenceCompilers {
 public:
  explicit ReferenceCompilers(std::string cuda_arch) : cuda_arch_(std::move(cuda_arch)) {}
  const CompilerBackend& get(Language language) {
    auto& compiler = compilers_[language];
    if (!compiler) compiler = make_reference_compiler(language, cuda_arch_);
    return *compiler;
  }
  nlohmann::json to_json() const {
    nlohmann::json json = nlohmann::json::object();
    for (const auto& [language, compiler] : compilers_) json[language_name(language)] = compiler->fingerprint().to_json();
    return json;
  }

 private:
  std::string cuda_arch_;
  std::map<Language, std::unique_ptr<CompilerBackend>> compilers_;
};

nlohmann::json meta_for(const MeasureOptions& options, const std::string& mode, const CompilerBackend& compiler,
                        ReferenceCompilers& references, const DeviceSetup& device, const std::vector<PlannedOp>& planned) {
  std::vector<std::string> op_names;
  for (const auto& op : planned) op_names.push_back(op.spec.name);
  const char* fault = std::getenv("ABTOOL_TEST_GRAPH_FAULT");
  const std::string graph_fault = fault ? fault : "";
  return {{"mode", mode},
          {"replay_from", options.from.empty() ? nlohmann::json() : nlohmann::json(fs::absolute(options.from).lexically_normal().string())},
          {"command_line", options.command_line},
          {"working_directory", fs::current_path().string()},
          {"compiler", compiler.fingerprint().to_json()},
          {"reference_compiler", references.to_json()},
          {"gpu", device.to_json()},
          {"host", host_machine_info()},
          {"abtool", {{"version", ABTOOL_VERSION}, {"git_sha", ABTOOL_GIT_SHA}}},
          {"timing", {{"timer", options.timer}, {"warmup_ms", options.warmup_ms}, {"rep_ms", options.rep_ms}, {"rounds", options.rounds},
                      {"host_method", "host"}, {"test_graph_fault", graph_fault}}},
          {"seed", options.seed},
          {"selection", {{"ops", op_names}, {"ops_dir", fs::absolute(options.ops_dir).lexically_normal().string()},
                         {"shapes_file", fs::absolute(options.shapes).lexically_normal().string()},
                         {"compiler", options.compiler},
                         {"dtypes", options.dtypes}}}};
}

void log_settings(RunDirectory& run, const MeasureOptions& options, const std::string& mode,
                  const CompilerBackend& compiler, const DeviceSetup& device, size_t points, size_t ops) {
  const CompilerFingerprint& print = compiler.fingerprint();
  run.log(fmt::format("abtool {} ({}) {} -> {}", ABTOOL_VERSION, ABTOOL_GIT_SHA, mode, run.path().string()));
  if (!options.from.empty()) run.log("replaying the choices of " + options.from);
  run.log(fmt::format("compiler: {} {} [{}] flags: {}", print.backend, print.path, print.version,
                      fmt::join(print.flags, " ")));
  run.log(fmt::format("timing: CUDA ops --timer {}, host ops wall-clock; warm-up {} ms, rep {} ms in {} "
                      "interleaved rounds, seed {}",
                      options.timer, options.warmup_ms, options.rep_ms, options.rounds, options.seed));
  if (const DeviceInfo* info = device.info())
    run.log(fmt::format("gpu {}: {} {}, {} SMs, {:.0f} MHz max, {:.0f} GB/s theoretical; CUDA target {}", options.gpu,
                        info->name, info->arch, info->sm_count, info->sm_clock_mhz, info->memory_bandwidth_gbps(), device.arch()));
  else
    run.log(fmt::format("gpu: none ({}); CUDA target {}", device.unavailable_reason(),
                        device.arch().empty() ? "none" : device.arch()));
  if (const char* fault = std::getenv("ABTOOL_TEST_GRAPH_FAULT"))
    run.log(fmt::format("ABTOOL_TEST_GRAPH_FAULT={}: the graph {} phase fails on purpose (a test switch)", fault, fault));
  run.log(fmt::format("points: {} across {} op(s) from {}", points, ops, options.shapes));
}

// No device, but a target (--arch): the compile path still runs, so compile errors of the whole
// config space reach run.log; the points then fail with the reason.
void compile_without_device(const PlannedOp& op, CompileCache& variants, const DeviceSetup& device, RunDirectory& run) {
  const auto configs = op.spec.config_space();
  // What the points would compile: each dtype, with each Triton specialization its points need.
  std::map<std::string, std::pair<DType, Specialization>> builds;
  for (const auto& point : op.points) {
    Specialization specialization = specialization_at(op.spec, point);
    builds.try_emplace(dtype_name(point.dtype) + " " + specialization.text(), point.dtype, specialization);
  }
  int failed = 0, total = 0;
  for (const auto& [label, build] : builds) {
    const auto& [dtype, specialization] = build;
    variants.compile_all(configs, dtype, specialization);
    for (const auto& config : configs) {
      const CompiledVariant& variant = variants.get(config, dtype, specialization);
      ++total;
      if (variant.ok) continue;
      ++failed;
      run.log(fmt::format("compile_failed op={} dtype={} config=\"{}{}\"", op.spec.name, dtype_name(dtype), config_text(config),
                          specialization.empty() ? "" : " | " + specialization.text()));
      run.log("  | " + variant.log.substr(0, variant.log.find('\n')));
    }
  }
  run.log(fmt::format("{}: compiled {} variants for {} ({} failed); no device to run them ({})", op.spec.name, total,
                      device.arch(), failed, device.unavailable_reason()));
}

// Runs every planned op through the engine; returns the number of FAILED points.
int measure_ops(const std::vector<PlannedOp>& planned, const MeasureOptions& options, const CompilerBackend& compiler,
                ReferenceCompilers& references, DeviceSetup& device, RunDirectory& run, AutotuneStore& store, IrDump& ir,
                const AutotuneStore* record_a) {
  TimingSettings timing;
  timing.timer = options.timer;
  timing.warmup_ms = options.warmup_ms;
  timing.rep_ms = options.rep_ms;
  timing.rounds = options.rounds;
  auto host_timer = make_host_timer();
  auto host_target = make_host_target();
  SweepChooser sweep;
  std::unique_ptr<ReplayChooser> replay;
  if (record_a) replay = std::make_unique<ReplayChooser>(*record_a);
  ConfigChooser& chooser = replay ? static_cast<ConfigChooser&>(*replay) : sweep;

  int failed = 0;
  std::string device_lost;
  for (const auto& op : planned) {
    const bool cuda = op.spec.language != Language::cpp;
    if (cuda && !device_lost.empty()) {  // a kernel faulted in an earlier op: this device is gone
      for (const auto& point : op.points) {
        PointResult result;
        result.point = point;
        result.kernel = op.spec.kernel;
        result.error = "not run: the device context was lost: " + device_lost;
        run.point_finished(result);
        ++failed;
      }
      continue;
    }
    CompileCache variants(compiler, op.spec.source, op.spec.kernel, op.spec.args, op.spec.name);
    std::unique_ptr<CompileCache> references_cache;
    if (!op.spec.reference.kernel.empty())
      references_cache = std::make_unique<CompileCache>(references.get(op.spec.reference.language), op.spec.reference.source,
                                                        op.spec.reference.kernel, op.spec.args, op.spec.name + " reference");
    ExecutionTarget& target = cuda ? device.target(references.get(Language::cuda), options.timer) : *host_target;
    if (cuda && !device.info()) compile_without_device(op, variants, device, run);
    Timer& timer = cuda ? device.timer() : *host_timer;
    OpSession session{op.spec, variants, references_cache.get(), VariantNaming(op.spec, shape_has_several_dtypes(op.points)),
                      ir, store, target, cuda ? device.info() : nullptr, timer, timing, options.seed, run, {}, {}};
    ir.add_legend(op.spec.name, session.naming.legend_markdown());
    Progress progress(run.mode() + " " + op.spec.name, int(op.points.size()) * (1 + std::max(1, timing.rounds)));
    failed += run_op_points(session, op.points, chooser,
                            [&](int done, int, const std::string& what) { progress.update(done, what); });
    progress.finish();
    run.export_autotune_record(op.spec.name, store.export_op(op.spec.name));
    if (!session.device_lost.empty()) device_lost = session.device_lost;
  }
  return failed;
}

int measure(MeasureOptions options, const std::string& mode, const AutotuneStore* record_a) {
  if (options.ops_dir.empty()) options.ops_dir = default_ops_dir();
  if (options.shapes.empty()) options.shapes = default_shapes();
  if (options.timer.empty()) options.timer = "graph";
  DeviceSetup device(options.gpu, options.arch);
  if (options.compiler.empty()) options.compiler = default_compiler_text(device.arch());

  ShapeSet shapes = load_shape_set(options.shapes);
  auto compiler = make_compiler(parse_compiler_spec(options.compiler, options.compiler_flags, options.compiler_env), device.arch());
  std::vector<PlannedOp> planned = plan(options, shapes, *compiler, device);
  ReferenceCompilers references(device.arch());
  for (const auto& op : planned)  // every reference compiler is checked before a run directory exists
    if (!op.spec.reference.kernel.empty()) references.get(op.spec.reference.language);

  std::vector<std::string> op_names, planned_ids;
  for (const auto& op : planned) {
    op_names.push_back(op.spec.name);
    for (const auto& point : op.points) planned_ids.push_back(point.id());
  }
  fs::path dir = options.out.empty() ? RunDirectory::default_path(op_names) : fs::path(options.out);
  RunDirectory run(dir, meta_for(options, mode, *compiler, references, device, planned), planned_ids);
  run.write_shapes(shape_set_to_yaml(used_shapes(shapes, planned)));
  AutotuneStore store(dir / "autotune.sqlite", true);
  store.set_meta("mode", mode);
  store.set_meta("compiler_fingerprint", compiler->fingerprint().to_json().dump());
  IrDump ir(dir);

  log_settings(run, options, mode, *compiler, device, planned_ids.size(), planned.size());
  int failed = 0;
  try {
    failed = measure_ops(planned, options, *compiler, references, device, run, store, ir, record_a);
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
  // B compiles with A's compiler unless told otherwise: `--compiler-flags` alone changes only the flags.
  if (options.compiler.empty()) options.compiler = a.compiler;
  if (!options.given_timer) options.timer = a.timing.timer;
  if (!options.given_warmup) options.warmup_ms = a.timing.warmup_ms;
  if (!options.given_rep) options.rep_ms = a.timing.rep_ms;
  if (!options.given_rounds) options.rounds = a.timing.rounds;
  AutotuneStore record(a.autotune_db(), false);
  return measure(std::move(options), "replay", &record);
}

}  // namespace abt
