#include "opspec/op_spec.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <vector>

#include "opspec/constexpr_literal.h"
#include "util/closest_name.h"
#include "util/errors.h"
#include "util/files.h"
#include "yaml_fields.h"

namespace abt {
namespace fs = std::filesystem;

std::string language_name(Language language) {
  switch (language) {
    case Language::cpp: return "cpp";
    case Language::cuda: return "cuda";
    case Language::triton: return "triton";
  }
  return "?";
}

std::string config_text(const Config& config) {
  std::string text;
  for (const auto& [name, value] : config) text += (text.empty() ? "" : " ") + name + "=" + value;
  return text.empty() ? "(default)" : text;
}

DType ArgSpec::resolve_dtype(DType point_dtype) const {
  if (dtype == "$dtype") return point_dtype;
  return *parse_dtype(dtype);  // validated at load
}

std::vector<Config> OpSpec::config_space() const {
  if (!tune_configs.empty()) return tune_configs;
  std::vector<Config> space{Config{}};
  for (const auto& param : tune) {
    std::vector<Config> grown;
    for (const auto& partial : space)
      for (const auto& value : param.values) {
        Config config = partial;
        config.emplace_back(param.name, value);
        grown.push_back(std::move(config));
      }
    space = std::move(grown);
  }
  return space;
}

std::vector<Config> OpSpec::config_space_at(const Point& point) const {
  std::vector<Config> space = config_space();
  if (!captured) return space;
  const CapturedCase& found = captured->at(point);
  std::erase_if(space, [&](const Config& config) { return !found.grids.count(config_text(config)); });
  return space;
}

bool OpSpec::reference_from_baseline(const Point& point) const {
  if (reference.baseline) return true;
  return reference.captured && captured && captured->at(point).reference_from_baseline;
}

std::string PythonImport::text() const {
  std::string text = "module=" + module;
  for (const auto& [name, target] : globals) text += " " + name + "=" + target;
  return text;
}

std::optional<Config> OpSpec::canonical_config(const Config& config) const {
  if (config.size() != tune.size()) return std::nullopt;
  if (!tune_configs.empty()) {  // one of the listed configs, whatever the order of its assignments
    Config sorted = config;
    std::sort(sorted.begin(), sorted.end());
    for (const Config& listed : tune_configs) {
      Config candidate = listed;
      std::sort(candidate.begin(), candidate.end());
      if (candidate == sorted) return listed;
    }
    return std::nullopt;
  }
  Config ordered;
  for (const auto& param : tune) {
    auto found = std::find_if(config.begin(), config.end(), [&](const auto& entry) { return entry.first == param.name; });
    if (found == config.end()) return std::nullopt;
    ordered.push_back(*found);
  }
  return ordered;
}

const Tolerance& OpSpec::tolerance(DType dtype) const {
  auto found = tolerances.find(dtype);
  if (found == tolerances.end())
    throw InputError(located(file.string(), 0, "verify", "no tolerance for dtype " + dtype_name(dtype)));
  return found->second;
}

static std::optional<double> as_number(const std::string& text) {
  try {
    size_t used = 0;
    double value = std::stod(text, &used);
    if (used == text.size()) return value;
  } catch (const std::exception&) {
  }
  if (text == "true" || text == "True") return 1.0;
  if (text == "false" || text == "False") return 0.0;
  return std::nullopt;
}

Symbols OpSpec::symbols(const std::vector<long long>& shape, DType dtype, const Config& config) const {
  Symbols values;
  for (size_t i = 0; i < dims.size() && i < shape.size(); ++i) values[dims[i]] = double(shape[i]);
  values["dtype_size"] = double(dtype_size(dtype));
  for (const auto& [name, value] : config)
    if (auto number = as_number(value)) values[name] = *number;
  return values;
}

namespace {

class OpSpecParser {
 public:
  explicit OpSpecParser(const fs::path& file) : file_(file), yaml_(file.string()) {}

  OpSpec parse() {
    YAML::Node root = yaml_.parse(read_text_file(file_));
    if (!root.IsMap()) yaml_.fail(root, "", "an op spec must be a mapping");
    yaml_.reject_unknown_keys(root, "", {"op", "description", "language", "source", "module", "python_globals", "kernel",
                                         "dims", "dtypes", "tune", "tune_configs", "captured", "args", "launch",
                                         "reference", "verify", "metrics"});
    spec_.file = fs::absolute(file_);
    spec_.name = yaml_.scalar(yaml_.require(root, "op", ""), "op");
    if (!is_plain_name(spec_.name)) yaml_.fail(root["op"], "op", "'" + spec_.name + "' is not letters, digits, '_', '.' and '-'");
    spec_.language = parse_language(yaml_.require(root, "language", ""), "language");
    spec_.source = existing_file(yaml_.require(root, "source", ""), "source");
    if (root["module"]) parse_module(root["module"]);
    if (root["python_globals"]) parse_python_globals(root["python_globals"]);
    if (root["captured"]) parse_captured(root["captured"]);
    spec_.kernel = yaml_.scalar(yaml_.require(root, "kernel", ""), "kernel");
    if (!is_plain_name(spec_.kernel))  // it names the ir/ and bin/ folders of its variants
      yaml_.fail(root["kernel"], "kernel", "'" + spec_.kernel + "' is not letters, digits, '_', '.' and '-'");
    parse_dims(yaml_.require(root, "dims", ""));
    parse_dtypes(yaml_.require(root, "dtypes", ""));
    if (root["tune"] && root["tune_configs"])
      yaml_.fail(root["tune_configs"], "tune_configs", "give the config space as tune (a product) or tune_configs (a list), not both");
    parse_tune(root["tune"]);
    parse_tune_configs(root["tune_configs"]);
    parse_args(yaml_.require(root, "args", ""));
    if (root["launch"]) {
      auto symbols = launch_symbols();
      if (root["launch"]["before"] && spec_.language == Language::triton)
        yaml_.fail(root["launch"]["before"], "launch.before", "a Triton module holds one kernel: no prologue kernel for Triton ops");
      if (root["launch"]["before"]) {
        spec_.prologue = parse_prologue(root["launch"]["before"]);
        symbols.insert(spec_.prologue->read_as);
      }
      spec_.launch = parse_launch(root["launch"], "launch", symbols);
    }
    else if (spec_.language != Language::cpp)
      yaml_.fail(root, "launch", language_name(spec_.language) +
                 (spec_.language == Language::triton ? " ops need a launch: {grid}" : " ops need a launch: {grid, block}"));
    parse_verify(yaml_.require(root, "verify", ""));
    if (needs_reference()) parse_reference(yaml_.require(root, "reference", ""));
    else if (root["reference"]) parse_reference(root["reference"]);
    parse_metrics(root["metrics"]);
    if (spec_.captured) validate_captured(root["captured"]);
    return std::move(spec_);
  }

 private:
  Language parse_language(const YAML::Node& node, const std::string& field) {
    std::string text = yaml_.scalar(node, field);
    if (text == "cpp") return Language::cpp;
    if (text == "cuda") return Language::cuda;
    if (text == "triton") return Language::triton;
    yaml_.fail(node, field, "unknown language '" + text + "' (expected cpp, cuda or triton)");
  }

  fs::path existing_file(const YAML::Node& node, const std::string& field) {
    fs::path path = fs::path(yaml_.scalar(node, field));
    if (path.is_relative()) path = fs::absolute(file_).parent_path() / path;
    if (!fs::is_regular_file(path)) yaml_.fail(node, field, "file not found: " + path.string());
    return path.lexically_normal();
  }

  static bool is_import_path(const std::string& path) {
    bool valid = !path.empty(), start = true;
    for (char c : path) {
      const auto u = static_cast<unsigned char>(c);
      if (c == '.') valid &= !start, start = true;
      else valid &= std::isalpha(u) || c == '_' || (!start && std::isdigit(u)), start = false;
    }
    return valid && !start;
  }

  void parse_module(const YAML::Node& node) {
    if (spec_.language != Language::triton) yaml_.fail(node, "module", "only Triton ops are imported as a module");
    spec_.python.module = yaml_.scalar(node, "module");
    if (!is_import_path(spec_.python.module))
      yaml_.fail(node, "module", "'" + spec_.python.module + "' is not a Python import path (a.b.c)");
  }

  // python_globals: {name: "module:attribute"}: names a file loaded by path uses but does not define.
  void parse_python_globals(const YAML::Node& node) {
    if (spec_.language != Language::triton) yaml_.fail(node, "python_globals", "only Triton ops bind Python globals");
    if (!node.IsMap()) yaml_.fail(node, "python_globals", "expected a mapping of name -> module:attribute");
    for (const auto& entry : node) {
      const std::string name = entry.first.as<std::string>(), field = "python_globals." + name;
      const std::string target = yaml_.scalar(entry.second, field);
      const auto colon = target.find(':');
      if (!is_import_path(name) || name.find('.') != std::string::npos)
        yaml_.fail(entry.first, field, "'" + name + "' is not a Python name");
      const bool module_only = colon == std::string::npos && is_import_path(target);
      if (!module_only && (colon == std::string::npos || !is_import_path(target.substr(0, colon)) ||
                           !is_import_path(target.substr(colon + 1))))
        yaml_.fail(entry.second, field, "expected module:attribute (a.b:name) or a module (a.b), got '" + target + "'");
      spec_.python.globals[name] = target;
    }
  }

  // captured: {cases: FILE, root: DIR}: the op came from `abtool capture`; FILE (opspec/captured_cases.h kCaseFormat)
  // gives each point's stored inputs, outputs, values and grids, every path inside DIR.
  void parse_captured(const YAML::Node& node) {
    yaml_.reject_unknown_keys(node, "captured", {"cases", "root", "command"});
    const fs::path cases = existing_file(yaml_.require(node, "cases", "captured"), "captured.cases");
    fs::path root = fs::path(yaml_.scalar(yaml_.require(node, "root", "captured"), "captured.root"));
    if (root.is_relative()) root = fs::absolute(file_).parent_path() / root;
    if (!fs::is_directory(root)) yaml_.fail(node["root"], "captured.root", "no such directory: " + root.string());
    root = fs::canonical(root);
    // The op's cases must lie inside the capture it names, and that capture must be one.
    const fs::path relative = fs::canonical(cases).lexically_relative(root);
    if (relative.empty() || *relative.begin() == "..")
      yaml_.fail(node["cases"], "captured.cases", cases.string() + " is not inside the capture directory " + root.string());
    std::string schema, partial;
    try {
      const nlohmann::json manifest = nlohmann::json::parse(read_text_file(root / "capture.json"));
      schema = manifest.value("schema", "");
      if (manifest.value("partial", false)) partial = manifest.value("partial_reason", "stopped before its workload ended");
    } catch (const std::exception& error) {  // unreadable, or not JSON
      yaml_.fail(node["root"], "captured.root", (root / "capture.json").string() + ": not a capture's manifest: " + error.what());
    }
    if (schema != kCaptureFormat && schema != kCaptureFormatV1)
      yaml_.fail(node["root"], "captured.root", fmt::format("{}: schema: expected {}, got '{}'", (root / "capture.json").string(),
                                                             kCaptureFormat, schema));
    spec_.captured = load_captured_cases(cases, root);
    spec_.captured->partial = partial;
  }

  // Every case gives what the spec says it captured, names only configs of the space, and
  // names regular files (no link, which could point out of the capture).
  void validate_captured(const YAML::Node& node) {
    const CapturedCases& cases = *spec_.captured;
    std::set<std::string> configs;
    for (const Config& config : spec_.config_space()) configs.insert(config_text(config));
    // Reached through no link at all (inputs/ itself may not be one: its files' metadata would be
    // read through it, out of the capture).
    auto file_ok = [&](const fs::path& path, const std::string& where) {
      if (place_within(cases.root, path.lexically_relative(cases.root)) != PlaceWithin::file)
        yaml_.fail(node, "captured.cases", fmt::format("{}: {}: {} is not a regular file of the capture (reached through "
                                                         "no link)", cases.file.string(), where, path.string()));
    };
    for (const auto& [id, found] : cases.by_point) {
      const std::string where = "case " + id;
      if (id.rfind(spec_.name + "/", 0) != 0)
        yaml_.fail(node, "captured.cases", fmt::format("{}: {} is not a point of op {}", cases.file.string(), where, spec_.name));
      for (const auto& [config, grid] : found.grids)
        if (!configs.count(config))
          yaml_.fail(node, "captured.cases", fmt::format("{}: {}: grids: '{}' is not a config of the op", cases.file.string(), where, config));
      if (found.library_choice && !configs.count(*found.library_choice))
        yaml_.fail(node, "captured.cases", fmt::format("{}: {}: library_choice '{}' is not a config of the op",
                                                         cases.file.string(), where, *found.library_choice));
      if (found.grids.empty())
        yaml_.fail(node, "captured.cases", fmt::format("{}: {}: no config with a grid", cases.file.string(), where));
      for (const ArgSpec& arg : spec_.args) {
        auto captured = found.args.find(arg.name);
        const CapturedArg* value = captured == found.args.end() ? nullptr : &captured->second;
        const std::string field = where + ": args." + arg.name;
        if (arg.captured_value && (!value || !value->value))
          yaml_.fail(node, "captured.cases", fmt::format("{}: {}: no captured value", cases.file.string(), field));
        if (value && value->shared && !arg.is_buffer())
          yaml_.fail(node, "captured.cases", fmt::format("{}: {}: shares memory, but is not a buffer", cases.file.string(), field));
        if (value && value->in_other_span(arg.name)) continue;  // its bytes are its holder's
        const bool holds_span = value && value->shared;  // read and written: the span, before and after
        if (arg.is_buffer() && arg.init.distribution == "captured" && (arg.kind != ArgKind::out || holds_span)) {
          if (value && value->generated && !found.reference_from_baseline)
            yaml_.fail(node, "captured.cases", fmt::format("{}: {}: a generated input, but the capture's output as the "
                                                           "reference (it is of other inputs)", cases.file.string(), field));
          if (!value || (!value->input && !value->generated))
            yaml_.fail(node, "captured.cases", fmt::format("{}: {}: no captured input", cases.file.string(), field));
          if (value->input) file_ok(*value->input, field + ".input");
        }
        if (spec_.reference.captured && !found.reference_from_baseline &&
            (arg.kind == ArgKind::out || arg.kind == ArgKind::inout || holds_span)) {
          if (!value || !value->output)
            yaml_.fail(node, "captured.cases", fmt::format("{}: {}: no captured output (the reference)", cases.file.string(), field));
          file_ok(*value->output, field + ".output");
        }
      }
    }
  }

  void require_captured(const YAML::Node& node, const std::string& field) {
    if (!spec_.captured) yaml_.fail(node, field, "'captured' needs the op's capture (captured: {cases, root})");
  }

  // A tune parameter is a name in the kernel (a -D macro, a constexpr argument) and in expressions:
  // "BLOCK-SIZE" or "2x" would be accepted here and fail at every compile, or mean another symbol.
  void require_identifier(const YAML::Node& node, const std::string& field, const std::string& name) {
    const bool identifier = !name.empty() && (std::isalpha((unsigned char)name[0]) || name[0] == '_') &&
                            std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
    if (!identifier)
      yaml_.fail(node, field, fmt::format("tune parameter '{}' is not an identifier (letters, digits and _, not starting "
                                          "with a digit): the kernel and the expressions name it",
                                          name));
  }

  void parse_tune_configs(const YAML::Node& node) {
    if (!node || node.IsNull()) return;
    if (!node.IsSequence() || node.size() == 0) yaml_.fail(node, "tune_configs", "expected a non-empty list of configs");
    if (node.size() > kMaxConfigs)
      yaml_.fail(node, "tune_configs", fmt::format("{} configs is more than abtool sweeps ({}): every one is compiled and "
                                                   "timed; narrow the space",
                                                   node.size(), kMaxConfigs));
    std::vector<std::string> names;
    for (size_t i = 0; i < node.size(); ++i) {
      const std::string field = fmt::format("tune_configs[{}]", i);
      if (!node[i].IsMap() || node[i].size() == 0) yaml_.fail(node[i], field, "expected a mapping of parameter -> value");
      Config config;
      for (const auto& entry : node[i]) config.emplace_back(entry.first.as<std::string>(), yaml_.scalar(entry.second, field));
      std::vector<std::string> keys;
      for (const auto& [name, value] : config) keys.push_back(name);
      if (i == 0) {
        names = keys;
        for (const auto& name : names) require_identifier(node[i], field, name);
      }
      else if (keys != names)
        yaml_.fail(node[i], field, fmt::format("assigns {}, but the first config assigns {} (in that order)",
                                               fmt::join(keys, ", "), fmt::join(names, ", ")));
      if (std::find(spec_.tune_configs.begin(), spec_.tune_configs.end(), config) != spec_.tune_configs.end())
        yaml_.fail(node[i], field, "the same config twice");
      spec_.tune_configs.push_back(std::move(config));
    }
    for (size_t p = 0; p < names.size(); ++p) {  // `tune`: what each parameter takes (variant names use it)
      TuneParam param{names[p], {}};
      for (const Config& config : spec_.tune_configs)
        if (std::find(param.values.begin(), param.values.end(), config[p].second) == param.values.end())
          param.values.push_back(config[p].second);
      spec_.tune.push_back(std::move(param));
    }
  }

  void parse_dims(const YAML::Node& node) {
    spec_.dims = yaml_.scalar_list(node, "dims");
    if (spec_.dims.empty()) yaml_.fail(node, "dims", "needs at least one dimension name");
  }

  DType dtype_for(const YAML::Node& node, const std::string& field, const std::string& text) {
    auto dtype = parse_dtype(text);
    if (!dtype) yaml_.fail(node, field, "unknown dtype '" + text + "'");
    if (spec_.language == Language::cpp && !dtype_host_ctype(*dtype))
      yaml_.fail(node, field, "dtype " + text + " has no host C++ type (cpp ops take fp32, fp64, i32, i64)");
    return *dtype;
  }

  void parse_dtypes(const YAML::Node& node) {
    for (const auto& text : yaml_.scalar_list(node, "dtypes")) spec_.dtypes.push_back(dtype_for(node, "dtypes", text));
    if (spec_.dtypes.empty()) yaml_.fail(node, "dtypes", "needs at least one dtype");
  }

  void parse_tune(const YAML::Node& node) {
    if (!node || node.IsNull()) return;  // an op without tunables has one (empty) config
    if (!node.IsMap()) yaml_.fail(node, "tune", "expected a mapping of parameter -> list of values");
    for (const auto& entry : node) {
      std::string name = entry.first.as<std::string>();
      std::string field = "tune." + name;
      require_identifier(entry.first, "tune", name);
      TuneParam param{name, yaml_.scalar_list(entry.second, field)};
      if (param.values.empty()) yaml_.fail(entry.second, field, "empty tune list");
      spec_.tune.push_back(std::move(param));
    }
    double configs = 1;
    for (const auto& param : spec_.tune) configs *= double(param.values.size());
    if (configs > double(kMaxConfigs))
      yaml_.fail(node, "tune",
                 fmt::format("{:.0f} configs (the product of its lists) is more than abtool sweeps ({}): every one is "
                             "compiled and timed; narrow the space",
                             configs, kMaxConfigs));
  }

  Expr expression(const YAML::Node& node, const std::string& field, const std::set<std::string>& allowed) {
    std::string text = yaml_.scalar(node, field);
    Expr expr;
    try {
      expr = Expr(text);
    } catch (const std::invalid_argument& error) {
      yaml_.fail(node, field, error.what());
    }
    for (const auto& symbol : expr.symbols())
      if (!allowed.count(symbol)) yaml_.fail(node, field, "expression '" + text + "' names unknown symbol '" + symbol + "'");
    if (!finite_somewhere(expr))
      yaml_.fail(node, field, "expression '" + text + "' is not a finite number for any size tried (a division by zero?)");
    return expr;
  }

  // Whether the expression gives a finite number at one of two probes (every dim and tune
  // parameter a prime, dtype_size 4): one that divides by a literal zero gives none, while one
  // with a pole or a domain at some sizes only still gives one (not refused here; a point where a
  // metric is not finite gets no figure: engine/src/point_result.cpp).
  static bool finite_somewhere(const Expr& expr) {
    for (double probe : {7919.0, 1048573.0}) {
      Symbols values;
      for (const auto& symbol : expr.symbols()) values[symbol] = symbol == "dtype_size" ? 4.0 : probe;
      try {
        if (std::isfinite(expr.eval(values))) return true;
      } catch (const std::exception&) {  // a function refusing its arguments: not finite here
      }
    }
    return false;
  }

  std::set<std::string> shape_symbols() const {
    std::set<std::string> names(spec_.dims.begin(), spec_.dims.end());
    names.insert("dtype_size");
    return names;
  }

  std::set<std::string> launch_symbols() const {
    auto names = shape_symbols();
    for (const auto& param : spec_.tune) names.insert(param.name);
    return names;
  }

  void parse_args(const YAML::Node& node) {
    if (!node.IsSequence() || node.size() == 0) yaml_.fail(node, "args", "expected a non-empty list");
    for (size_t i = 0; i < node.size(); ++i) {
      const YAML::Node item = node[i];
      std::string where = fmt::format("args[{}]", i);
      yaml_.reject_unknown_keys(item, where, {"name", "kind", "dtype", "shape", "init", "value", "specialize", "align16",
                                                 "descriptor"});
      ArgSpec arg;
      arg.name = yaml_.scalar(yaml_.require(item, "name", where), where + ".name");
      where = "args." + arg.name;
      std::string kind = yaml_.scalar(yaml_.require(item, "kind", where), where + ".kind");
      if (kind == "in") arg.kind = ArgKind::in;
      else if (kind == "out") arg.kind = ArgKind::out;
      else if (kind == "inout") arg.kind = ArgKind::inout;
      else if (kind == "scalar") arg.kind = ArgKind::scalar;
      else if (kind == "scratch") arg.kind = ArgKind::scratch;
      else if (kind == "constexpr") arg.kind = ArgKind::constexpr_value;
      else yaml_.fail(item["kind"], where + ".kind", "expected in, out, inout, scalar, scratch or constexpr, got '" + kind + "'");
      if (arg.kind == ArgKind::constexpr_value && spec_.language != Language::triton)
        yaml_.fail(item["kind"], where + ".kind", "constexpr arguments are Triton's");
      if (std::any_of(spec_.args.begin(), spec_.args.end(), [&](const ArgSpec& other) { return other.name == arg.name; }))
        yaml_.fail(item["name"], where + ".name", "a second argument named '" + arg.name + "'");
      arg.dtype = arg.kind == ArgKind::constexpr_value && !item["dtype"]
                      ? "i64"
                      : yaml_.scalar(yaml_.require(item, "dtype", where), where + ".dtype");
      if (arg.dtype != "$dtype") dtype_for(item["dtype"], where + ".dtype", arg.dtype);
      if (item["descriptor"] && !arg.is_buffer())
        yaml_.fail(item["descriptor"], where + ".descriptor", "only buffers are passed as tensor descriptors");
      for (const char* flag : {"specialize", "align16"})
        if (item[flag]) {
          const std::string text = yaml_.scalar(item[flag], where + "." + flag);
          if (text != "true" && text != "false") yaml_.fail(item[flag], where + "." + flag, "expected true or false");
          (std::string(flag) == "specialize" ? arg.specialize : arg.align16) = text == "true";
        }
      if (arg.kind == ArgKind::constexpr_value) {
        const YAML::Node value = yaml_.require(item, "value", where);
        const std::string text = yaml_.scalar(value, where + ".value");
        if (text == "captured") {
          require_captured(value, where + ".value");
          arg.captured_value = true;
        } else if (text == "None" || text == "True" || text == "False" || !std::isdigit(static_cast<unsigned char>(text[0]))) {
          if (auto problem = constexpr_literal_problem(text)) yaml_.fail(value, where + ".value", *problem);
          arg.literal = text;
        } else {
          arg.value = expression(value, where + ".value", shape_symbols());
        }
      } else if (arg.is_buffer()) {
        const YAML::Node shape = yaml_.require(item, "shape", where);
        if (!shape.IsSequence() || shape.size() == 0) yaml_.fail(shape, where + ".shape", "expected a list of expressions");
        for (const auto& extent : shape) arg.shape.push_back(expression(extent, where + ".shape", shape_symbols()));
        if (item["value"]) yaml_.fail(item["value"], where + ".value", "only scalars take a value");
        if (item["init"]) arg.init = parse_init(item["init"], where + ".init");
        if (arg.init.distribution == "captured") require_captured(item["init"], where + ".init");
        if (arg.dtype != "$dtype" && (arg.kind == ArgKind::in || arg.kind == ArgKind::inout)) {
          const DType fixed = *parse_dtype(arg.dtype);
          if (dtype_size(fixed) < 4 && !dtype_is_float(fixed) && arg.init.distribution != "captured" &&
              arg.init.distribution != "zeros")
            yaml_.fail(item, where + ".init", "abtool generates no " + arg.dtype + " inputs: use init: captured or zeros");
        }
        if (item["descriptor"]) arg.descriptor = parse_descriptor(item["descriptor"], where + ".descriptor", arg);
      } else if (item["value"] && item["value"].IsScalar() && item["value"].as<std::string>() == "captured") {
        require_captured(item["value"], where + ".value");
        arg.captured_value = true;
      } else {
        arg.value = expression(yaml_.require(item, "value", where), where + ".value", shape_symbols());
        if (item["shape"]) yaml_.fail(item["shape"], where + ".shape", "scalars have no shape");
      }
      spec_.args.push_back(std::move(arg));
    }
  }

  // descriptor: {block: [BLOCK_M, 64], padding: zero}: a Triton host tensor descriptor over the buffer,
  // its tile a TMA tile for every config of the space.
  TensorDescriptorSpec parse_descriptor(const YAML::Node& node, const std::string& field, const ArgSpec& arg) {
    if (spec_.language != Language::triton) yaml_.fail(node, field, "tensor descriptors are Triton's");
    if (arg.kind == ArgKind::scratch) yaml_.fail(node, field, "a scratch buffer is not passed as a tensor descriptor");
    if (!node.IsMap()) yaml_.fail(node, field, "expected {block: [extents], padding: zero or nan}");
    yaml_.reject_unknown_keys(node, field, {"block", "padding"});
    TensorDescriptorSpec descriptor;
    const YAML::Node block = yaml_.require(node, "block", field);
    if (!block.IsSequence() || block.size() != arg.shape.size())
      yaml_.fail(block, field + ".block", fmt::format("expected a list of {} extents, one per dimension of the shape", arg.shape.size()));
    std::set<std::string> tuned;
    for (const auto& param : spec_.tune) tuned.insert(param.name);
    for (const auto& extent : block) descriptor.block.push_back(expression(extent, field + ".block", tuned));
    if (node["padding"]) {
      const std::string padding = yaml_.scalar(node["padding"], field + ".padding");
      if (padding != "zero" && padding != "nan") yaml_.fail(node["padding"], field + ".padding", "expected zero or nan, got '" + padding + "'");
      descriptor.padding = padding == "nan" ? DescriptorPadding::nan : DescriptorPadding::zero;
      if (descriptor.padding == DescriptorPadding::nan && arg.dtype != "$dtype" && !dtype_is_float(*parse_dtype(arg.dtype)))
        yaml_.fail(node["padding"], field + ".padding", "NaN padding needs a floating-point buffer, not " + arg.dtype);
    }
    for (const Config& config : spec_.config_space()) {
      try {
        descriptor_block(descriptor, spec_.symbols({}, DType::fp32, config));
      } catch (const std::invalid_argument& error) {
        yaml_.fail(block, field + ".block", (config.empty() ? std::string() : "with " + config_text(config) + ": ") + error.what());
      }
    }
    return descriptor;
  }

  InitSpec parse_init(const YAML::Node& node, const std::string& field) {
    InitSpec init;
    if (node.IsScalar()) {
      init.distribution = node.as<std::string>();
    } else {
      yaml_.reject_unknown_keys(node, field, {"dist", "low", "high"});
      init.distribution = yaml_.scalar(yaml_.require(node, "dist", field), field + ".dist");
      if (node["low"]) init.low = yaml_.number(node["low"], field + ".low");
      if (node["high"]) init.high = yaml_.number(node["high"], field + ".high");
    }
    static const std::set<std::string> kKnown{"uniform", "normal", "zeros", "ones", "arange", "captured"};
    if (!kKnown.count(init.distribution))
      yaml_.fail(node, field, "unknown distribution '" + init.distribution + "' (uniform, normal, zeros, ones, arange, captured)");
    return init;
  }

  LaunchSpec parse_launch(const YAML::Node& node, const std::string& field, const std::set<std::string>& symbols) {
    if (field == "launch") yaml_.reject_unknown_keys(node, field, {"grid", "block", "shared", "before"});
    else if (field == "launch.before") yaml_.reject_unknown_keys(node, field, {"grid", "block", "shared", "kernel", "read"});
    else yaml_.reject_unknown_keys(node, field, {"grid", "block", "shared"});
    LaunchSpec launch;
    auto dims3 = [&](const char* key) {
      std::vector<Expr> exprs;
      YAML::Node list = node[key];
      if (!list) return exprs;
      if (list.IsScalar()) exprs.push_back(expression(list, field + "." + key, symbols));
      else
        for (const auto& item : list) exprs.push_back(expression(item, field + "." + key, symbols));
      if (exprs.size() > 3) yaml_.fail(list, field + "." + key, "at most three dimensions");
      return exprs;
    };
    if (field == "launch" && spec_.language == Language::triton) {
      // Triton decides these: block = num_warps x 32, shared memory from the compiled kernel.
      for (const char* key : {"block", "shared"})
        if (node[key]) yaml_.fail(node[key], field + "." + key, std::string("a Triton kernel's ") + key +
                                  " comes from the compiled kernel (num_warps x 32 threads, its own shared memory): remove it");
      if (node["grid"] && node["grid"].IsScalar() && node["grid"].as<std::string>() == "captured") {
        require_captured(node["grid"], field + ".grid");
        launch.captured_grid = true;
        return launch;
      }
      launch.grid = dims3("grid");
      if (launch.grid.empty()) yaml_.fail(node, field, "needs a grid");
      return launch;
    }
    launch.grid = dims3("grid");
    launch.block = dims3("block");
    if (launch.grid.empty() || launch.block.empty()) yaml_.fail(node, field, "needs both grid and block");
    if (node["shared"]) launch.shared_bytes = expression(node["shared"], field + ".shared", symbols);
    return launch;
  }

  LaunchPrologue parse_prologue(const YAML::Node& node) {
    const std::string field = "launch.before";
    LaunchPrologue prologue;
    prologue.kernel = yaml_.scalar(yaml_.require(node, "kernel", field), field + ".kernel");
    prologue.launch = parse_launch(node, field, launch_symbols());
    const YAML::Node read = yaml_.require(node, "read", field);
    yaml_.reject_unknown_keys(read, field + ".read", {"arg", "as"});
    const std::string arg = yaml_.scalar(yaml_.require(read, "arg", field + ".read"), field + ".read.arg");
    prologue.read_as = yaml_.scalar(yaml_.require(read, "as", field + ".read"), field + ".read.as");
    auto found = std::find_if(spec_.args.begin(), spec_.args.end(), [&](const ArgSpec& a) { return a.name == arg; });
    if (found == spec_.args.end() || !found->is_buffer() || (found->dtype != "i32" && found->dtype != "i64"))
      yaml_.fail(read["arg"], field + ".read.arg", "'" + arg + "' must name an i32 or i64 buffer argument");
    prologue.read_arg = size_t(found - spec_.args.begin());
    if (launch_symbols().count(prologue.read_as))
      yaml_.fail(read["as"], field + ".read.as", "'" + prologue.read_as + "' already names a dimension or tune parameter");
    return prologue;
  }

  bool needs_reference() const {
    if (spec_.captured) return false;  // the capture's outputs, or none: the gate compares with A in a replay
    for (const auto& [dtype, tolerance] : spec_.tolerances)
      if (tolerance.mode != Tolerance::Mode::skip) return true;
    return false;
  }

  void parse_reference(const YAML::Node& node) {
    if (node.IsScalar() && node.as<std::string>() == "captured") {
      require_captured(node, "reference");
      spec_.reference.captured = true;
      return;
    }
    if (node.IsScalar() && node.as<std::string>() == "baseline") {
      spec_.reference.baseline = true;
      return;
    }
    yaml_.reject_unknown_keys(node, "reference", {"language", "source", "kernel", "launch"});
    ReferenceSpec reference;
    reference.language = node["language"] ? parse_language(node["language"], "reference.language")
                                          : (spec_.language == Language::cpp ? Language::cpp : Language::cuda);
    if (reference.language == Language::triton)
      yaml_.fail(node["language"], "reference.language", "a reference is CUDA C++ or host C++, never Triton");
    if (spec_.language != Language::cpp && reference.language != Language::cuda)
      yaml_.fail(node["language"], "reference.language", "the reference of a GPU op runs on the device: cuda");
    reference.source = existing_file(yaml_.require(node, "source", "reference"), "reference.source");
    reference.kernel = yaml_.scalar(yaml_.require(node, "kernel", "reference"), "reference.kernel");
    if (reference.language == Language::cuda) {
      // The reference is not tuned: its geometry may use the shape only.
      reference.launch = parse_launch(yaml_.require(node, "launch", "reference"), "reference.launch", shape_symbols());
    }
    spec_.reference = std::move(reference);
  }

  Tolerance parse_tolerance(const YAML::Node& node, const std::string& field) {
    Tolerance tolerance;
    if (node.IsScalar()) {
      if (node.as<std::string>() != "exact") yaml_.fail(node, field, "expected {rtol, atol}, exact, or {skip: reason}");
      tolerance.mode = Tolerance::Mode::exact;
      return tolerance;
    }
    yaml_.reject_unknown_keys(node, field, {"rtol", "atol", "skip"});
    if (node["skip"]) {
      tolerance.mode = Tolerance::Mode::skip;
      tolerance.skip_reason = yaml_.scalar(node["skip"], field + ".skip");
      return tolerance;
    }
    tolerance.rtol = yaml_.number(yaml_.require(node, "rtol", field), field + ".rtol");
    tolerance.atol = yaml_.number(yaml_.require(node, "atol", field), field + ".atol");
    if (tolerance.rtol < 0 || tolerance.atol < 0) yaml_.fail(node, field, "tolerances must be non-negative");
    return tolerance;
  }

  void parse_verify(const YAML::Node& node) {
    if (!node.IsMap()) yaml_.fail(node, "verify", "expected a mapping of dtype -> tolerance");
    if (node["skip"]) {  // the whole op is unverifiable, with a stated reason
      yaml_.reject_unknown_keys(node, "verify", {"skip"});
      Tolerance skip{Tolerance::Mode::skip, 0, 0, yaml_.scalar(node["skip"], "verify.skip")};
      for (DType dtype : kAllDTypes)
        spec_.tolerances[dtype] = skip;
      return;
    }
    for (const auto& entry : node) {
      std::string key = entry.first.as<std::string>();
      auto dtype = parse_dtype(key);
      if (!dtype) yaml_.fail(entry.first, "verify." + key, "unknown dtype");
      spec_.tolerances[*dtype] = parse_tolerance(entry.second, "verify." + key);
    }
    for (DType dtype : spec_.dtypes)
      if (!spec_.tolerances.count(dtype)) yaml_.fail(node, "verify", "no tolerance for default dtype " + dtype_name(dtype));
  }

  void parse_metrics(const YAML::Node& node) {
    if (!node || node.IsNull()) return;
    yaml_.reject_unknown_keys(node, "metrics", {"flops", "bytes", "peak"});
    if (node["flops"]) spec_.flops = expression(node["flops"], "metrics.flops", shape_symbols());
    if (node["bytes"]) spec_.bytes = expression(node["bytes"], "metrics.bytes", shape_symbols());
    if (node["peak"]) {
      spec_.tensor_peak = yaml_.scalar(node["peak"], "metrics.peak") == "tensor";
      if (!spec_.tensor_peak && node["peak"].as<std::string>() != "simt")
        yaml_.fail(node["peak"], "metrics.peak", "expected simt or tensor");
    }
  }

  fs::path file_;
  YamlReader yaml_;
  OpSpec spec_;
};

}  // namespace

OpSpec load_op_spec(const fs::path& file) {
  if (!fs::is_regular_file(file)) throw InputError(file.string() + ": op spec not found");
  try {
    return OpSpecParser(file).parse();
  } catch (const YAML::Exception& error) {  // a value of the wrong kind met while reading one
    const std::string where = error.mark.is_null() ? file.string()
                              : fmt::format("{}:{}:{}", file.string(), error.mark.line + 1, error.mark.column + 1);
    throw InputError(fmt::format("{}: {}", where, error.msg));
  }
}

OpSpec find_op_spec(const fs::path& ops_dir, const std::string& name) {
  if (!is_plain_name(name))
    throw InputError("--op '" + name + "': an op name is letters, digits, '_', '.' and '-' (it names a folder)");
  fs::path file = ops_dir / name / "op.yaml";
  if (!fs::is_regular_file(file)) {
    std::vector<std::string> known;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(ops_dir, ec))
      if (fs::is_regular_file(entry.path() / "op.yaml")) known.push_back(entry.path().filename().string());
    std::sort(known.begin(), known.end());
    std::string suggestion;
    if (auto closest = closest_name(name, known)) suggestion = fmt::format(" (did you mean '{}'?)", *closest);
    throw InputError(fmt::format("unknown op '{}'{}: no {} (ops in {}: {})", name, suggestion, file.string(),
                                 ops_dir.string(), known.empty() ? "none" : fmt::format("{}", fmt::join(known, ", "))));
  }
  OpSpec spec = load_op_spec(file);
  if (spec.name != name)
    throw InputError(located(file.string(), 0, "op", "names '" + spec.name + "' but the folder is '" + name + "'"));
  return spec;
}

}  // namespace abt
