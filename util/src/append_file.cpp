#include "util/append_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "util/errors.h"

namespace abt {
namespace {

[[noreturn]] void fail(const char* what, const std::filesystem::path& path, int error) {
  throw StorageError("cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(error));
}

}  // namespace

AppendFile::AppendFile(const std::filesystem::path& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) {
    const int error = errno;
    if (error == ELOOP) throw InputError(path.string() + ": is a symbolic link; abtool does not write through links");
    fail("open", path, error);
  }
  struct stat info {};
  if (::fstat(fd_, &info) != 0) {
    const int error = errno;
    ::close(fd_);
    fail("read the size of", path, error);
  }
  size_ = uint64_t(info.st_size);
}

AppendFile::AppendFile(AppendFile&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_), size_(other.size_) {
  other.fd_ = -1;
}

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

namespace {

// All of `bytes` at `offset`, or the errno of the write that failed (0: done).
int write_all_at(int fd, std::string_view bytes, uint64_t offset) {
  for (size_t written = 0; written < bytes.size();) {
    const ssize_t count = ::pwrite(fd, bytes.data() + written, bytes.size() - written, off_t(offset + written));
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) return count == 0 ? ENOSPC : errno;
    written += size_t(count);
  }
  return 0;
}

}  // namespace

void AppendFile::append(std::string_view bytes) {
  if (const int error = write_all_at(fd_, bytes, size_); error != 0) {
    // What did land is cut off again: the file ends where the last whole append ended.
    if (::ftruncate(fd_, off_t(size_)) != 0) {
    }
    fail("write", path_, error);
  }
  size_ += bytes.size();
}

void AppendFile::replace_end(uint64_t from, std::string_view bytes) {
  std::string previous(size_t(size_ - from), '\0');
  if (!previous.empty() && ::pread(fd_, previous.data(), previous.size(), off_t(from)) != ssize_t(previous.size()))
    fail("read the end of", path_, errno);
  if (const int error = write_all_at(fd_, bytes, from); error != 0) {
    if (write_all_at(fd_, previous, from) == 0 && ::ftruncate(fd_, off_t(size_)) != 0) {
    }
    fail("write", path_, error);
  }
  if (from + bytes.size() < size_ && ::ftruncate(fd_, off_t(from + bytes.size())) != 0) fail("truncate", path_, errno);
  size_ = from + bytes.size();
}

void AppendFile::truncate(uint64_t size) {
  if (::ftruncate(fd_, off_t(size)) != 0) fail("truncate", path_, errno);
  size_ = size;
}

}  // namespace abt
