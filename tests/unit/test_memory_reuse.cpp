#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include "util/memory_reuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace abt {
namespace {

#if defined(__GLIBC__)
// A diff's table of a few hundred KB: from the heap, not a mapping of its own, and once freed
// still the process's, for the next point's table (no fresh pages, no page faults).
TEST(MemoryReuse, FreedBlocksStayInTheProcess) {
  keep_freed_memory();
  constexpr size_t kBlock = 4 << 20;
  const struct mallinfo2 before = mallinfo2();
  void* block = std::malloc(kBlock);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBlock);
  EXPECT_EQ(mallinfo2().hblkhd, before.hblkhd) << "a 4 MB block was mapped on its own";
  std::free(block);
  EXPECT_GE(mallinfo2().fordblks, kBlock) << "the freed block went back to the system";
}
#else
TEST(MemoryReuse, FreedBlocksStayInTheProcess) { GTEST_SKIP() << "glibc's allocator only"; }
#endif

}  // namespace
}  // namespace abt
