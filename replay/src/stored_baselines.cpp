#include "replay/stored_baselines.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

Config sorted(Config config) {
  std::sort(config.begin(), config.end());
  return config;
}

// Why `relative` under `dir` cannot be read as a plain file of the directory: a link on the way
// (or a name that climbs out), or nothing there.
BaselineUnavailable why_unreadable(const fs::path& dir, const fs::path& relative) {
  if (relative.empty() || relative.is_absolute()) return BaselineUnavailable::link;
  fs::path at = dir;
  for (const fs::path& part : relative) {
    if (part == ".." || part == ".") return BaselineUnavailable::link;
    at /= part;
    std::error_code error;
    const fs::file_status status = fs::symlink_status(at, error);
    if (fs::is_symlink(status)) return BaselineUnavailable::link;
    if (!fs::exists(status)) return BaselineUnavailable::missing;
  }
  return fs::is_regular_file(fs::symlink_status(at)) ? BaselineUnavailable::missing : BaselineUnavailable::link;
}

}  // namespace

StoredBaselines::StoredBaselines(const RunData& a) : dir_(a.layout.dir()) {
  for (const PointRecord& point : a.results.points)
    if (point.success && point.binary) by_point_[point.id()] = {sorted(point.config), *point.binary, point.binary_hash};
}

StoredBaseline StoredBaselines::baseline(const Point& point, const Config& config) {
  auto found = by_point_.find(point.id());
  if (found == by_point_.end() || found->second.config != sorted(config)) return {};
  const Stored& stored = found->second;
  const BinaryManifest& manifest = stored.manifest;
  const std::optional<std::string> bytes = read_file_within(dir_, manifest.file);
  if (!bytes) {
    const BaselineUnavailable reason = why_unreadable(dir_, manifest.file);
    return {std::nullopt, baseline_unavailable_marker(reason, manifest.file,
                                      reason == BaselineUnavailable::missing ? "no such file in A's run directory"
                                                                             : "a link, under one, or outside A's run directory")};
  }
  // The bytes that will be loaded are the bytes hashed, and the hash is the one A measured (both
  // the manifest's and the point's: an edited manifest alone does not make a file A's).
  const std::string hash = sha256_hex(*bytes);
  if (hash != manifest.sha256 || (!stored.measured_hash.empty() && hash != stored.measured_hash))
    return {std::nullopt, baseline_unavailable_marker(BaselineUnavailable::hash_mismatch, manifest.file,
                                      fmt::format("its sha256 is {}, A measured {}", hash,
                                                  stored.measured_hash.empty() ? manifest.sha256 : stored.measured_hash))};
  const fs::path copy = copies_.path() / (hash + fs::path(manifest.file).extension().string());
  if (copied_.insert(hash).second) {
    std::ofstream out(copy, std::ios::binary);
    out.write(bytes->data(), std::streamsize(bytes->size()));
    if (!out.flush()) throw std::runtime_error("cannot write " + copy.string());
  }
  CompiledVariant variant;
  variant.ok = true;
  variant.binary = copy;
  variant.binary_hash = hash;
  variant.entry_symbol = manifest.entry_symbol;
  variant.triton = manifest.triton;
  return {std::move(variant), std::nullopt};
}

}  // namespace abt
