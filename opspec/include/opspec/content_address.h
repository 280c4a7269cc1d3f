// A capture's stored tensors are named by the SHA-256 of their bytes (inputs/<sha256>.bin). A name
// is checked against the bytes the first time a run reads the file; afterwards it is trusted while
// the file's size, modification time and identity are what they were when it was checked: within
// this process, and across runs through a memo kept beside the compile cache (a replay then
// hashes nothing its record hashed).
#pragma once
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace abt {

class ContentAddresses {
 public:
  // `memo_dir`: where checks outlive the process (nullopt: --no-cache, they do not).
  void remember_in(std::optional<std::filesystem::path> memo_dir);
  // InputError naming the file when its bytes do not hash to its name, or it cannot be read.
  void check(const std::filesystem::path& file);
  void check_all(const std::vector<std::filesystem::path>& files);  // several at a time
  size_t hashed() const;  // files this process hashed (the others were trusted by their stamp)

 private:
  struct Stamp {
    std::string sha256;
    unsigned long long size = 0, mtime_ns = 0, device = 0, inode = 0;
    bool operator==(const Stamp&) const = default;
  };
  std::optional<Stamp> remembered(const std::string& key) const;
  void remember(const std::string& key, const Stamp& stamp);

  mutable std::mutex lock_;
  std::optional<std::filesystem::path> memo_dir_;
  std::map<std::string, Stamp> checked_;  // by the file's absolute path
  size_t hashed_ = 0;
};

// The process's one memo: every captured op of a run reads through it.
ContentAddresses& content_addresses();

}  // namespace abt
