#include "raw_capture.h"

#include <cmath>

#include <fmt/format.h>

#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt::capture {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kRawFormat = "abtool.capture_raw/1";

PyValue py_value(const json& value) {
  PyValue out;
  if (value.is_boolean()) out.kind = PyValue::Kind::boolean, out.boolean = value.get<bool>();
  else if (value.is_number_integer()) out.kind = PyValue::Kind::integer, out.integer = value.get<long long>();
  else if (value.is_number()) out.kind = PyValue::Kind::real, out.real = value.get<double>();
  else if (value.is_string()) out.kind = PyValue::Kind::text, out.text = value.get<std::string>();
  else if (value.is_object() && value.contains("python") && value["python"].is_string())
    out.kind = PyValue::Kind::expression, out.text = value["python"].get<std::string>();
  else if (value.is_object()) out.kind = PyValue::Kind::object, out.text = value.value("object", std::string("?"));
  return out;
}

std::optional<std::string> digest(const json& entry, const char* field) {
  if (!entry.contains(field) || entry[field].is_null()) return std::nullopt;
  std::string text = entry[field].get<std::string>();
  if (text.size() != 64 || text.find_first_not_of("0123456789abcdef") != std::string::npos)
    throw std::invalid_argument(fmt::format("{} '{}' is not a sha256", field, text));
  return text;
}

RawArg read_arg(const json& entry) {
  RawArg arg;
  arg.name = entry.at("name").get<std::string>();
  arg.type = entry.value("type", json()).is_string() ? entry["type"].get<std::string>() : "";
  const std::string kind = entry.at("kind").get<std::string>();
  if (kind == "tensor") arg.role = ArgRole::tensor;
  else if (kind == "scalar") arg.role = ArgRole::scalar;
  else if (kind == "constexpr") arg.role = ArgRole::constexpr_;
  else if (kind == "specialized") arg.role = ArgRole::specialized;
  arg.dtype_text = arg.role == ArgRole::tensor && arg.type.size() > 1 ? arg.type.substr(1) : arg.type;
  if (arg.role == ArgRole::tensor && entry.contains("descriptor")) {  // its type is tensordesc<...>: the dtype is the tensor's
    const json& descriptor = entry["descriptor"];
    arg.descriptor = RawArg::Descriptor{descriptor.at("block").get<std::vector<long long>>(), descriptor.at("padding").get<std::string>()};
    arg.dtype_text = entry.at("dtype").get<std::string>();
  }
  if (arg.role == ArgRole::tensor || arg.role == ArgRole::scalar) arg.dtype = parse_dtype(arg.dtype_text);
  if (arg.role == ArgRole::tensor) {
    arg.shape = entry.at("shape").get<std::vector<long long>>();
    arg.strides = entry.at("strides").get<std::vector<long long>>();
    arg.extent = entry.at("extent").get<long long>();
    arg.bytes = entry.at("bytes").get<long long>();
    arg.integer = entry.value("integer", false);
    arg.contiguous = entry.value("contiguous", true);
    arg.written = entry.value("written", false);
    if (const auto share = entry.find("share"); share != entry.end())
      arg.shared = SharedSpan{share->at("holder").get<std::string>(), share->at("offset_bytes").get<long long>(),
                              share->at("storage_bytes").get<long long>()};
    arg.input = digest(entry, "input");
    arg.output = digest(entry, "output");
    if (entry.contains("output_rms") && entry["output_rms"].is_number()) arg.output_rms = entry["output_rms"].get<double>();
    if (const auto range = entry.find("input_range"); range != entry.end() && range->is_array() && range->size() == 2 &&
                                                      (*range)[0].is_number() && (*range)[1].is_number()) {
      const double low = (*range)[0].get<double>(), high = (*range)[1].get<double>();
      if (std::isfinite(low) && std::isfinite(high) && low <= high) arg.input_range = {low, high};
    }
  }
  arg.divisible = entry.value("divisible", false);
  arg.do_not_specialize = entry.value("do_not_specialize", false);
  if (entry.contains("value")) arg.value = py_value(entry["value"]);
  return arg;
}

RawConfig read_config(const json& entry) {
  RawConfig config;
  for (const auto& [name, value] : entry.at("kwargs").items()) config.kwargs.emplace_back(name, py_value(value));
  config.num_warps = entry.value("num_warps", 4);
  config.num_stages = entry.value("num_stages", 3);
  config.num_ctas = entry.value("num_ctas", 1);
  config.maxnreg = entry.contains("maxnreg") && !entry["maxnreg"].is_null();
  config.pre_hook = entry.value("pre_hook", false);
  return config;
}

std::array<long long, 3> grid_of(const json& value) {
  std::array<long long, 3> grid{1, 1, 1};
  if (!value.is_array() || value.empty() || value.size() > 3) throw std::invalid_argument("a grid is 1 to 3 extents");
  for (size_t i = 0; i < value.size(); ++i) grid[i] = value[i].get<long long>();
  return grid;
}

RawTuner read_tuner(const json& entry) {
  RawTuner tuner;
  const std::string kind = entry.value("kind", "none");
  const auto parsed = tuner_kind(kind);
  if (!parsed) throw std::invalid_argument(fmt::format("tuner.kind: '{}' is not one of {}", kind, tuner_kind_words()));
  tuner.kind = *parsed;
  if (tuner.kind == no_tuner()) return tuner;
  tuner.keys = entry.value("keys", std::vector<std::string>{});
  tuner.heuristics = entry.value("heuristics", std::vector<std::string>{});
  const json configs = entry.value("configs", json::array());
  for (const auto& config : configs) tuner.configs.push_back(read_config(config));
  if (entry.contains("chosen") && !entry["chosen"].is_null()) tuner.chosen = entry["chosen"].get<size_t>();
  if (tuner.chosen && *tuner.chosen >= tuner.configs.size()) throw std::invalid_argument("tuner.chosen is not a config");
  tuner.cached_launch = entry.contains("chosen_grid");
  if (entry.contains("grids") && entry["grids"].is_array()) {
    for (const auto& grid : entry["grids"]) tuner.grids.push_back(grid.is_null() ? std::nullopt : std::optional(grid_of(grid)));
  }
  tuner.grids.resize(tuner.configs.size());
  if (entry.contains("blocks") && entry["blocks"].is_array())
    for (const auto& blocks : entry["blocks"]) {
      tuner.blocks.emplace_back();
      if (blocks.is_object())
        for (const auto& [name, block] : blocks.items()) tuner.blocks.back()[name] = block.get<std::vector<long long>>();
    }
  tuner.blocks.resize(tuner.configs.size());
  const json why = entry.value("why", json::object());
  for (const auto& [index, reason] : why.items()) tuner.why[std::stoul(index)] = reason.get<std::string>();
  if (entry.contains("timings_ms") && entry["timings_ms"].is_array())
    for (const auto& timing : entry["timings_ms"])
      tuner.timings_ms.push_back(timing.is_number() && std::isfinite(timing.get<double>()) ? std::optional(timing.get<double>()) : std::nullopt);
  tuner.timings_ms.resize(tuner.configs.size());
  tuner.restore_value = entry.value("restore_value", std::vector<std::string>{});
  tuner.reset_to_zero = entry.value("reset_to_zero", std::vector<std::string>{});
  return tuner;
}

RawKernel read_kernel(const json& entry) {
  RawKernel kernel;
  kernel.name = entry.at("name").get<std::string>();
  auto text = [&](const char* field) { return entry.value(field, json()).is_string() ? entry[field].get<std::string>() : ""; };
  kernel.module = text("module");
  kernel.qualname = text("qualname");
  kernel.file = text("file");
  kernel.why = text("why");
  kernel.importable = entry.value("importable", false);
  kernel.loadable_from_copy = entry.value("loadable_from_copy", false);
  if (entry.contains("file_text") && entry["file_text"].is_string()) kernel.file_text = entry["file_text"].get<std::string>();
  kernel.binds = entry.value("binds", std::map<std::string, std::string>{});
  return kernel;
}

RawLaunch read_launch(const json& entry) {
  RawLaunch launch;
  launch.kernel = read_kernel(entry.at("kernel"));
  for (const auto& arg : entry.at("args")) launch.args.push_back(read_arg(arg));
  launch.grid = grid_of(entry.at("grid"));
  const json& options = entry.at("options");
  launch.num_warps = options.value("num_warps", 4);
  launch.num_stages = options.value("num_stages", 3);
  launch.num_ctas = options.value("num_ctas", 1);
  launch.tuner = read_tuner(entry.value("tuner", json::object()));
  launch.launches = entry.value("launches", 1LL);
  if (entry.contains("reads_what_it_writes") && entry["reads_what_it_writes"].is_boolean())
    launch.reads_what_it_writes = entry["reads_what_it_writes"].get<bool>();
  // {"code", "text"}; an older shim's plain text is a reason of no known kind.
  for (const auto& problem : entry.value("problems", json::array())) {
    if (problem.is_string()) {
      launch.problems.push_back({MissReason::other, problem.get<std::string>()});
      continue;
    }
    const auto reason = parse_spelling<MissReason>(problem.at("code").get<std::string>());
    if (!reason) throw std::invalid_argument("problems: unknown code " + problem.at("code").dump());
    launch.problems.push_back({*reason, problem.at("text").get<std::string>()});
  }
  launch.shim_s = entry.value("shim_s", 0.0);
  for (const auto& arg : entry.at("args"))
    if (arg.contains("problems"))
      launch.problems.push_back({MissReason::argument_type, arg["name"].get<std::string>() + ": " + arg["problems"].get<std::string>()});
  return launch;
}

}  // namespace

std::string PyValue::python() const {
  switch (kind) {
    case Kind::none: return "None";
    case Kind::boolean: return boolean ? "True" : "False";
    case Kind::integer: return std::to_string(integer);
    case Kind::real: return fmt::format("{}", real);
    case Kind::text:
    case Kind::expression:
    case Kind::object: return text;
  }
  return "None";
}

RawProcess read_raw_process(const fs::path& file) {
  RawProcess process;
  process.file = file;
  json raw;
  try {
    raw = json::parse(read_text_file(file));
  } catch (const json::exception& error) {
    throw InputError(fmt::format("{}: not valid JSON ({}): the workload's shim did not finish writing it", file.string(), error.what()));
  }
  if (raw.value("schema", "") != kRawFormat) throw InputError(fmt::format("{}: schema: expected {}", file.string(), kRawFormat));
  size_t index = 0;
  try {
    process.pid = raw.value("pid", 0LL);
    process.argv = raw.value("argv", std::vector<std::string>{});
    const json versions = raw.value("versions", json::object());  // a temporary's items() would dangle
    for (const auto& [name, version] : versions.items())
      process.versions[name] = version.is_string() ? version.get<std::string>() : version.dump();
    process.wall_s = raw.value("wall_s", 0.0);
    process.overhead_s = raw.value("overhead_s", 0.0);
    process.phases = raw.value("phases", std::map<std::string, double>{});
    process.shortened = raw.value("shortened", std::map<std::string, long long>{});
    process.errors = raw.value("errors", std::vector<std::string>{});
    for (const auto& launch : raw.at("launches")) {
      process.launches.push_back(read_launch(launch));
      ++index;
    }
  } catch (const std::exception& error) {
    throw InputError(fmt::format("{}: launches[{}]: {}", file.string(), index, error.what()));
  }
  return process;
}

std::string kernel_identity(const RawKernel& kernel) {
  if (kernel.importable) return "module " + kernel.module + ":" + kernel.name;
  if (kernel.file_text) return "text " + sha256_hex(*kernel.file_text) + ":" + kernel.name;
  return "file " + kernel.file.string() + ":" + kernel.name;
}

}  // namespace abt::capture
