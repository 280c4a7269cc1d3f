#include "opspec/content_address.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "util/errors.h"
#include "util/files.h"
#include "util/parallel.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

bool is_sha256_name(const std::string& name) {
  return name.size() == 64 && name.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

void ContentAddresses::remember_in(std::optional<fs::path> memo_dir) {
  std::lock_guard<std::mutex> hold(lock_);
  memo_dir_ = std::move(memo_dir);
}

std::optional<ContentAddresses::Stamp> ContentAddresses::remembered(const std::string& key) const {
  {
    std::lock_guard<std::mutex> hold(lock_);
    if (auto found = checked_.find(key); found != checked_.end()) return found->second;
    if (!memo_dir_) return std::nullopt;
  }
  const auto text = read_file_if_present(*memo_dir_ / sha256_hex(key));
  if (!text) return std::nullopt;
  std::istringstream fields(*text);
  Stamp stamp;
  if (!(fields >> stamp.sha256 >> stamp.size >> stamp.mtime_ns >> stamp.device >> stamp.inode)) return std::nullopt;
  return stamp;
}

void ContentAddresses::remember(const std::string& key, const Stamp& stamp) {
  std::optional<fs::path> memo_dir;
  {
    std::lock_guard<std::mutex> hold(lock_);
    checked_[key] = stamp;
    memo_dir = memo_dir_;
  }
  if (!memo_dir) return;
  try {  // a memo that cannot be written costs a hash next time, nothing more
    fs::create_directories(*memo_dir);
    write_file_atomically(*memo_dir / sha256_hex(key), fmt::format("{} {} {} {} {}\n", stamp.sha256, stamp.size, stamp.mtime_ns,
                                                                   stamp.device, stamp.inode));
  } catch (const std::exception&) {
  }
}

void ContentAddresses::check(const fs::path& file) {
  const std::string name = file.stem().string();
  if (!is_sha256_name(name) || file.extension() != ".bin")
    throw InputError(fmt::format("{}: a stored tensor is named <sha256 of its bytes>.bin", file.string()));
  struct stat status {};
  if (::stat(file.c_str(), &status) != 0) throw InputError(fmt::format("{}: cannot be read: {}", file.string(), std::strerror(errno)));
  Stamp stamp{name, (unsigned long long)status.st_size,
              (unsigned long long)status.st_mtim.tv_sec * 1000000000ull + (unsigned long long)status.st_mtim.tv_nsec,
              (unsigned long long)status.st_dev, (unsigned long long)status.st_ino};
  const std::string key = fs::absolute(file).lexically_normal().string();
  if (remembered(key) == stamp) {
    std::lock_guard<std::mutex> hold(lock_);
    checked_[key] = stamp;
    return;
  }
  std::string digest;
  try {
    digest = sha256_of_file(file.string());
  } catch (const std::runtime_error& error) {
    throw InputError(error.what());
  }
  if (digest != name)
    throw InputError(fmt::format("{}: its bytes hash to {}, not to its name: the capture is damaged (the file was changed "
                                 "after it was captured)",
                                 file.string(), digest));
  {
    std::lock_guard<std::mutex> hold(lock_);
    ++hashed_;
  }
  remember(key, stamp);
}

void ContentAddresses::check_all(const std::vector<fs::path>& files) {
  for_each_index(files.size(), [&](size_t i) { check(files[i]); });
}

size_t ContentAddresses::hashed() const {
  std::lock_guard<std::mutex> hold(lock_);
  return hashed_;
}

ContentAddresses& content_addresses() {
  static ContentAddresses addresses;
  return addresses;
}

}  // namespace abt
