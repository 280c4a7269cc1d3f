// Guard regions around a point's buffers. A kernel that writes past a buffer's end (a missing
// mask, a tile rounded up) or before its start corrupts memory nobody reads: its outputs can still
// verify. Guard bytes of a known pattern on both sides of every buffer, written before the gate's
// run and read after it, turn that write into a verification failure naming the buffer.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace abt {

constexpr size_t kGuardBytes = 4096;            // on each side: a tile of 1024 fp32 past the end is seen
constexpr uint32_t kGuardWord = 0xa55ac33cu;    // repeated; its bytes differ, so a memset of any byte changes some

enum class GuardSide { before, after };

// Fills `bytes` with the pattern (the word's bytes in memory order, from the region's start).
void fill_guard(std::byte* guard, size_t bytes);

// The bytes of a guard region that no longer hold the pattern: how many, and the first one's
// distance from the buffer (0 = the byte just past its end, or just before its start).
struct GuardChange {
  size_t changed = 0;
  size_t nearest = 0;
};
std::optional<GuardChange> changed_guard(const std::byte* guard, size_t bytes, GuardSide side);

// "args.y: the kernel wrote past its end (12 of the 4096 guard bytes after it changed, the nearest 0 bytes past it)"
std::string guard_breach_text(const std::string& arg, GuardSide side, const GuardChange& change, size_t guard_bytes);

}  // namespace abt
