#include "util/parallel_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "util/errors.h"
#include "util/parallel.h"

namespace abt {
namespace {

// A descriptor closed on every way out.
class ReadOnlyFile {
 public:
  explicit ReadOnlyFile(const std::filesystem::path& file) : fd_(::open(file.c_str(), O_RDONLY | O_CLOEXEC)) {
    if (fd_ < 0) throw InputError(fmt::format("{}: cannot be read: {}", file.string(), std::strerror(errno)));
  }
  ~ReadOnlyFile() { ::close(fd_); }
  ReadOnlyFile(const ReadOnlyFile&) = delete;
  ReadOnlyFile& operator=(const ReadOnlyFile&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

void read_file_into(const std::filesystem::path& file, size_t bytes, std::byte* destination) {
  ReadOnlyFile open(file);
  struct stat status {};
  if (::fstat(open.fd(), &status) != 0) throw InputError(fmt::format("{}: cannot be read: {}", file.string(), std::strerror(errno)));
  if (!S_ISREG(status.st_mode)) throw InputError(file.string() + ": not a regular file");
  if (size_t(status.st_size) != bytes)
    throw InputError(fmt::format("{}: holds {} bytes, {} were expected", file.string(), status.st_size, bytes));
  // Slices of 16 MiB: a thread each, as threads come free.
  constexpr size_t kSlice = size_t(16) << 20;
  for_each_index((bytes + kSlice - 1) / kSlice, [&](size_t slice) {
    size_t offset = slice * kSlice;
    const size_t end = std::min(bytes, offset + kSlice);
    while (offset < end) {
      const ssize_t got = ::pread(open.fd(), destination + offset, end - offset, off_t(offset));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) throw InputError(fmt::format("{}: cannot be read: {}", file.string(), std::strerror(errno)));
      if (got == 0) throw InputError(fmt::format("{}: ended at {} bytes while it was read ({} expected)", file.string(), offset, bytes));
      offset += size_t(got);
    }
  });
}

}  // namespace abt
