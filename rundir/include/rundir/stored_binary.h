// A point's binary in bin/ as it may be used from a run directory that is shared: its bytes read
// through no link and without climbing out, hashing to what the point was measured with (the
// manifest's sha256 and the point's binary_hash: an edited manifest alone does not make a file
// the point's). Replay loads A's code from it; merge copies shards' binaries only when it holds.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "model/binary_manifest.h"
#include "model/markers.h"

namespace abt {

struct StoredBinary {
  std::optional<std::string> bytes;            // set when the binary is the point's
  std::optional<BaselineUnavailable> problem;  // else why not (SPEC's BASELINE_UNAVAILABLE reasons)
  std::string why;                             // ... in words
};

// `measured_hash`: the point's binary_hash (empty in runs that have none: the manifest's alone).
StoredBinary read_stored_binary(const std::filesystem::path& run_dir, const BinaryManifest& manifest,
                                const std::string& measured_hash);

}  // namespace abt
