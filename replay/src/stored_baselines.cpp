#include "replay/stored_baselines.h"

#include <algorithm>

#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

Config sorted(Config config) {
  std::sort(config.begin(), config.end());
  return config;
}

}  // namespace

StoredBaselines::StoredBaselines(const RunData& a) : dir_(a.layout.dir()) {
  for (const PointRecord& point : a.results.points)
    if (point.success && point.binary) by_point_[point.id()] = {sorted(point.config), *point.binary};
}

std::optional<CompiledVariant> StoredBaselines::baseline(const Point& point, const Config& config) const {
  auto found = by_point_.find(point.id());
  if (found == by_point_.end() || found->second.config != sorted(config)) return std::nullopt;
  const BinaryManifest& manifest = found->second.manifest;
  const fs::path file = (dir_ / manifest.file).lexically_normal();
  // The manifest names a file inside A's directory, with the hash A measured.
  if (fs::relative(file, dir_).string().rfind("..", 0) == 0 || !fs::is_regular_file(file)) return std::nullopt;
  if (sha256_of_file(file.string()) != manifest.sha256) return std::nullopt;
  CompiledVariant variant;
  variant.ok = true;
  variant.binary = file;
  variant.binary_hash = manifest.sha256;
  variant.entry_symbol = manifest.entry_symbol;
  variant.triton = manifest.triton;
  return variant;
}

}  // namespace abt
