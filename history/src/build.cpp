#include "history/build.h"

#include <fmt/format.h>

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
      fields.tm_sec > 60)
    return std::nullopt;
  return OrderKey{OrderKind::time, double(timegm(&fields)), given};
}

std::string compiler_fingerprint_digest(const CompilerFingerprint& compiler) {
  return sha256_hex(compiler.to_json().dump());
}

std::string default_build_label(const CompilerFingerprint& compiler, const std::string& digest) {
  std::string version = compiler.version.substr(0, compiler.version.find('\n'));
  if (version.size() > 40) version = version.substr(0, 40);
  return fmt::format("{} {} @{}", spelling(compiler.backend), version, digest.substr(0, 8));
}

}  // namespace abt
