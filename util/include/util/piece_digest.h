// The digest of a point's inputs, or of its outputs: "sha256-64k:<hex>". Each buffer is cut into
// 64 KiB pieces that hash independently, so a device hashes every piece on a thread of its own and
// the host on every core; the digest is SHA-256 over, for each buffer in order, its length in
// bytes (8 bytes, little-endian) and its pieces' SHA-256 digests. Runs older than this scheme hold
// the SHA-256 of the buffers' bytes, one after the other (no prefix): the two are not comparable.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/sha256.h"

namespace abt {

inline constexpr size_t kDigestPieceBytes = size_t(64) << 10;
inline constexpr std::string_view kPieceDigestPrefix = "sha256-64k:";

inline size_t digest_pieces(size_t bytes) { return (bytes + kDigestPieceBytes - 1) / kDigestPieceBytes; }

class PieceDigest {
 public:
  // A buffer whose pieces were hashed elsewhere (on a device): 32 bytes per piece, in order.
  void add_hashed(uint64_t bytes, const uint8_t* piece_digests);
  // A buffer in host memory: its pieces hashed on every core.
  void add(const void* data, size_t bytes);
  std::string text();  // finalises; call once

 private:
  Sha256 root_;
};

// Whether two digests were made the same way (both of this scheme, or both of the older one).
bool same_digest_scheme(std::string_view a, std::string_view b);

}  // namespace abt
