#include "replay/stored_baselines.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "opspec/dtype.h"
#include "rundir/index_row.h"
#include "rundir/stored_binary.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

Config sorted(Config config) {
  std::sort(config.begin(), config.end());
  return config;
}

std::string variant_key(const std::string& shape, const std::string& kernel, const std::string& variant, const std::string& dtype) {
  return shape + '\t' + kernel + '\t' + variant + '\t' + dtype;
}

}  // namespace

StoredBaselines::StoredBaselines(const RunData& a) : dir_(a.layout.dir()) {
  for (const PointRecord& point : a.results.points)
    if (point.success && point.binary)
      by_point_[point.id()] = {sorted(point.config), *point.binary, point.binary_hash,
                               variant_key(point.point.shape_text(), point.kernel, point.variant, dtype_name(point.point.dtype))};
  // ir/index.tsv holds the hash of every variant A compiled, written as each was compiled: a second
  // record of what A measured, which a bin/ file and results.json edited together do not change.
  // Checked against the point's own variant: a sweep loser's bytes are something A compiled, not
  // what A measured at this point.
  if (const auto index = read_file_within(dir_, fs::path("ir") / "index.tsv")) {
    std::istringstream lines(*index);
    for (std::string line; std::getline(lines, line);)
      if (const auto row = IndexRow::parse_tsv_line(line); row && !row->binary_hash.empty()) {
        indexed_ = true;
        indexed_hashes_[variant_key(row->shape, row->kernel, row->variant, row->dtype)].insert(row->binary_hash);
      }
  }
}

std::optional<Config> StoredBaselines::config_of(const Point& point) const {
  auto found = by_point_.find(point.id());
  if (found == by_point_.end()) return std::nullopt;
  return found->second.config;
}

StoredBaseline StoredBaselines::baseline(const Point& point, const Config& config) {
  auto found = by_point_.find(point.id());
  if (found == by_point_.end() || found->second.config != sorted(config)) return {};
  const Stored& stored = found->second;
  const BinaryManifest& manifest = stored.manifest;
  if (indexed_) {
    const auto hashes = indexed_hashes_.find(stored.variant_key);
    if (hashes == indexed_hashes_.end() || !hashes->second.count(stored.measured_hash))
      return {std::nullopt, baseline_unavailable_marker(BaselineUnavailable::hash_mismatch, manifest.file,
                                                        fmt::format("ir/index.tsv, written as A compiled its variants, "
                                                                    "gives this point's variant no binary with the hash "
                                                                    "results.json gives ({}): not what A measured",
                                                                    stored.measured_hash))};
  }
  const StoredBinary bytes = read_stored_binary(dir_, manifest, stored.measured_hash);
  if (!bytes.bytes) return {std::nullopt, baseline_unavailable_marker(*bytes.problem, manifest.file, bytes.why)};
  const std::string& hash = manifest.sha256;  // what the bytes hash to (read_stored_binary)
  const fs::path copy = copies_.path() / (hash + fs::path(manifest.file).extension().string());
  if (copied_.insert(hash).second) {
    std::ofstream out(copy, std::ios::binary);
    out.write(bytes.bytes->data(), std::streamsize(bytes.bytes->size()));
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
