#include <fmt/format.h>

#include <algorithm>

#include "counters/host_instruction_counter.h"
#include "engine/compile_cache.h"
#include "engine/sweep_budget.h"
#include "launch/point_workspace.h"
#include "opspec/content_address.h"
#include "opspec/points.h"
#include "run_resources.h"
#include "shards/shard_split.h"
#include "util/closest_name.h"
#include "util/errors.h"

namespace abt {

const CompilerBackend& ReferenceCompilers::get(Language language) {
  auto& compiler = compilers_[language];
  if (!compiler) compiler = make_reference_compiler(language, cuda_arch_, store_);
  return *compiler;
}

std::map<std::string, CompilerFingerprint> ReferenceCompilers::fingerprints() const {
  std::map<std::string, CompilerFingerprint> prints;
  for (const auto& [language, compiler] : compilers_) prints[language_name(language)] = compiler->fingerprint();
  return prints;
}

namespace {

std::vector<PlannedOp> plan_ops(const RunRequest& request, const ShapeSet& shapes, const CompilerBackend& compiler,
                                const DeviceSetup& device) {
  const bool chosen = !request.ops.empty();
  std::vector<std::string> names = request.ops;
  if (!chosen)
    for (const auto& list : shapes.ops) names.push_back(list.op);
  const BackendKind backend = compiler.backend();  // not fingerprint(): Triton's may wait for its digest
  std::vector<PlannedOp> planned;
  for (const auto& name : names) {
    PlannedOp op{find_op_spec(request.ops_dir, name), {}};
    if (!compiler.accepts(op.spec.language)) {
      if (!chosen) continue;  // a shape set may hold host and CUDA ops: take the ones this compiler builds
      std::string hint;
      if (op.spec.language == Language::cuda && backend == BackendKind::host)
        hint = device.info() ? " (use --compiler nvrtc or nvcc:PATH)"
                             : " (no CUDA device here: " + device.unavailable_reason() +
                                   "; --compiler nvrtc --arch sm_XX compiles without one)";
      throw InputError(fmt::format("op {} is {} code; --compiler {} cannot build it{}", name,
                                   language_name(op.spec.language), spelling(backend), hint));
    }
    op.points = expand_points(op.spec, shapes, request.dtypes);
    planned.push_back(std::move(op));
  }
  if (planned.empty())
    throw InputError(fmt::format("{}: no op in this shape set is built by --compiler {} (name ops with --op)",
                                 shapes.file.string(), spelling(backend)));
  return planned;
}

}  // namespace

// One point's counting under callgrind (every side, every counted call): a kernel that runs
// longer there has no count, rather than holding the run.
constexpr std::chrono::seconds kCountLimit{600};

RunPlan::RunPlan(RunRequest request)
    : request_(std::move(request)), resources_(std::make_unique<Resources>(request_.gpu, request_.arch)) {
  Resources& r = *resources_;
  r.compiler_text = request_.compiler.value_or(default_compiler_text(r.device.arch()));
  const std::filesystem::path cache_dir = request_.cache_dir.value_or(default_cache_dir());
  if (request_.no_cache) {
    r.cache_off = "off (--no-cache)";
  } else if (default_cache_max_bytes() == 0) {  // a shared cache: other runs' entries stay
    r.cache_off = fmt::format("off (ABTOOL_CACHE_MAX_MB=0: {} is neither read nor written; its entries are left as they are)",
                              cache_dir.string());
  } else {
    r.store = std::make_unique<CompileStore>(cache_dir, default_cache_max_bytes());
    r.store->prune();
    r.references.use_store(r.store.get());
  }
  CompilerSpec spec = parse_compiler_spec(r.compiler_text, request_.compiler_flags, request_.compiler_env);
  spec.variant_limit_s = request_.triton_variant_limit_s;
  spec.valgrind_runnable = request_.metric == Metric::instructions;
  r.compiler = make_compiler(spec, r.device.arch(), r.store.get());
  if (request_.before_reading_ops) request_.before_reading_ops(*r.compiler);
  r.shapes = load_shape_set(request_.shapes);
  ops_ = plan_ops(request_, r.shapes, *r.compiler, r.device);
  // Triton's server starts importing each op's library now (torch and FlagGems take seconds), while
  // the run directory, the device and the first point are set up, rather than when its op begins.
  for (const auto& op : ops_)
    if (op.spec.language == Language::triton && !op.points.empty()) {
      CompileCache kernel(*r.compiler, op.spec.source, op.spec.kernel, op.spec.args, op.spec.name, r.store.get());
      kernel.import_from(op.spec.python);
      kernel.prepare();
    }
  if (request_.metric == Metric::instructions) {
    // Host ops are counted under Valgrind; CUDA ops through CUPTI, opened with the device
    // (measure_ops: a device that refuses profiling stops the run there, exit 2).
    const bool host_ops = std::any_of(ops_.begin(), ops_.end(), [](const PlannedOp& op) { return op.spec.language == Language::cpp; });
    if (host_ops) r.instructions = make_host_instruction_counter(find_host_counting_tools(request_.tool.directory), kCountLimit);
    for (const auto& op : ops_)
      if (op.spec.language != Language::cpp && !r.device.info())
        throw InputError(fmt::format("--metric instructions: op {} runs on a device, and there is none to count on here: {}",
                                     op.spec.name, r.device.unavailable_reason()));
  }
  if (request_.compile_instructions) {
    r.compile_counting = find_compile_counting(request_.tool.directory);
    if (std::string why = r.compiler->uncountable(*r.compile_counting); !why.empty())
      throw InputError(fmt::format("--compile-instructions with --compiler {}: {}", r.compiler_text, why));
  }
  if (request_.shard) {
    shard_points_ = request_.shard_points.empty()
                        ? shard_points(ops_, *request_.shard, request_.mode, request_.timing, request_.full_sweep)
                        : std::set<std::string>(request_.shard_points.begin(), request_.shard_points.end());
    if (shard_points_->empty())
      throw InputError(fmt::format("--shard {}: this part of the selection has no point (the selection has fewer "
                                   "points than shards)",
                                   request_.shard->text()));
  }
  if (!request_.points.empty()) choose_points();
  if (request_.unfinished_a_points)
    a_has_points_ = std::set<std::string>(request_.unfinished_a_points->begin(), request_.unfinished_a_points->end());
  for (const auto& op : ops_) {  // before a run directory exists: every reference compiler, every buffer size
    if (!op.spec.reference.kernel.empty()) r.references.get(op.spec.reference.language);
    for (const auto& point : op.points) arg_layout(op.spec, point);
  }
  check_captured_tensors();
}

// A capture's stored tensors against their names, before a run directory exists (a damaged one is
// bad input), several at a time; a file checked by an earlier run and unchanged since is trusted
// (opspec/content_address.h). The points read them later through the same memo.
void RunPlan::check_captured_tensors() {
  std::vector<std::filesystem::path> files;
  for (const auto& op : ops_) {
    if (!op.spec.captured) continue;
    for (const auto& point : op.points) {
      if (!measures(point.id())) continue;
      for (const auto& [name, arg] : op.spec.captured->at(point).args) {
        if (arg.input) files.push_back(*arg.input);
        if (arg.output) files.push_back(*arg.output);
      }
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  if (files.empty()) return;
  if (resources_->store) content_addresses().remember_in(resources_->store->dir() / "content-addresses");
  content_addresses().check_all(files);
}

// --points: each id must be one of the selection's points (a typo measured nothing, silently).
void RunPlan::choose_points() {
  std::vector<std::string> known;
  for (const auto& op : ops_)
    for (const auto& point : op.points) known.push_back(point.id());
  const std::set<std::string> selection(known.begin(), known.end());
  for (const std::string& id : request_.points)
    if (!selection.count(id)) {
      const auto meant = closest_name(id, known);
      throw InputError(fmt::format("--points: {} is not a point of this run's selection ({} point(s){})", id, known.size(),
                                   meant ? fmt::format("; did you mean {}?", *meant)
                                         : known.empty() ? "" : fmt::format("; the first is {}", known.front())));
    }
  chosen_points_ = std::set<std::string>(request_.points.begin(), request_.points.end());
}

bool RunPlan::measures(const std::string& point_id) const {
  return (!shard_points_ || shard_points_->count(point_id)) && (!chosen_points_ || chosen_points_->count(point_id)) &&
         (!a_has_points_ || a_has_points_->count(point_id));
}

PointCostEstimate planned_point_cost(const PlannedOp& op, RunMode mode, const TimingSettings& timing, bool full_sweep) {
  constexpr double kPointOverheadS = 0.3, kCandidateS = 0.03, kFinalistS = 0.05;
  PointCostEstimate cost{kPointOverheadS, (timing.warmup_ms + timing.rep_ms) / 1000};
  if (mode == RunMode::record) {
    const size_t configs = op.spec.config_space().size();
    cost.choice_s += kCandidateS * double(configs) + kFinalistS * double(sweep_finalists(configs, full_sweep));
  }
  return cost;
}

std::set<std::string> shard_points(const std::vector<PlannedOp>& ops, const Shard& shard, RunMode mode,
                                   const TimingSettings& timing, bool full_sweep) {
  std::vector<PointCost> costs;
  for (const auto& op : ops) {
    const double cost = planned_point_cost(op, mode, timing, full_sweep).total_s();
    for (const auto& point : op.points) costs.push_back({point.id(), cost});
  }
  return points_of_shard(costs, shard);
}

RunPlan::~RunPlan() = default;
RunPlan::RunPlan(RunPlan&&) noexcept = default;

CompilerFingerprint RunPlan::compiler_fingerprint() const { return resources_->compiler->fingerprint(); }

}  // namespace abt
