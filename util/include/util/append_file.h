// A file written only at its end, for the run's append-only files (results.json's point lines,
// the samples sidecar): each append costs what it writes, whatever the file holds already; or its
// last bytes replaced by more in one write (results.json's closing line, rewritten after each
// point). Opened without following a link; every failure is a StorageError with the OS's reason.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string_view>

namespace abt {

class AppendFile {
 public:
  // Creates the file (or opens it, keeping what it holds). StorageError when it cannot be
  // opened; InputError when `path` is a symbolic link.
  explicit AppendFile(const std::filesystem::path& path);
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  AppendFile(AppendFile&& other) noexcept;
  AppendFile& operator=(AppendFile&&) = delete;

  uint64_t size() const { return size_; }  // where the next append starts
  void append(std::string_view bytes);     // all of it, or StorageError
  // Writes `bytes` from `from` (at most size()) on, in one write where the system allows it, so a
  // reader or a kill sees the file before or after; on failure the bytes from `from` are put back.
  void replace_end(uint64_t from, std::string_view bytes);
  void truncate(uint64_t size);             // drops everything from `size` on
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
  uint64_t size_ = 0;
};

}  // namespace abt
