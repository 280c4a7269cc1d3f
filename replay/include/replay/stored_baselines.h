// A's measured binaries (bin/ and results.json's manifests), offered to B's run so A's code is
// measured beside B's in one process (interleaved replay). A run directory is shared: what is
// loaded as A's code is a private copy of bytes read through no link, whose hash is the one A
// measured, so a replaced or linked file is never measured as A (replaying a run directory
// still runs its code: docs/run-directory.md, "Sharing run directories").
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "compilers/compiler.h"
#include "model/markers.h"
#include "rundir/run_data.h"
#include "util/files.h"

namespace abt {

struct StoredBaseline {
  std::optional<CompiledVariant> variant;  // A's binary, loadable: a private copy of the verified bytes
  std::optional<Marker> unavailable;       // BASELINE_UNAVAILABLE: A stored one, but it cannot be used
};

class StoredBaselines {
 public:
  explicit StoredBaselines(const RunData& a);
  // A's binary for the point if A measured it with `config`; neither a variant nor a marker where
  // A has none (A failed there, chose another config, or a run older than bin/); the marker where
  // its file is missing, a link (or under one, or outside A's directory) or not what A measured.
  StoredBaseline baseline(const Point& point, const Config& config);
  // The config A measured the point with; nullopt where A has no binary for it.
  std::optional<Config> config_of(const Point& point) const;

 private:
  struct Stored {
    Config config;  // sorted by name, as A's results.json holds it
    BinaryManifest manifest;
    std::string measured_hash;  // the point's binary_hash: what A timed
    std::string variant_key;    // shape, kernel, variant, dtype: its rows of ir/index.tsv
  };
  std::filesystem::path dir_;
  std::map<std::string, Stored> by_point_;
  bool indexed_ = false;  // A has an ir/index.tsv to check against
  std::map<std::string, std::set<std::string>> indexed_hashes_;  // by variant key: the hashes A compiled it to
  TempDir copies_{"abtool-baselines-"};  // one file per distinct binary, named by its hash
  std::set<std::string> copied_;
};

}  // namespace abt
