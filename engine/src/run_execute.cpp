#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <future>
#include <map>
#include <set>

#include "after_timing.h"
#include "engine/gpu_busy.h"
#include "engine/resume_check.h"
#include "engine/host_info.h"
#include "run_progress.h"
#include "run_resources.h"
#include "util/errors.h"
#include "util/parallel.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::string absolute_text(const fs::path& path) { return fs::absolute(path).lexically_normal().string(); }

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
  std::map<std::vector<long long>, DType> first_dtype;
  for (const auto& point : points)
    if (auto [entry, added] = first_dtype.try_emplace(point.shape, point.dtype); !added && entry->second != point.dtype)
      return true;
  return false;
}

MetaRecord meta_for(RunPlan& plan, const fs::path& dir) {
  const RunRequest& request = plan.request();
  RunPlan::Resources& r = plan.resources();
  MetaRecord meta;
  meta.mode = request.mode;
  if (request.replay_from) {
    meta.replay_from = absolute_text(*request.replay_from);
    meta.replay_from_relative = path_between(dir, *request.replay_from);
    meta.replay_from_run_id = request.replay_from_run_id;
  }
  meta.command_line = request.command_line;
  meta.working_directory = fs::current_path();
  meta.compiler = r.compiler->fingerprint();
  meta.reference_compilers = r.references.fingerprints();
  meta.gpu = r.device.record();
  meta.host = host_machine_info();
  meta.abtool_version = request.tool.version;
  meta.abtool_git_sha = request.tool.git_sha;
  meta.timing = {request.timing.timer, request.timing.warmup_ms, request.timing.rep_ms, request.timing.rounds,
                 request.graph_faults.phase};
  meta.sweep = {request.full_sweep, request.triton_variant_limit_s, request.configs};
  meta.metric = request.metric;
  meta.counters = request.counters;
  meta.compile_instructions = request.compile_instructions;
  meta.seed = request.seed;
  for (const auto& op : plan.ops()) meta.selection.ops.push_back(op.spec.name);
  meta.selection.ops_dir = absolute_text(request.ops_dir);
  meta.selection.shapes_file = absolute_text(request.shapes);
  meta.selection.compiler = r.compiler_text;
  meta.selection.dtypes = request.dtypes;
  meta.selection.shard = request.shard;
  if (request.shard) {
    SelectionRecord::ShardPlan shard_plan;
    std::vector<std::string> all;
    for (const auto& op : plan.ops())
      for (const auto& point : op.points) {
        all.push_back(point.id());
        if (plan.measures(point.id())) shard_plan.part.push_back(point.id());
      }
    shard_plan.selection_points = all.size();
    std::sort(all.begin(), all.end());  // the set of points, whatever order the parts are joined in
    shard_plan.selection_sha256 = point_ids_sha256(all);
    meta.selection.shard_plan = std::move(shard_plan);
  }
  return meta;
}

void log_settings(RunPlan& plan, RunDirectory& run, size_t points) {
  const RunRequest& request = plan.request();
  RunPlan::Resources& r = plan.resources();
  const CompilerFingerprint& print = r.compiler->fingerprint();
  const TimingSettings& timing = request.timing;
  run.log(fmt::format("abtool {} ({}) {} -> {}", request.tool.version, request.tool.git_sha, spelling(request.mode),
                      run.layout().dir().string()));
  if (request.replay_from) run.log("replaying the choices of " + request.replay_from->string());
  // A captured op's kernel is imported from the workload's module: its import-time code runs here.
  std::set<std::string> modules;
  for (const auto& op : plan.ops())
    if (!op.spec.python.module.empty()) modules.insert(op.spec.python.module);
  if (!modules.empty())
    run.log(fmt::format("captured ops: their Python modules are imported to compile them, so their import-time code "
                        "runs: {} (record only captures you would run)", fmt::join(modules, ", ")));
  // A capture cut short (SIGINT, SIGTERM, --timeout, a workload that died) is taken as it is: said once per capture.
  std::map<std::string, std::string> partial;
  for (const auto& op : plan.ops())
    if (op.spec.captured && !op.spec.captured->partial.empty())
      partial.emplace(op.spec.captured->root.string(), op.spec.captured->partial);
  for (const auto& [root, why] : partial)
    run.log(fmt::format("the capture {} is partial ({}): its ops are the specializations launched until then", root, why));
  run.log(fmt::format("compiler: {} {} [{}] flags: {}", spelling(print.backend), print.path, print.version,
                      fmt::join(print.flags, " ")));
  // What the run's ops are: a host-only run says nothing of timers and GPUs it never uses.
  const bool device_ops = std::any_of(plan.ops().begin(), plan.ops().end(), [](const PlannedOp& op) { return op.spec.language != Language::cpp; });
  const bool host_ops = std::any_of(plan.ops().begin(), plan.ops().end(), [](const PlannedOp& op) { return op.spec.language == Language::cpp; });
  const std::string timers = device_ops && host_ops ? fmt::format("CUDA ops --timer {}, host ops wall-clock", spelling(timing.timer))
                             : device_ops           ? fmt::format("--timer {}", spelling(timing.timer))
                                                    : std::string("host ops, wall-clock");
  run.log(fmt::format("timing: {}; warm-up {} ms, rep {} ms in {} interleaved rounds, seed {}", timers, timing.warmup_ms,
                      timing.rep_ms, timing.rounds, request.seed));
  if (!device_ops) {
    // host ops only: no GPU is asked for
  } else if (const DeviceInfo* info = r.device.info())
    run.log(fmt::format("gpu {}: {} {}, {} SMs, {:.0f} MHz max, {:.0f} GB/s theoretical; CUDA target {}", request.gpu,
                        info->name, info->arch, info->sm_count, info->sm_clock_mhz, info->memory_bandwidth_gbps(),
                        r.device.arch()));
  else
    run.log(fmt::format("gpu: none ({}); CUDA target {}", r.device.unavailable_reason(),
                        r.device.arch().empty() ? "none" : r.device.arch()));
  if (auto phase = request.graph_faults.phase)
    run.log(fmt::format("--test-graph-fault {}: the graph {} phase fails on purpose (a test seam)", spelling(*phase),
                        spelling(*phase)));
  run.log("compile cache: " + (r.store ? r.store->dir().string() : r.cache_off));
  run.log(fmt::format("points: {} across {} op(s) from {}{}", points, plan.ops().size(), request.shapes.string(),
                      request.shard ? fmt::format(" (shard {} of the selection)", request.shard->text()) : ""));
}

// Whether another op of the plan launches `op`'s kernel (a capture's specializations of one kernel).
bool kernel_shared(const std::vector<PlannedOp>& ops, const OpSpec& op) {
  return std::any_of(ops.begin(), ops.end(), [&](const PlannedOp& other) { return other.spec.name != op.name && other.spec.kernel == op.kernel; });
}

// No device, but a target (--arch): the compile path still runs, so compile errors of the whole
// config space reach run.log; the points then fail with the reason.
// What an op's points compile, grouped as a compile cache takes it: each dtype, with each Triton
// specialization its points need, in the configs `configs_at` gives for those points.
struct Build {
  DType dtype;
  Specialization specialization;
  std::vector<Config> configs;
};
std::vector<Build> builds_of(const OpSpec& spec, const std::vector<Point>& points,
                             const std::function<std::vector<Config>(const Point&)>& configs_at) {
  std::map<std::string, Build> builds;
  for (const auto& point : points) {
    Specialization specialization = specialization_at(spec, point);
    Build& build = builds.try_emplace(dtype_name(point.dtype) + " " + specialization.text(), Build{point.dtype, specialization, {}})
                       .first->second;
    for (Config& config : configs_at(point))
      if (std::find(build.configs.begin(), build.configs.end(), config) == build.configs.end()) build.configs.push_back(std::move(config));
  }
  std::vector<Build> grouped;
  for (auto& [label, build] : builds) grouped.push_back(std::move(build));
  return grouped;
}

// What the chooser would compile (a sweep: the whole space; record --configs library: the pick).
void compile_without_device(const PlannedOp& op, const ConfigChooser& chooser, CompileCache& variants, const DeviceSetup& device,
                            RunDirectory& run) {
  const std::vector<Build> builds = builds_of(op.spec, op.points, [&](const Point& point) { return chooser.configs_needed(op.spec, point); });
  int failed = 0, total = 0;
  for (const auto& [dtype, specialization, configs] : builds) {
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

// Every point of an op that cannot run because an earlier kernel faulted the device.
int fail_unrunnable(const PlannedOp& op, const std::string& device_lost, RunDirectory& run) {
  for (const auto& point : op.points) {
    PointRecord result;
    result.point = point;
    result.kernel = op.spec.kernel;
    result.error = "not run: the device context was lost: " + device_lost;
    run.point_finished(result);
  }
  return int(op.points.size());
}

// What measure_ops spent: its wall time, the device's utilization meanwhile, and which points it measured.
struct MeasuredTime {
  double wall_s = 0;
  bool device_ops = false;         // a CUDA op ran on a device
  std::optional<double> gpu_busy;  // NVML, from the first CUDA op on; nullopt: none ran, or no NVML
  std::set<std::string> measured;  // the ids of the points measured in this process
  double compiler_start_s = 0;     // waited for the compiler's start before the first point
  double host_core_warmup_s = 0;   // host ops: each op's core warm-up before its first rounds (in no point)
};

// run.log's last line: where the points' time went, by phase, and how busy the device was.
std::string time_summary(const std::vector<PointRecord>& points, const MeasuredTime& time) {
  PhaseTimes phases;
  double walls = 0;
  size_t counted = 0;
  for (const auto& point : points) {
    if (!time.measured.count(point.id()) || !point.time) continue;
    phases.add(point.time->phases);
    walls += point.time->wall_s;
    ++counted;
  }
  if (!counted) return "";
  std::vector<std::pair<PointPhase, double>> order(phases.seconds.begin(), phases.seconds.end());
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::vector<std::string> parts;
  for (const auto& [phase, seconds] : order)
    parts.push_back(fmt::format("{} {:.1f} s ({:.0f}%)", spelling(phase), seconds, 100 * seconds / std::max(walls, 1e-9)));
  const double measuring = phases.of(PointPhase::warmup) + phases.of(PointPhase::timing);
  std::string busy = "GPU busy: no CUDA op ran on a device";
  if (time.gpu_busy) busy = fmt::format("GPU busy {:.0f}% (NVML's utilization every 100 ms while CUDA ops ran)", 100 * *time.gpu_busy);
  else if (time.device_ops) busy = "GPU busy: not known (NVML gave no utilization)";
  std::string start =
      time.compiler_start_s > 0 ? fmt::format(", {:.1f} s waiting for the compiler to start", time.compiler_start_s) : "";
  if (time.host_core_warmup_s > 0)
    start += fmt::format(", {:.1f} s keeping the core busy before host ops' first rounds", time.host_core_warmup_s);
  return fmt::format("time: {} point(s), {:.1f} s on them{} of {:.1f} s measuring; by phase: {}; warmup and timing {:.0f}%; {}",
                     counted, walls, start, time.wall_s, fmt::join(parts, ", "), 100 * measuring / std::max(walls, 1e-9), busy);
}

// The variants of the ops from `first` on, each op's on a thread of its own (its future in
// ahead[op]): as many ops ahead as keep about one compile per spare core in flight, at least the
// next op with points. An op of one or two short points is timed in less time than its variant
// takes to compile; only a window of several ops keeps its points from waiting. The window ends at
// a host op: no compile may share the cores with a host op's timing.
void compile_ahead(const std::vector<PlannedOp>& ops, const std::vector<std::vector<Point>>& op_points, size_t first,
                   const ConfigChooser& chooser, const std::function<CompileCache&(size_t)>& variants_of,
                   std::vector<std::future<void>>& ahead, std::vector<size_t>& ahead_configs) {
  const size_t cores = logical_cores();
  const size_t window = std::max<size_t>(1, cores > 2 ? cores - 2 : 1);  // the engine's thread and a disassembly keep a core
  size_t in_flight = 0;
  for (size_t next = first; next < ops.size() && in_flight < window; ++next) {
    if (op_points[next].empty()) continue;
    if (ahead[next].valid()) {
      if (ahead[next].wait_for(std::chrono::seconds(0)) != std::future_status::ready) in_flight += ahead_configs[next];
      if (ops[next].spec.language == Language::cpp) break;
      continue;
    }
    // What its points need, worked out here: the chooser reads A's record.
    std::vector<Build> builds =
        builds_of(ops[next].spec, op_points[next], [&](const Point& point) { return chooser.configs_needed(ops[next].spec, point); });
    for (const auto& build : builds) ahead_configs[next] += build.configs.size();
    in_flight += ahead_configs[next];
    CompileCache& cache = variants_of(next);
    ahead[next] = std::async(std::launch::async, [&cache, builds = std::move(builds)] {
      for (const auto& build : builds) cache.prefetch(build.configs, build.dtype, build.specialization);
    });
    if (ops[next].spec.language == Language::cpp) break;
  }
}

// Runs every planned op through the engine; returns the number of FAILED points.
int measure_ops(RunPlan& plan, RunDirectory& run, AutotuneStore& store, IrDump& ir, const RunHooks& hooks,
                StepWatch* watch, MeasuredTime& time) {
  const auto started = std::chrono::steady_clock::now();
  std::unique_ptr<GpuUtilization> utilization;
  const RunRequest& request = plan.request();
  RunPlan::Resources& r = plan.resources();
  auto host_timer = make_host_timer();
  auto host_target = make_host_target();
  int failed = 0;
  std::string device_lost;
  GpuBusyCheck busy;
  // One progress line for the run: each point is a step to choose and verify it, and one per round.
  const int steps_per_point = 1 + std::max(1, request.timing.rounds);
  size_t to_measure = 0;
  PointCostEstimate planned_cost;  // of the points to measure: the ETA's first estimate
  for (const auto& planned : plan.ops()) {
    const PointCostEstimate cost = planned_point_cost(planned, request.mode, request.timing, request.full_sweep);
    for (const auto& point : planned.points)
      if (plan.measures(point.id()) && !run.finished_point(point.id())) {
        ++to_measure;
        time.measured.insert(point.id());
        planned_cost.choice_s += cost.choice_s;
        planned_cost.rounds_s += cost.rounds_s;
      }
  }
  const EtaPrior prior = to_measure == 0 ? EtaPrior{}
                                         : EtaPrior{planned_cost.choice_s / double(to_measure),
                                                    planned_cost.rounds_s / double(to_measure * (steps_per_point - 1))};
  RunProgress progress(std::string(spelling(request.mode)), to_measure + run.points().size(),
                       EtaModel((long long)(to_measure), (long long)(to_measure) * steps_per_point, prior));
  size_t learned = run.points().size();  // run.points() from here on: this process's, for the ETA
  long long steps_before = 0;  // of the ops done
  // Each op's variants, and ahead of need: while a CUDA op's points are timed, the next ops'
  // variants compile (on the host's cores, in the compiler's processes), so their points find them built.
  const std::vector<PlannedOp>& ops = plan.ops();
  std::vector<std::vector<Point>> op_points(ops.size());
  for (size_t i = 0; i < ops.size(); ++i)
    for (const auto& point : ops[i].points)  // a shard measures its part; a resumed run keeps what it finished
      if (plan.measures(point.id()) && !run.finished_point(point.id())) op_points[i].push_back(point);
  std::vector<std::unique_ptr<CompileCache>> caches(ops.size());
  auto variants_of = [&](size_t i) -> CompileCache& {
    if (!caches[i]) {
      const OpSpec& spec = ops[i].spec;
      caches[i] = std::make_unique<CompileCache>(*r.compiler, spec.source, spec.kernel, spec.args, spec.name, r.store.get());
      caches[i]->import_from(spec.python);  // its compiler was given a head start when the run was planned
    }
    return *caches[i];
  };
  std::vector<std::future<void>> ahead(ops.size());  // by the op compiled; after the caches: joined before they go
  std::vector<size_t> ahead_configs(ops.size(), 0);  // how many variants each op's ahead compiles
  // The compiler's start (a Triton server importing the workload's library, torch and all: seconds,
  // once a run) is waited for before the first point, with the first ops' compiles asked for, so
  // that it is the run's time and not its first point's.
  for (size_t first = 0; first < ops.size(); ++first) {
    if (op_points[first].empty()) continue;
    if (ops[first].spec.language == Language::triton && r.device.info()) {
      compile_ahead(ops, op_points, first, hooks.chooser, variants_of, ahead, ahead_configs);
      const PythonImport& python = ops[first].spec.python;
      progress.waiting(run.points().size(), "starting the compiler" + (python.module.empty() ? "" : " (importing " + python.module + ")"));
      time.compiler_start_s = variants_of(first).wait_prepared();
    }
    break;
  }
  for (size_t index = 0; index < ops.size(); ++index) {
    const PlannedOp& planned = ops[index];
    PlannedOp op{planned.spec, op_points[index]};
    // Variant names come from every planned point, so a resumed run names them as before.
    const VariantNaming naming(op.spec, shape_has_several_dtypes(planned.points), kernel_shared(plan.ops(), op.spec));
    ir.add_legend(op.spec.name, naming.legend_markdown());
    if (op.points.empty()) continue;
    const bool cuda = op.spec.language != Language::cpp;
    if (cuda && !device_lost.empty()) {  // a kernel faulted in an earlier op: this device is gone
      failed += fail_unrunnable(op, device_lost, run);
      continue;
    }
    CompileCache& variants = variants_of(index);
    if (cuda && r.device.info()) compile_ahead(ops, op_points, index + 1, hooks.chooser, variants_of, ahead, ahead_configs);
    std::unique_ptr<CompileCache> references;
    if (!op.spec.reference.kernel.empty())
      references = std::make_unique<CompileCache>(r.references.get(op.spec.reference.language), op.spec.reference.source,
                                                  op.spec.reference.kernel, op.spec.args, op.spec.name + " reference",
                                                  r.store.get());
    ExecutionTarget& target =
        cuda ? r.device.target(r.references.get(Language::cuda), request.timing.timer, request.graph_faults) : *host_target;
    if (cuda && !r.device.info()) compile_without_device(op, hooks.chooser, variants, r.device, run);
    if (cuda && r.device.info()) time.device_ops = true;
    if (cuda && !utilization) utilization = r.device.sample_utilization();
    const InstructionCounter* instructions = r.instructions.get();
    if (cuda && request.metric == Metric::instructions) {
      std::string why_not;
      instructions = r.device.instruction_counter(&why_not);
      if (!instructions)
        throw InputError(fmt::format("--metric instructions: op {} runs on a device and its SASS instructions cannot be "
                                     "counted here: {}",
                                     op.spec.name, why_not));
    }
    const HardwareCounterReader* counters = nullptr;
    if (request.counters != CounterSelection::none) {
      std::string why_not = "hardware counters are read for CUDA ops only";
      if (cuda) counters = r.device.counter_reader(&why_not);
      if (!counters) run.log(fmt::format("warning: --counters: op {} runs without hardware counters: {}", op.spec.name, why_not));
    }
    const OpContext context{.op = op.spec,
                            .naming = naming,
                            .timing = request.timing,
                            .seed = request.seed,
                            .device = cuda ? r.device.info() : nullptr,
                            .conditions = cuda ? busy.conditions(r.device.other_processes(), r.device.why_not_busy(), run) : std::vector<Marker>{},
                            .full_sweep = request.full_sweep};
    OpServices services{.variants = variants,
                              .references = references.get(),
                              .target = target,
                              .timer = cuda ? r.device.timer() : *host_timer,
                              .ir = ir,
                              .store = store,
                              .sink = run,
                              .clock = cuda ? r.device.clock() : nullptr,
                              .sides = hooks.sides,
                              .rounds = hooks.rounds,
                              .watch = watch,
                              .after_timing = {}};
    // What is measured after each batch's rounds, in this order (after_timing.h): a line each.
    std::vector<std::unique_ptr<AfterTiming>> after_timing;
    if (instructions) after_timing.push_back(instruction_counting(*instructions));
    if (counters) after_timing.push_back(hardware_counter_reading(*counters, request.counters));
    if (r.compile_counting) after_timing.push_back(compile_counting(*r.compile_counting));
    for (auto& reading : metric_readings()) after_timing.push_back(std::move(reading));
    for (const auto& measurement : after_timing) services.after_timing.push_back(measurement.get());
    OpRunState state;
    const double planned_choice_s = planned_point_cost(planned, request.mode, request.timing, request.full_sweep).choice_s;
    failed += run_op_points(OpSession{context, services, state}, op.points, hooks.chooser,
                            [&](int done, int, StepKind kind, const std::string& what) {
                              for (const auto& points = run.points(); learned < points.size(); ++learned)
                                if (points[learned].time) progress.learn(*points[learned].time, request.timing.rounds, planned_choice_s);
                              progress.update(run.points().size(), steps_before + done, kind, what, planned_choice_s);
                            });
    steps_before += (long long)(op.points.size()) * steps_per_point;
    if (r.store)
      run.log(fmt::format("{}: compile cache {}: {} variant(s) from the cache, {} compiled", op.spec.name,
                          r.store->dir().string(), variants.cached() + (references ? references->cached() : 0),
                          variants.compiled() + (references ? references->compiled() : 0)));
    run.write_autotune_record(op.spec.name, store.export_op(op.spec.name));
    if (!state.device_lost.empty()) device_lost = state.device_lost;
    time.host_core_warmup_s += state.host_core_warmup_s;
    if (ahead[index].valid()) ahead[index].wait();  // its compiles, done before its points were
    caches[index].reset();                           // its variants' files go with it
  }
  if (utilization) time.gpu_busy = utilization->busy_fraction();
  time.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return failed;
}

}  // namespace

RunOutcome execute_run(RunPlan& plan, const RunHooks& hooks, const RunDirectory::Echo& echo, StepWatch* watch) {
  const RunRequest& request = plan.request();
  RunPlan::Resources& r = plan.resources();
  std::vector<std::string> op_names, planned_ids;
  for (const auto& op : plan.ops()) {
    op_names.push_back(op.spec.name);
    for (const auto& point : op.points)
      if (plan.measures(point.id())) planned_ids.push_back(point.id());
  }
  const fs::path dir = request.out.empty() ? RunLayout::default_path(op_names) : request.out;
  if (request.resume) {
    const std::vector<std::string> changed = resume_changes(MetaRecord::read(RunLayout(dir).meta()), meta_for(plan, dir));
    if (!changed.empty())
      throw InputError(fmt::format("--resume {}: the run cannot be finished with what it began with: {}; record a new run",
                                   dir.string(), fmt::join(changed, "; ")));
  }
  RunDirectory run = request.resume ? RunDirectory::resume(dir, build_name(request.tool.version, request.tool.git_sha), planned_ids, echo)
                                    : RunDirectory(dir, meta_for(plan, dir), planned_ids, echo);
  if (watch) watch->run_started(run.layout().dir());
  run.write_shapes(shape_set_to_yaml(used_shapes(r.shapes, plan.ops())));
  auto store = AutotuneStore::create(run.layout().autotune_db(), request.mode, r.compiler->fingerprint());
  IrDump ir(run.layout());

  if (request.resume && request.restarted_worker)
    run.log(fmt::format("a fresh worker takes over from the one that ended: {} of {} points were finished; the others are "
                        "measured now", run.points().size(), planned_ids.size()));
  else if (request.resume)
    run.log(fmt::format("resumed: {} of {} points were finished; the others are measured now", run.points().size(),
                        planned_ids.size()));
  else
    log_settings(plan, run, planned_ids.size());
  MeasuredTime time;
  try {
    measure_ops(plan, run, *store, ir, hooks, watch, time);
    ir.flush();
  } catch (const InputError& error) {
    ir.flush();
    run.log(std::string("abtool: error: ") + error.what());
    run.log(fmt::format("the run is aborted: {} of its {} point(s) were finished and are kept in results.json; "
                        "the others were not measured",
                        run.points().size(), planned_ids.size()));
    run.finish(RunStatus::aborted);
    throw;
  } catch (const Interrupted& stop) {
    ir.flush();
    run.log(std::string(stop.what()) + ": the run stops here; `--resume " + dir.string() + "` finishes it");
    run.finish(RunStatus::interrupted);
    throw;
  } catch (const DeviceLost& lost) {
    run.log("the device context was lost (" + std::string(lost.what()) + "); a fresh worker measures the rest");
    throw;
  }
  // --metric instructions asked for counts: a run that has none at any point says so where it is
  // seen, not only in each point's run.log line (the verdicts fall back to the time).
  if (request.metric == Metric::instructions) {
    size_t measured = 0, counted = 0;
    for (const auto& point : run.points())
      if (point.success) ++measured, counted += point.instructions.has_value();
    if (measured > 0 && counted == 0)
      run.log(fmt::format("WARNING: --metric instructions: none of the {} measured point(s) has an instruction count "
                          "(each point's 'no instruction count' line says why); their verdicts will be the time's",
                          measured));
  }
  run.finish(RunStatus::finished, time_summary(run.points(), time));
  int failed = 0;  // over the whole run: a resumed one's earlier points count too
  for (const auto& point : run.points()) failed += !point.success;
  return {dir, run.points(), failed};
}

}  // namespace abt
