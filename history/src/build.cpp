#include "history/build.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>

#include <cctype>
#include <charconv>
#include <ctime>
#include <regex>

#include "util/sha256.h"

namespace abt {

std::optional<OrderKey> parse_order_key(std::string_view text) {
  const std::string given(text);
  double number = 0;
  const auto [end, error] = std::from_chars(given.data(), given.data() + given.size(), number);
  if (error == std::errc() && end == given.data() + given.size() && std::isfinite(number))
    return OrderKey{OrderKind::number, number, given};
  static const std::regex time(R"((\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?)");
  std::smatch parts;
  if (!std::regex_match(given, parts, time)) return std::nullopt;
  std::tm fields{};
  fields.tm_year = std::stoi(parts[1]) - 1900;
  fields.tm_mon = std::stoi(parts[2]) - 1;
  fields.tm_mday = std::stoi(parts[3]);
  fields.tm_hour = parts[4].matched ? std::stoi(parts[4]) : 0;
  fields.tm_min = parts[5].matched ? std::stoi(parts[5]) : 0;
  fields.tm_sec = parts[6].matched ? std::stoi(parts[6]) : 0;
  if (fields.tm_mon > 11 || fields.tm_mday < 1 || fields.tm_mday > 31 || fields.tm_hour > 23 || fields.tm_min > 59 ||
      fields.tm_sec > 59)
    return std::nullopt;
  const std::tm asked = fields;
  const time_t seconds = timegm(&fields);
  // timegm carries a day past its month's end into the next month (2026-02-31 is March 3): refused.
  if (fields.tm_mday != asked.tm_mday || fields.tm_mon != asked.tm_mon || fields.tm_year != asked.tm_year) return std::nullopt;
  return OrderKey{OrderKind::time, double(seconds), given};
}

std::optional<std::string> label_problem(std::string_view label) {
  if (label.empty()) return "it is empty";
  if (label.size() > kMaxLabelLength) return fmt::format("it is {} characters long, more than {}", label.size(), kMaxLabelLength);
  for (unsigned char ch : label)
    if (ch < 0x20 || ch == 0x7f) return "it holds a control character (a newline, a tab)";
  return std::nullopt;
}

std::string compiler_fingerprint_digest(const CompilerFingerprint& compiler) {
  return sha256_hex(compiler.to_json().dump());
}

std::string default_build_label(const CompilerFingerprint& compiler, const std::string& digest) {
  std::string version = compiler.version.substr(0, compiler.version.find('\n'));
  if (version.size() > 40) version = version.substr(0, 40);
  return fmt::format("{} {} @{}", spelling(compiler.backend), version, digest.substr(0, 8));
}

std::string compiler_text(const std::string& compiler_json) {
  const nlohmann::json compiler = nlohmann::json::parse(compiler_json, nullptr, false);
  if (!compiler.is_object()) return "";
  auto text = [&](const char* key) { return compiler.contains(key) && compiler[key].is_string() ? compiler[key].get<std::string>() : ""; };
  std::string version = text("version");
  version = version.substr(0, version.find('\n'));
  std::vector<std::string> parts;
  for (const std::string& part : {text("backend") + (version.empty() ? "" : " " + version), text("path")})
    if (!part.empty()) parts.push_back(part);
  std::string flags;
  if (compiler.contains("flags") && compiler["flags"].is_array())
    for (const auto& flag : compiler["flags"])
      if (flag.is_string()) flags += (flags.empty() ? "" : " ") + flag.get<std::string>();
  if (!flags.empty()) parts.push_back(flags);
  std::string env;
  if (compiler.contains("env") && compiler["env"].is_object())
    for (const auto& [key, value] : compiler["env"].items())
      if (value.is_string()) env += (env.empty() ? "" : " ") + key + "=" + value.get<std::string>();
  if (!env.empty()) parts.push_back(env);
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace abt
