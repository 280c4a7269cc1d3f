#include "launch/guard_bytes.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace abt {
namespace {

std::byte pattern_byte(size_t index) {
  uint32_t word = kGuardWord;
  std::byte bytes[4];
  std::memcpy(bytes, &word, 4);  // in memory order: the host and a device (both little-endian) hold the same bytes
  return bytes[index % 4];
}

}  // namespace

void fill_guard(std::byte* guard, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i) guard[i] = pattern_byte(i);
}

std::optional<GuardChange> changed_guard(const std::byte* guard, size_t bytes, GuardSide side) {
  GuardChange change;
  bool any = false;
  for (size_t i = 0; i < bytes; ++i) {
    if (guard[i] == pattern_byte(i)) continue;
    const size_t distance = side == GuardSide::after ? i : bytes - 1 - i;
    change.nearest = any ? std::min(change.nearest, distance) : distance;
    any = true;
    ++change.changed;
  }
  if (!any) return std::nullopt;
  return change;
}

std::string guard_breach_text(const std::string& arg, GuardSide side, const GuardChange& change, size_t guard_bytes) {
  const bool after = side == GuardSide::after;
  return fmt::format("args.{}: the kernel wrote {} its {} ({} of the {} guard bytes {} it changed, the nearest {} bytes {} it)",
                     arg, after ? "past" : "before", after ? "end" : "start", change.changed, guard_bytes,
                     after ? "after" : "before", change.nearest, after ? "past" : "before");
}

}  // namespace abt
