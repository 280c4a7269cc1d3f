// A's measured binaries (bin/ and results.json's manifests), offered to B's run so A's code is
// measured beside B's in one process (interleaved replay).
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "compilers/compiler.h"
#include "rundir/run_data.h"

namespace abt {

class StoredBaselines {
 public:
  explicit StoredBaselines(const RunData& a);
  // A's binary for the point if A measured it with `config` and the file is intact; nullopt where
  // A has none (A failed there, or a run older than bin/).
  std::optional<CompiledVariant> baseline(const Point& point, const Config& config) const;

 private:
  struct Stored {
    Config config;  // sorted by name, as A's results.json holds it
    BinaryManifest manifest;
  };
  std::filesystem::path dir_;
  std::map<std::string, Stored> by_point_;
};

}  // namespace abt
