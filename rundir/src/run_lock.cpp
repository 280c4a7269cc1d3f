#include "rundir/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "rundir/layout.h"
#include "util/errors.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// Written over the old pid, then cut to its length: the file is never empty while a reader looks.
void write_pid(int fd) {
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size()) || ::ftruncate(fd, off_t(pid.size())) != 0)
    throw std::runtime_error(std::string("cannot write the run's lock file: ") + std::strerror(errno));
}

// The holder writes its pid just after it takes the lock (a new run's file is empty until then):
// read again for up to 200 ms before saying it is not known.
std::string holder_pid(int fd) {
  for (int attempt = 0; attempt < 40; ++attempt) {
    char text[32] = {};
    const ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
    std::string pid(text, got > 0 ? size_t(got) : 0);
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    if (!pid.empty()) return pid;
    ::usleep(5000);
  }
  return "?";
}

}  // namespace

std::optional<std::string> run_writer(const fs::path& dir) {
  const int fd = ::open(RunLayout(dir).lock().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;  // no lock file (a run older than it), or a link: nobody holds it
  std::optional<std::string> writer;
  if (::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK) writer = holder_pid(fd);
  ::close(fd);  // a shared lock taken just now goes with it
  return writer;
}

RunLock claim_new_directory(const fs::path& dir) {
  const std::string where = "--out " + dir.string();
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError(where + ": cannot create it: " + error.message());
  if (!fs::is_directory(dir)) throw InputError(where + ": exists and is not a directory");
  const fs::path lock = RunLayout(dir).lock();
  const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST)
    throw InputError(where + ": exists and is not empty; abtool never overwrites a run (give another --out, or "
                       "leave --out out for a fresh runs/<op>_<timestamp>)");
  if (fd < 0) throw InputError(where + ": cannot write in it: " + std::strerror(errno));
  RunLock held(fd);
  // Nobody else can hold it yet: the file was made just now.
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) throw InputError(where + ": cannot lock " + lock.string() + ": " + std::strerror(errno));
  write_pid(fd);
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename() != lock.filename()) {
      fs::remove(lock);
      throw InputError(where + ": exists and is not empty; abtool never overwrites a run (give another --out, or "
                       "leave --out out for a fresh runs/<op>_<timestamp>)");
    }
  return held;
}

RunLock::RunLock(const fs::path& dir) {
  const fs::path lock = RunLayout(dir).lock();
  fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd_ < 0 && errno == ELOOP) throw InputError(lock.string() + ": a link; a run's lock file must be a plain file");
  if (fd_ < 0) throw InputError(dir.string() + ": cannot open its lock file: " + std::strerror(errno));
  struct stat status {};
  // A second name of another file (a hard link) would have that file's contents replaced by a pid.
  if (::fstat(fd_, &status) != 0 || !S_ISREG(status.st_mode) || status.st_nlink != 1) {
    ::close(fd_);
    throw InputError(lock.string() + ": not a plain file of its own (a link?); a run's lock file must be one");
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const std::string pid = holder_pid(fd_);
    ::close(fd_);
    throw InputError(dir.string() + ": another abtool (pid " + pid + ") is writing this run (" + lock.string() + ")");
  }
}

void RunLock::claim() { write_pid(fd_); }

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the flock
}

}  // namespace abt
