#include "rundir/meta_record.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

#include "rundir/json_fields.h"
#include "rundir/layout.h"

namespace abt {
namespace fs = std::filesystem;

std::string now_iso8601() {
  auto now = std::chrono::system_clock::now();
  return fmt::format("{:%Y-%m-%dT%H:%M:%S}", fmt::localtime(std::chrono::system_clock::to_time_t(now)));
}

nlohmann::json CompilerFingerprint::to_json() const {
  return {{"backend", spelling(backend)}, {"version", version}, {"path", path},
          {"sha256", sha256},             {"flags", flags},     {"env", env}};
}

CompilerFingerprint CompilerFingerprint::from_json(const JsonFields& fields) {
  CompilerFingerprint print;
  print.backend = fields.spelled<BackendKind>("backend");
  print.version = fields.text("version");
  print.path = fields.text("path");
  print.sha256 = fields.text("sha256");
  print.flags = fields.texts("flags");
  print.env = fields.text_map("env");
  return print;
}

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
      {"gpu", gpu.is_null() ? nlohmann::json::object() : gpu},
      {"host", host.is_null() ? nlohmann::json::object() : host},
      {"abtool", {{"version", abtool_version}, {"git_sha", abtool_git_sha}}},
      {"timing",
       {{"timer", spelling(timing.timer)},
        {"warmup_ms", timing.warmup_ms},
        {"rep_ms", timing.rep_ms},
        {"rounds", timing.rounds},
        {"test_graph_fault", timing.test_graph_fault ? std::string(spelling(*timing.test_graph_fault)) : ""}}},
      {"seed", seed},
      {"selection",
       {{"ops", selection.ops},
        {"ops_dir", selection.ops_dir.string()},
        {"shapes_file", selection.shapes_file.string()},
        {"compiler", selection.compiler},
        {"dtypes", dtype_names},
        {"shard", selection.shard ? nlohmann::json(selection.shard->text()) : nlohmann::json()}}},
      {"start_time", start_time},
      {"end_time", end_time.empty() ? nlohmann::json() : nlohmann::json(end_time)},
      {"status", spelling(status)}};
  if (!gpus.empty()) json["gpus"] = gpus;
  return json;
}

MetaRecord MetaRecord::read(const fs::path& file) {
  nlohmann::json json = JsonFields::parse_file(file);
  JsonFields fields(json, file.string());
  fields.require_schema(kMetaSchema);
  MetaRecord meta;
  meta.mode = fields.spelled<RunMode>("mode");
  if (fields.has("replay_from")) meta.replay_from = fields.text("replay_from");
  meta.command_line = fields.texts("command_line");
  meta.working_directory = fields.text("working_directory");
  meta.compiler = CompilerFingerprint::from_json(fields.object("compiler"));
  JsonFields references = fields.object("reference_compiler");
  for (const auto& [language, value] : fields.any("reference_compiler").items())
    meta.reference_compilers[language] = CompilerFingerprint::from_json(references.object(language.c_str()));
  fields.object("gpu");  // an object, whatever it holds
  meta.gpu = fields.any("gpu");
  if (fields.has("gpus")) {
    const nlohmann::json& gpus = fields.any("gpus");
    if (!gpus.is_array()) fields.fail("gpus", "expected an array of devices");
    for (const auto& gpu : gpus) {
      if (!gpu.is_object()) fields.fail("gpus", "expected an array of devices (objects)");
      meta.gpus.push_back(gpu);
    }
  }
  fields.object("host");
  meta.host = fields.any("host");
  JsonFields abtool = fields.object("abtool");
  meta.abtool_version = abtool.text("version");
  meta.abtool_git_sha = abtool.text("git_sha");
  JsonFields timing = fields.object("timing");
  meta.timing.timer = timing.spelled<TimerKind>("timer");
  meta.timing.warmup_ms = timing.number("warmup_ms");
  meta.timing.rep_ms = timing.number("rep_ms");
  meta.timing.rounds = int(timing.integer("rounds"));
  if (std::string fault = timing.text("test_graph_fault"); !fault.empty())
    meta.timing.test_graph_fault = timing.spelled<GraphPhase>("test_graph_fault");
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
    meta.selection.shard = Shard::parse(selection.text("shard"));
    if (!meta.selection.shard) selection.fail("shard", "expected I/N with 0 <= I < N, got '" + selection.text("shard") + "'");
  }
  meta.start_time = fields.text("start_time");
  if (fields.has("end_time")) meta.end_time = fields.text("end_time");
  meta.status = fields.spelled<RunStatus>("status");
  return meta;
}

}  // namespace abt
