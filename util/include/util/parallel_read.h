// Big files read at the speed of the page cache and the disk, not of one core's copying: a file
// is read into its destination in slices, each by a thread of its own.
#pragma once
#include <cstddef>
#include <filesystem>

namespace abt {

// Reads the whole of `file`, which must hold exactly `bytes` bytes, into `destination`. Throws
// InputError naming the file when it cannot be read or holds another number of bytes.
void read_file_into(const std::filesystem::path& file, size_t bytes, std::byte* destination);

}  // namespace abt
