#include "model/shard.h"

#include <regex>

namespace abt {

std::optional<Shard> Shard::parse(const std::string& text) {
  static const std::regex form(R"(([0-9]{1,6})/([0-9]{1,6}))");
  std::smatch match;
  if (!std::regex_match(text, match, form)) return std::nullopt;
  Shard shard{std::stoi(match[1]), std::stoi(match[2])};
  if (shard.count < 1 || shard.count > 100000 || shard.index >= shard.count) return std::nullopt;
  return shard;
}

}  // namespace abt
