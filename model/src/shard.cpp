#include "model/shard.h"

#include <regex>

namespace abt {
namespace {

std::optional<Shard> parse_counted_from(const std::string& text, int first) {
  static const std::regex form(R"(([0-9]{1,6})/([0-9]{1,6}))");
  std::smatch match;
  if (!std::regex_match(text, match, form)) return std::nullopt;
  Shard shard{std::stoi(match[1]) - first, std::stoi(match[2])};
  if (shard.count < 1 || shard.count > 100000 || shard.index < 0 || shard.index >= shard.count) return std::nullopt;
  return shard;
}

}  // namespace

std::optional<Shard> Shard::parse(const std::string& text) { return parse_counted_from(text, 1); }

std::optional<Shard> Shard::parse_from_zero(const std::string& text) { return parse_counted_from(text, 0); }

}  // namespace abt
