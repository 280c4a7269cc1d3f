#include "opspec/captured_cases.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <cmath>

#include "opspec/constexpr_literal.h"
#include "opspec/shape_set.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

fs::path inside(const fs::path& root, const std::string& relative, const std::string& where) {
  const fs::path path(relative);
  bool climbs = path.is_absolute() || relative.empty();
  for (const auto& part : path) climbs |= part == "..";
  if (climbs) throw InputError(fmt::format("{}: '{}' is not a path inside the capture directory", where, relative));
  return (root / path).lexically_normal();
}

std::string value_text(const nlohmann::json& value) {
  if (value.is_null()) return "None";
  if (value.is_boolean()) return value.get<bool>() ? "True" : "False";
  if (value.is_string()) return value.get<std::string>();
  return value.dump();
}

GeneratedInput generated_input(const nlohmann::json& node, const std::string& where) {
  if (!node.is_object() || node.value("dist", "") != "uniform")
    throw InputError(where + ": expected {dist: uniform, low, high}");
  GeneratedInput generated{node.at("low").get<double>(), node.at("high").get<double>()};
  if (!std::isfinite(generated.low) || !std::isfinite(generated.high) || generated.low > generated.high)
    throw InputError(fmt::format("{}: [{}, {}] is not a range of finite values", where, generated.low, generated.high));
  return generated;
}

SharedSpan shared_span(const nlohmann::json& node, const std::string& where) {
  SharedSpan shared{node.at("holder").get<std::string>(), node.at("offset_bytes").get<long long>(),
                    node.at("span_bytes").get<long long>()};
  if (shared.span_bytes <= 0 || shared.offset_bytes < 0 || shared.offset_bytes >= shared.span_bytes)
    throw InputError(fmt::format("{}: offset {} in a span of {} bytes is not inside it", where, shared.offset_bytes, shared.span_bytes));
  return shared;
}

// A member's holder is an argument of the case that holds a span of the same size; only the
// holder has bytes of the span.
void check_shared_spans(const CapturedCase& captured, const std::string& where) {
  for (const auto& [name, arg] : captured.args) {
    if (!arg.shared) continue;
    const std::string field = where + ": args." + name + ".shared";
    auto holder = captured.args.find(arg.shared->holder);
    if (holder == captured.args.end() || !holder->second.shared || holder->second.shared->holder != arg.shared->holder ||
        holder->second.shared->span_bytes != arg.shared->span_bytes)
      throw InputError(fmt::format("{}: holder '{}' is not an argument holding a span of {} bytes", field, arg.shared->holder,
                                   arg.shared->span_bytes));
    if (arg.in_other_span(name) && (arg.input || arg.output || arg.generated))
      throw InputError(fmt::format("{}: a member of {}'s span with bytes of its own", field, arg.shared->holder));
  }
}

// A value's text as the JSON value_text reads it back from.
nlohmann::json value_json(const std::string& text) {
  if (text == "None") return nullptr;
  if (text == "True" || text == "False") return text == "True";
  nlohmann::json number = nlohmann::json::parse(text, nullptr, false);
  if (number.is_number() && value_text(number) == text) return number;
  return text;
}

std::string relative_to(const fs::path& path, const fs::path& root) {
  return (path.is_absolute() ? path.lexically_relative(root) : path).generic_string();
}

nlohmann::json case_json(const CapturedCase& captured, const fs::path& root) {
  nlohmann::json args = nlohmann::json::object();
  for (const auto& [name, arg] : captured.args) {
    nlohmann::json value = nlohmann::json::object();
    if (arg.input) value["input"] = relative_to(*arg.input, root);
    if (arg.generated) value["generated"] = {{"dist", "uniform"}, {"low", arg.generated->low}, {"high", arg.generated->high}};
    if (arg.output) value["output"] = relative_to(*arg.output, root);
    if (arg.value) value["value"] = value_json(*arg.value);
    if (arg.shared)
      value["shared"] = {{"holder", arg.shared->holder}, {"offset_bytes", arg.shared->offset_bytes}, {"span_bytes", arg.shared->span_bytes}};
    args[name] = std::move(value);
  }
  nlohmann::json grids = nlohmann::json::object();
  for (const auto& [config, grid] : captured.grids) grids[config] = grid;
  nlohmann::json entry{{"args", args},
                       {"grids", grids},
                       {"library_choice", captured.library_choice ? nlohmann::json(*captured.library_choice) : nlohmann::json()},
                       {"launches", captured.launches},
                       {"equal_one", captured.equal_one},
                       {"divisible", captured.divisible}};
  if (captured.reference_from_baseline) entry["reference"] = "baseline";
  if (captured.library_margin_pct) entry["library_margin_pct"] = *captured.library_margin_pct;
  return entry;
}

}  // namespace

std::string encode_captured_cases(const std::map<std::string, CapturedCase>& by_point, const fs::path& root) {
  nlohmann::json cases = nlohmann::json::object();
  for (const auto& [id, captured] : by_point) cases[id] = case_json(captured, root);
  return nlohmann::json{{"schema", kCaseFormat}, {"cases", cases}}.dump(1) + "\n";
}

const CapturedCase& CapturedCases::at(const Point& point) const {
  auto found = by_point.find(point.id());
  if (found == by_point.end())
    throw InputError(fmt::format("{}: point {} was not captured (only the shapes of the capture's shapes.yaml were)",
                                 file.string(), point.id()));
  return found->second;
}

CapturedCases load_captured_cases(const fs::path& file, const fs::path& root) {
  CapturedCases cases;
  cases.file = file;
  cases.root = root;
  std::error_code size_error;
  if (const uintmax_t bytes = fs::file_size(file, size_error); !size_error && bytes > kMaxCasesBytes)
    throw InputError(fmt::format("{}: {:.0f} MB, more than the {} MB of specializations abtool reads for one op (decoded, "
                                 "its cases take some 14 times their size in memory): capture a narrower workload",
                                 file.string(), double(bytes) / 1e6, kMaxCasesBytes >> 20));
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(read_text_file(file));
  } catch (const nlohmann::json::exception& error) {
    throw InputError(fmt::format("{}: not valid JSON ({})", file.string(), error.what()));
  }
  if (!json.is_object())  // value() and at() on anything else would say only "cannot use value() with array"
    throw InputError(fmt::format("{}: expected a JSON object with \"schema\" and \"cases\", got {}", file.string(),
                                 json.type_name()));
  if (!json.contains("cases") || !json.at("cases").is_object())
    throw InputError(fmt::format("{}: cases: expected an object of point id -> case", file.string()));
  std::string where = file.string();
  try {
    const std::string schema = json.value("schema", "");
    if (schema != kCaseFormat && schema != kCaseFormatV2 && schema != kCaseFormatV1)
      throw InputError(fmt::format("{}: schema: expected {} (or {}, {})", file.string(), kCaseFormat, kCaseFormatV2, kCaseFormatV1));
    for (const auto& [id, entry] : json.at("cases").items()) {
      where = fmt::format("{}: case {}", file.string(), id);
      if (!entry.is_object() || !entry.contains("args") || !entry.at("args").is_object() || !entry.contains("grids") ||
          !entry.at("grids").is_object())
        throw InputError(where + ": expected an object with args and grids (objects)");
      CapturedCase captured;
      for (const auto& [name, arg] : entry.at("args").items()) {
        CapturedArg value;
        if (arg.contains("input")) value.input = inside(root, arg.at("input").get<std::string>(), where + ": args." + name);
        if (arg.contains("output")) value.output = inside(root, arg.at("output").get<std::string>(), where + ": args." + name);
        if (arg.contains("value")) {
          value.value = value_text(arg.at("value"));
          if (arg.at("value").is_string())
            if (auto problem = constexpr_literal_problem(*value.value))
              throw InputError(fmt::format("{}: args.{}.value: {}", where, name, *problem));
        }
        if (arg.contains("generated")) value.generated = generated_input(arg.at("generated"), where + ": args." + name + ".generated");
        if (value.input && value.generated) throw InputError(where + ": args." + name + ": both a stored and a generated input");
        if (arg.contains("shared")) value.shared = shared_span(arg.at("shared"), where + ": args." + name + ".shared");
        captured.args[name] = std::move(value);
      }
      check_shared_spans(captured, where);
      for (const auto& [config, grid] : entry.at("grids").items()) {
        std::array<long long, 3> dims{1, 1, 1};
        if (!grid.is_array() || grid.empty() || grid.size() > 3) throw InputError(where + ": grids: expected 1 to 3 extents");
        for (size_t i = 0; i < grid.size(); ++i) {
          dims[i] = grid[i].get<long long>();
          if (dims[i] <= 0) throw InputError(fmt::format("{}: grids: {} is not a positive extent", where, dims[i]));
        }
        captured.grids[config] = dims;
      }
      for (const char* field : {"equal_one", "divisible"})
        if (entry.contains(field))
          for (const auto& name : entry.at(field)) {
            const std::string text = name.get<std::string>();
            if (!captured.args.count(text))
              throw InputError(fmt::format("{}: {}: '{}' is not an argument of the case", where, field, text));
            (std::string(field) == "equal_one" ? captured.equal_one : captured.divisible).insert(text);
          }
      if (entry.contains("library_choice") && !entry.at("library_choice").is_null())
        captured.library_choice = entry.at("library_choice").get<std::string>();
      if (entry.contains("library_margin_pct") && !entry.at("library_margin_pct").is_null())
        captured.library_margin_pct = entry.at("library_margin_pct").get<double>();
      captured.launches = entry.value("launches", 0LL);
      if (entry.contains("reference")) {
        if (entry.at("reference") != "baseline")
          throw InputError(fmt::format("{}: reference: expected \"baseline\" (A's output), got {}", where, entry.at("reference").dump()));
        captured.reference_from_baseline = true;
      }
      cases.by_point[id] = std::move(captured);
    }
  } catch (const nlohmann::json::exception& error) {  // a field of the wrong kind: where, and what JSON said
    std::string reason = error.what();
    if (reason.rfind("[json.exception.", 0) == 0 && reason.find("] ") != std::string::npos)
      reason = reason.substr(reason.find("] ") + 2);
    throw InputError(fmt::format("{}: a field of the wrong kind ({})", where, reason));
  }
  return cases;
}

}  // namespace abt
