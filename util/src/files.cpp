#include "util/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "util/environment.h"
#include "util/errors.h"

namespace abt {

std::optional<std::string> read_file_if_present(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string read_text_file(const std::filesystem::path& path) {
  auto text = read_file_if_present(path);
  if (!text) throw InputError(path.string() + ": cannot be read");
  return *text;
}

bool is_plain_name(std::string_view name) {
  if (name.empty() || name.front() == '.' || name.size() > 255) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') return false;
  return true;
}

void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  auto temporary = path;
  temporary += ".tmp" + std::to_string(::getpid());
  // POSIX calls, not a stream: a full disk must be reported with the OS's reason, and the
  // partial temporary removed, so the previous file stays the last good one.
  auto fail = [&](const char* what) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw StorageError("cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(error));
  };
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("write");
  for (size_t written = 0; written < content.size();) {
    const ssize_t count = ::write(fd, content.data() + written, content.size() - written);
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      const int error = errno;
      ::close(fd);
      errno = count == 0 ? ENOSPC : error;
      fail("write");
    }
    written += size_t(count);
  }
  if (::close(fd) != 0) fail("write");
  if (::rename(temporary.c_str(), path.c_str()) != 0) fail("replace");
}

TempDir::TempDir(const std::string& prefix) {
  std::string pattern = (environment().temp_dir / (prefix + "XXXXXX")).string();
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!::mkdtemp(buffer.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
  path_ = buffer.data();
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace abt
