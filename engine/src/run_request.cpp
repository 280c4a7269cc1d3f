#include "engine/run_request.h"

#include <fmt/format.h>

#include "util/environment.h"
#include "util/errors.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::vector<DType> parse_dtype_names(const std::vector<std::string>& names) {
  std::vector<DType> dtypes;
  for (const auto& name : names) {
    auto dtype = parse_dtype(name);
    if (!dtype) throw InputError("--dtypes: unknown dtype '" + name + "' (fp32, fp64, fp16, bf16, i32, i64)");
    dtypes.push_back(*dtype);
  }
  return dtypes;
}

fs::path given_or_default(const std::optional<fs::path>& given, const fs::path& fallback, const char* option) {
  if (given) return *given;
  if (fallback.empty())
    throw InputError(std::string(option) + ": not given, and there is no default here (docs/commands.md: \"Where abtool finds its ops\")");
  return fallback;
}

}  // namespace

RunRequest resolve_request(const RunOptions& options, RunMode mode, const RunDefaults& defaults) {
  RunRequest request;
  request.mode = mode;
  request.ops = options.ops.value_or(defaults.ops);
  request.ops_dir = given_or_default(options.ops_dir, defaults.ops_dir, "--ops-dir");
  request.shapes = given_or_default(options.shapes, defaults.shapes, "--shapes");
  request.dtypes = options.dtypes ? parse_dtype_names(*options.dtypes) : defaults.dtypes;
  request.seed = options.seed.value_or(defaults.seed);
  request.compiler = options.compiler ? options.compiler : defaults.compiler;
  request.compiler_flags = options.compiler_flags;
  request.compiler_env = options.compiler_env;
  TimingSettings& timing = request.timing;
  timing = defaults.timing;
  timing.timer = options.timer.value_or(timing.timer);
  timing.warmup_ms = options.warmup_ms.value_or(timing.warmup_ms);
  timing.rep_ms = options.rep_ms.value_or(timing.rep_ms);
  timing.rounds = options.rounds.value_or(timing.rounds);
  request.metric = options.metric.value_or(defaults.metric);
  // Instruction counts need code Valgrind can run, on both sides: a replay counts what A recorded.
  if (mode == RunMode::replay && options.metric && *options.metric != defaults.metric)
    throw InputError(fmt::format("--metric {}: A was recorded with --metric {}; a replay measures what A did (record A "
                                 "again with --metric {})",
                                 spelling(*options.metric), spelling(defaults.metric), spelling(*options.metric)));
  request.counters = options.counters;
  request.compile_instructions = options.compile_instructions;
  request.gpu = options.gpu;
  request.shard = options.shard ? options.shard : defaults.shard;
  if (request.shard && request.shard->count == 1) request.shard.reset();  // 1/1 is the whole run
  if (request.shard && defaults.shard && *request.shard == *defaults.shard) request.shard_points = defaults.shard_points;
  request.points = options.points;
  if (!request.points.empty() && request.shard)  // a part of a few points: which part holds them is the split's business
    throw InputError(fmt::format("--points cannot be given with --shard or --gpus (this run is part {} of its selection)",
                                 request.shard->text()));
  request.arch = options.arch;
  request.cache_dir = options.cache_dir;
  request.no_cache = options.no_cache;
  request.out = options.out;
  request.resume = options.resume;
  request.restarted_worker = options.restarted_worker;
  request.full_sweep = environment().full_sweep;
  request.configs = options.configs.value_or(ConfigPolicy::sweep);
  request.triton_variant_limit_s = environment().triton_variant_limit_s;
  request.graph_faults.phase = options.test_graph_fault;
  request.command_line = options.command_line;
  request.tool = options.tool;
  return request;
}

}  // namespace abt
