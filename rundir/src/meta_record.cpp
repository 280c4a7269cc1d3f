#include "rundir/meta_record.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <random>

#include "model/json_fields.h"
#include "rundir/layout.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

std::string now_iso8601() {
  auto now = std::chrono::system_clock::now();
  return fmt::format("{:%Y-%m-%dT%H:%M:%S}", fmt::localtime(std::chrono::system_clock::to_time_t(now)));
}

std::string new_run_id() {
  std::random_device entropy;
  std::string id;
  for (int word = 0; word < 4; ++word) id += fmt::format("{:08x}", uint32_t(entropy()));
  return id;
}

fs::path path_between(const fs::path& dir, const fs::path& target) {
  return fs::absolute(target).lexically_normal().lexically_relative(fs::absolute(dir).lexically_normal());
}

bool replays(const MetaRecord& replay, const fs::path& replay_dir, const MetaRecord& record, const fs::path& record_dir) {
  if (replay.mode != RunMode::replay) return false;
  if (!replay.replay_from_run_id.empty() && !record.run_id.empty()) return replay.replay_from_run_id == record.run_id;
  std::error_code error;
  const fs::path target = fs::weakly_canonical(record_dir, error);
  auto names_target = [&](const fs::path& path) {
    std::error_code ignored;
    return !path.empty() && fs::weakly_canonical(path, ignored) == target;
  };
  return names_target(replay.replay_from.value_or(fs::path())) ||
         (replay.replay_from_relative && names_target(replay_dir / *replay.replay_from_relative));
}

namespace {

nlohmann::json device_json(const DeviceRecord& device) {
  nlohmann::json json;
  if (device.present()) {
    json = {{"name", device.name},
            {"uuid", device.uuid},
            {"cc", device.cc},
            {"driver", device.driver},
            {"sm_count", device.sm_count},
            {"clocks_mhz", {{"sm_max", device.sm_clock_max_mhz}, {"memory_max", device.memory_clock_max_mhz}}},
            {"memory", {{"bytes", device.memory_bytes}, {"bus_bits", device.memory_bus_bits},
                        {"bandwidth_gbps_theoretical", device.memory_bandwidth_gbps}}},
            {"l2_bytes", device.l2_bytes},
            {"max_shared_per_block_optin", device.max_shared_per_block_optin}};
  } else {
    json["unavailable"] = device.unavailable.value_or("");
  }
  json["index"] = device.index;
  json["compile_target"] = device.compile_target;
  return json;
}

// Older runs (and runs made where nothing was probed) may lack any of these: what is there is read.
DeviceRecord device_from_json(const JsonFields& fields) {
  DeviceRecord device;
  if (fields.has("index")) device.index = int(fields.integer("index"));
  if (fields.has("compile_target")) device.compile_target = fields.text("compile_target");
  if (fields.has("unavailable")) device.unavailable = fields.text("unavailable");
  if (!fields.has("name")) {
    if (!device.unavailable) device.unavailable = "";
    return device;
  }
  device.name = fields.text("name");
  if (fields.has("uuid")) device.uuid = fields.text("uuid");
  if (fields.has("cc")) device.cc = fields.text("cc");
  if (fields.has("driver")) device.driver = fields.text("driver");
  if (fields.has("sm_count")) device.sm_count = int(fields.integer("sm_count"));
  if (fields.has("clocks_mhz")) {
    const JsonFields clocks = fields.object("clocks_mhz");
    device.sm_clock_max_mhz = clocks.optional_number("sm_max").value_or(0);
    device.memory_clock_max_mhz = clocks.optional_number("memory_max").value_or(0);
  }
  if (fields.has("memory")) {
    const JsonFields memory = fields.object("memory");
    if (memory.has("bytes")) device.memory_bytes = memory.unsigned_integer("bytes");
    if (memory.has("bus_bits")) device.memory_bus_bits = int(memory.integer("bus_bits"));
    device.memory_bandwidth_gbps = memory.optional_number("bandwidth_gbps_theoretical").value_or(0);
  }
  if (fields.has("l2_bytes")) device.l2_bytes = int(fields.integer("l2_bytes"));
  if (fields.has("max_shared_per_block_optin")) device.max_shared_per_block_optin = int(fields.integer("max_shared_per_block_optin"));
  return device;
}

nlohmann::json host_json(const HostRecord& host) {
  nlohmann::json json{{"cpu", host.cpu}, {"logical_cores", host.logical_cores}, {"kernel", host.kernel},
                      {"hostname", host.hostname}, {"arch", host.arch}};
  if (!host.cpufreq_governor.empty()) json["cpufreq_governor"] = host.cpufreq_governor;
  if (!host.cpu_features.empty()) json["cpu_features"] = host.cpu_features;
  return json;
}

HostRecord host_from_json(const JsonFields& fields) {
  HostRecord host;
  if (fields.has("cpu")) host.cpu = fields.text("cpu");
  if (fields.has("logical_cores")) host.logical_cores = unsigned(fields.unsigned_integer("logical_cores"));
  if (fields.has("kernel")) host.kernel = fields.text("kernel");
  if (fields.has("hostname")) host.hostname = fields.text("hostname");
  if (fields.has("arch")) host.arch = fields.text("arch");
  if (fields.has("cpufreq_governor")) host.cpufreq_governor = fields.text("cpufreq_governor");
  if (fields.has("cpu_features")) host.cpu_features = fields.texts("cpu_features");
  return host;
}

}  // namespace

nlohmann::json MetaRecord::to_json() const {
  std::vector<std::string> dtype_names;
  for (DType dtype : selection.dtypes) dtype_names.push_back(dtype_name(dtype));
  nlohmann::json references = nlohmann::json::object();
  for (const auto& [language, print] : reference_compilers) references[language] = print.to_json();
  nlohmann::json json{
      {"schema", kMetaSchema},
      {"mode", spelling(mode)},
      {"replay_from", replay_from ? nlohmann::json(replay_from->string()) : nlohmann::json()},
      {"command_line", command_line},
      {"working_directory", working_directory.string()},
      {"compiler", compiler.to_json()},
      {"reference_compiler", references},
      {"gpu", device_json(gpu)},
      {"host", host_json(host)},
      {"abtool", {{"version", abtool_version}, {"git_sha", abtool_git_sha}}},
      {"builds", builds},
      {"timing",
       {{"timer", spelling(timing.timer)},
        {"warmup_ms", timing.warmup_ms},
        {"rep_ms", timing.rep_ms},
        {"rounds", timing.rounds},
        {"test_graph_fault", timing.test_graph_fault ? std::string(spelling(*timing.test_graph_fault)) : ""}}},
      {"sweep", {{"full", sweep.full}, {"triton_variant_limit_s", sweep.triton_variant_limit_s}, {"configs", spelling(sweep.configs)}}},
      {"metric", spelling(metric)},
      {"seed", seed},
      {"selection",
       {{"ops", selection.ops},
        {"ops_dir", selection.ops_dir.string()},
        {"shapes_file", selection.shapes_file.string()},
        {"compiler", selection.compiler},
        {"dtypes", dtype_names},
        {"shard", selection.shard ? nlohmann::json(selection.shard->text()) : nlohmann::json()},
        {"shard_plan", selection.shard_plan ? nlohmann::json{{"selection_points", selection.shard_plan->selection_points},
                                                             {"selection_sha256", selection.shard_plan->selection_sha256},
                                                             {"part", selection.shard_plan->part}}
                                            : nlohmann::json()}}},
      {"start_time", start_time},
      {"end_time", end_time.empty() ? nlohmann::json() : nlohmann::json(end_time)},
      {"status", spelling(status)}};
  if (!gpus.empty()) {
    json["gpus"] = nlohmann::json::array();
    for (const auto& device : gpus) json["gpus"].push_back(device_json(device));
  }
  if (!run_id.empty()) json["run_id"] = run_id;
  if (replay_from_relative) json["replay_from_relative"] = replay_from_relative->string();
  if (!replay_from_run_id.empty()) json["replay_from_run_id"] = replay_from_run_id;
  if (counters != CounterSelection::none) json["counters"] = spelling(counters);
  if (compile_instructions) json["compile_instructions"] = true;
  return json;
}

MetaRecord MetaRecord::read(const fs::path& file) {
  nlohmann::json json = JsonFields::parse_file(file);
  JsonFields fields(json, file.string());
  const std::string schema = fields.require_schema({kMetaSchema, kMetaSchemaV3, kMetaSchemaV2});
  MetaRecord meta;
  meta.mode = fields.spelled<RunMode>("mode");
  if (fields.has("replay_from")) meta.replay_from = fields.text("replay_from");
  if (fields.has("run_id")) meta.run_id = fields.text("run_id");
  if (fields.has("replay_from_relative")) meta.replay_from_relative = fields.text("replay_from_relative");
  if (fields.has("replay_from_run_id")) meta.replay_from_run_id = fields.text("replay_from_run_id");
  meta.command_line = fields.texts("command_line");
  meta.working_directory = fields.text("working_directory");
  meta.compiler = CompilerFingerprint::from_json(fields.object("compiler"));
  JsonFields references = fields.object("reference_compiler");
  for (const auto& [language, value] : fields.any("reference_compiler").items())
    meta.reference_compilers[language] = CompilerFingerprint::from_json(references.object(language.c_str()));
  meta.gpu = device_from_json(fields.object("gpu"));
  if (fields.has("gpus"))
    for (const JsonFields& device : fields.objects("gpus", "device")) meta.gpus.push_back(device_from_json(device));
  meta.host = host_from_json(fields.object("host"));
  JsonFields abtool = fields.object("abtool");
  meta.abtool_version = abtool.text("version");
  meta.abtool_git_sha = abtool.text("git_sha");
  if (fields.has("builds")) meta.builds = fields.texts("builds");
  JsonFields timing = fields.object("timing");
  meta.timing.timer = timing.spelled<TimerKind>("timer");
  meta.timing.warmup_ms = timing.number("warmup_ms");
  meta.timing.rep_ms = timing.number("rep_ms");
  meta.timing.rounds = int(timing.integer("rounds"));
  if (std::string fault = timing.text("test_graph_fault"); !fault.empty())
    meta.timing.test_graph_fault = timing.spelled<GraphPhase>("test_graph_fault");
  if (fields.has("sweep")) {  // absent before abtool.meta/3
    const JsonFields sweep = fields.object("sweep");
    meta.sweep.full = sweep.boolean("full");
    meta.sweep.triton_variant_limit_s = sweep.number("triton_variant_limit_s");
    if (sweep.has("configs")) meta.sweep.configs = sweep.spelled<ConfigPolicy>("configs");
  }
  if (fields.has("metric")) meta.metric = fields.spelled<Metric>("metric");
  if (fields.has("counters")) meta.counters = fields.spelled<CounterSelection>("counters");
  if (fields.has("compile_instructions")) meta.compile_instructions = fields.boolean("compile_instructions");
  meta.seed = fields.unsigned_integer("seed");
  JsonFields selection = fields.object("selection");
  meta.selection.ops = selection.texts("ops");
  meta.selection.ops_dir = selection.text("ops_dir");
  meta.selection.shapes_file = selection.text("shapes_file");
  meta.selection.compiler = selection.text("compiler");
  for (const auto& name : selection.texts("dtypes")) {
    auto dtype = parse_dtype(name);
    if (!dtype) selection.fail("dtypes", "unknown dtype '" + name + "'");
    meta.selection.dtypes.push_back(*dtype);
  }
  if (selection.has("shard")) {
    const bool from_zero = schema != kMetaSchema;  // before abtool.meta/4 shards counted from 0
    meta.selection.shard = from_zero ? Shard::parse_from_zero(selection.text("shard")) : Shard::parse(selection.text("shard"));
    if (!meta.selection.shard)
      selection.fail("shard", std::string("expected I/N with ") + (from_zero ? "0 <= I < N" : "1 <= I <= N") + ", got '" +
                                  selection.text("shard") + "'");
  }
  if (selection.has("shard_plan")) {
    const JsonFields plan = selection.object("shard_plan");
    SelectionRecord::ShardPlan shard_plan;
    shard_plan.selection_points = size_t(plan.unsigned_integer("selection_points"));
    shard_plan.selection_sha256 = plan.text("selection_sha256");
    shard_plan.part = plan.texts("part");
    meta.selection.shard_plan = std::move(shard_plan);
  }
  meta.start_time = fields.text("start_time");
  if (fields.has("end_time")) meta.end_time = fields.text("end_time");
  meta.status = fields.spelled<RunStatus>("status");
  return meta;
}

std::string point_ids_sha256(const std::vector<std::string>& ids) {
  std::string lines;
  for (const auto& id : ids) lines += id + "\n";
  return sha256_hex(lines);
}

std::string build_name(const std::string& version, const std::string& git_sha) { return version + " (" + git_sha + ")"; }

}  // namespace abt
