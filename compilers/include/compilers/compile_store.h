// The persistent compile cache (`--cache-dir`, default ~/.cache/abtool; `--no-cache`): compiled
// variants kept across runs, keyed by everything their code depends on, so a second run of the
// same selection starts no compiler. Also remembers what a compiler build says about itself
// (`g++ --version`, Triton's describe), keyed by its file's identity, so not even that runs again.
//
// Safe under concurrent runs: an entry is written in a private folder and renamed into place
// (the first writer wins; an entry is never changed). Bounded: entries least recently used are
// removed once the cache holds more than its limit. A cache that cannot be written is a warning,
// never an error: the run compiles as it would without one.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compilers/compiler.h"

namespace abt {

class CompileStore {
 public:
  CompileStore(std::filesystem::path dir, uint64_t max_bytes);

  const std::filesystem::path& dir() const { return dir_; }
  // The cached variant, its files copied into `work_dir` (the cache may be pruned meanwhile);
  // nullopt when absent or unreadable.
  std::optional<CompiledVariant> load(const std::string& key, const std::filesystem::path& work_dir) const;
  // Keeps a successful variant (failures are compiled again: they may be the machine's).
  void store(const std::string& key, const CompiledVariant& variant) const;

  std::optional<nlohmann::json> recall(const std::string& key) const;
  void remember(const std::string& key, const nlohmann::json& facts) const;

  // Removes the least recently used entries until the cache holds at most max_bytes.
  void prune() const;
  size_t pruned() const { return pruned_; }  // entries prune() removed

 private:
  std::filesystem::path entry(const std::string& key) const;
  void warn(const std::string& what) const;
  std::filesystem::path dir_;
  uint64_t max_bytes_;
  mutable size_t pruned_ = 0;
};

// The key of one variant, in two parts. What every variant of one kernel shares: the compiler's
// fingerprint (build, flags, environment, target) and cache identity, the source and every file
// it includes with #include "...", the kernel and its arguments, and for host code the CPU
// (-march=native); computed once per kernel. Then the variant's config, dtype and specialization.
std::string kernel_key(const CompilerBackend& compiler, const std::filesystem::path& source, const std::string& kernel,
                       const std::vector<ArgSpec>& args);
std::string variant_key(const std::string& kernel_key, const CompileJob& job);

// A file's identity without reading it: canonical path, size, modification time.
std::string file_identity(const std::filesystem::path& file);
// A folder's files' identities, digested (a Triton install: its Python sources and libraries).
std::string tree_identity(const std::filesystem::path& dir);

// The cache folder when none is given: $ABTOOL_CACHE_DIR, else $XDG_CACHE_HOME/abtool, else
// ~/.cache/abtool; and its limit: $ABTOOL_CACHE_MAX_MB (default 4096) megabytes.
std::filesystem::path default_cache_dir();
uint64_t default_cache_max_bytes();

}  // namespace abt
