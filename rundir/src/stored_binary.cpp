#include "rundir/stored_binary.h"

#include <fmt/format.h>

#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

StoredBinary read_stored_binary(const fs::path& run_dir, const BinaryManifest& manifest, const std::string& measured_hash) {
  StoredBinary stored;
  switch (place_within(run_dir, manifest.file)) {
    case PlaceWithin::missing:
      stored.problem = BaselineUnavailable::missing;
      stored.why = "no such file in the run directory";
      return stored;
    case PlaceWithin::link_or_outside:
      stored.problem = BaselineUnavailable::link;
      stored.why = "a link, under one, or outside the run directory";
      return stored;
    case PlaceWithin::file: break;
  }
  std::optional<std::string> bytes = read_file_within(run_dir, manifest.file);
  if (!bytes) {  // replaced by a link since, or unreadable
    stored.problem = BaselineUnavailable::link;
    stored.why = "cannot be read as a plain file of the run directory";
    return stored;
  }
  const std::string hash = sha256_hex(*bytes);
  const std::string& expected = measured_hash.empty() ? manifest.sha256 : measured_hash;
  if (hash != manifest.sha256 || hash != expected) {
    stored.problem = BaselineUnavailable::hash_mismatch;
    stored.why = fmt::format("its sha256 is {}, the point was measured with {}", hash, expected);
    return stored;
  }
  stored.bytes = std::move(bytes);
  return stored;
}

}  // namespace abt
