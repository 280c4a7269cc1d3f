#include "util/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
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

PlaceWithin place_within(const std::filesystem::path& dir, const std::filesystem::path& relative) {
  namespace fs = std::filesystem;
  if (relative.empty() || relative.is_absolute()) return PlaceWithin::link_or_outside;
  fs::path at = dir;
  for (const fs::path& part : relative) {
    if (part == ".." || part == "." || part.empty()) return PlaceWithin::link_or_outside;
    at /= part;
    std::error_code error;
    const fs::file_status status = fs::symlink_status(at, error);
    if (fs::is_symlink(status)) return PlaceWithin::link_or_outside;
    if (!fs::exists(status)) return PlaceWithin::missing;
  }
  std::error_code error;
  return fs::is_regular_file(fs::symlink_status(at, error)) ? PlaceWithin::file : PlaceWithin::link_or_outside;
}

std::optional<std::string> read_file_within(const std::filesystem::path& dir, const std::filesystem::path& relative) {
  if (place_within(dir, relative) != PlaceWithin::file) return std::nullopt;
  const std::filesystem::path at = dir / relative;
  struct OpenFile {  // closed however the read ends
    int fd;
    ~OpenFile() {
      if (fd >= 0) ::close(fd);
    }
  };
  const OpenFile file{::open(at.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)};
  struct stat info {};
  if (file.fd < 0 || ::fstat(file.fd, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  std::string text;
  char buffer[1 << 16];
  for (ssize_t got; (got = ::read(file.fd, buffer, sizeof buffer)) > 0;) text.append(buffer, size_t(got));
  return text;
}

std::string read_text_file(const std::filesystem::path& path) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  // An ifstream opens a folder and reads it as empty: say what the path is, not what its "text" lacks.
  if (std::filesystem::is_directory(status)) throw InputError(path.string() + ": is a folder, not a file");
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int reason = errno;
    throw InputError(fmt::format("{}: cannot be read ({})", path.string(),
                                 reason != 0 ? std::strerror(reason) : "no such file"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path.string() + ": cannot be read (a read error)");
  return text.str();
}

bool is_plain_name(std::string_view name) {
  if (name.empty() || name.front() == '.' || name.size() > 255) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' && c != '-') return false;
  return true;
}

void refuse_output_inside(const std::filesystem::path& out, const std::vector<std::filesystem::path>& inputs,
                          std::string_view option) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path target = fs::weakly_canonical(fs::absolute(out), error);
  if (error) return;  // unreadable: the write itself reports it
  for (const fs::path& input : inputs) {
    fs::path dir = fs::weakly_canonical(fs::absolute(input), error);
    if (error) continue;
    if (dir.filename().empty()) dir = dir.parent_path();  // "A/": no empty last component
    // Inside when `dir` is a prefix of `target`, component by component.
    if (std::mismatch(dir.begin(), dir.end(), target.begin(), target.end()).first == dir.end())
      throw InputError(fmt::format("{} {}: {} {}, which this command reads; write it elsewhere", option, out.string(),
                                   target == dir ? "is" : "is inside", input.string()));
  }
}

void check_output_file(const std::filesystem::path& out, std::string_view option) {
  namespace fs = std::filesystem;
  if (out.empty()) throw InputError(fmt::format("{}: give a file to write", option));
  std::error_code error;
  if (fs::is_directory(out, error)) throw InputError(fmt::format("{} {}: is a directory; give a file in it", option, out.string()));
  const fs::path folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, error))
    throw InputError(fmt::format("{} {}: there is no folder {}", option, out.string(), folder.string()));
  if (::access(folder.c_str(), W_OK) != 0)
    throw InputError(fmt::format("{} {}: cannot write in {}: {}", option, out.string(), folder.string(), std::strerror(errno)));
  // access() says yes to root everywhere, /proc and /sys included: a file made and removed there
  // is the real test (the output itself is written next to it, then renamed).
  const fs::path probe = folder / fmt::format(".abtool-probe-{}", ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    throw InputError(fmt::format("{} {}: cannot write in {}: {}", option, out.string(), folder.string(), std::strerror(errno)));
  ::close(fd);
  ::unlink(probe.c_str());
}

void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  // A temporary of this call's own: two threads of one process may write one file (the last
  // rename wins, whole), never into one temporary.
  static std::atomic<uint64_t> writes{0};
  auto temporary = path;
  temporary += ".tmp" + std::to_string(::getpid()) + "." + std::to_string(writes++);
  // POSIX calls, not a stream: a full disk must be reported with the OS's reason, and the
  // partial temporary removed, so the previous file stays the last good one.
  auto fail = [&](const char* what) {
    const int error = errno;
    ::unlink(temporary.c_str());
    throw StorageError("cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(error));
  };
  // Made new, never opened through a link (a run directory is shared: a link planted at the
  // temporary's name would have the content written where it points); one left by a killed
  // process of the same pid is removed first.
  constexpr int kNew = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
  int fd = ::open(temporary.c_str(), kNew, 0644);
  if (fd < 0 && errno == EEXIST && ::unlink(temporary.c_str()) == 0) fd = ::open(temporary.c_str(), kNew, 0644);
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

void copy_file_atomically(const std::filesystem::path& source, const std::filesystem::path& target) {
  const auto content = read_file_if_present(source);
  if (!content) throw std::runtime_error("cannot read " + source.string());
  write_file_atomically(target, *content);
}

void write_file_at(const std::filesystem::path& path, size_t offset, std::string_view content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  auto fail = [&] {
    const int error = errno;
    if (fd >= 0) ::close(fd);
    throw StorageError("cannot write " + path.string() + ": " + std::strerror(error));
  };
  if (fd < 0) fail();
  for (size_t written = 0; written < content.size();) {
    const ssize_t count = ::pwrite(fd, content.data() + written, content.size() - written, off_t(offset + written));
    if (count < 0 && errno == EINTR) continue;
    if (count <= 0) {
      if (count == 0) errno = ENOSPC;
      fail();
    }
    written += size_t(count);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    throw StorageError("cannot write " + path.string() + ": " + std::strerror(error));
  }
}

TempDir::TempDir(const std::string& prefix) {
  std::string pattern = (environment().temp_dir / (prefix + "XXXXXX")).string();
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (!::mkdtemp(buffer.data())) {  // the machine's, not abtool's: say the folder, where it came from, and why
    const int error = errno;
    const bool from_variable = std::getenv("TMPDIR") != nullptr;
    throw StorageError(fmt::format("cannot make a temporary folder in {} ({}): {}", environment().temp_dir.string(),
                                   from_variable ? "TMPDIR names it" : "the default; TMPDIR is not set", std::strerror(error)));
  }
  path_ = buffer.data();
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace abt
