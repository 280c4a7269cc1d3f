// The allocator told to keep what is freed, for work that allocates and frees the same sizes over
// and over (a diff's points, each some MB of tables).
#pragma once

namespace abt {

// By default glibc gives freed memory at the top of a heap back to the system, and serves blocks
// from 128 KB up by mmap: every new block is then fresh pages, a page fault each (half of
// `abtool diff`'s system time on 1,000 points). After this call, blocks up to 32 MB come from the
// heaps and freed memory stays there for the next one. A no-op without glibc.
void keep_freed_memory();

}  // namespace abt
