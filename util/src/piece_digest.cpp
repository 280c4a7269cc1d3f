#include "util/piece_digest.h"

#include <vector>

#include "util/parallel.h"

namespace abt {

void PieceDigest::add_hashed(uint64_t bytes, const uint8_t* piece_digests) {
  uint8_t length[8];
  for (int i = 0; i < 8; ++i) length[i] = uint8_t(bytes >> (8 * i));
  root_.update(length, sizeof length);
  root_.update(piece_digests, 32 * digest_pieces(bytes));
}

void PieceDigest::add(const void* data, size_t bytes) {
  const size_t pieces = digest_pieces(bytes);
  std::vector<uint8_t> digests(32 * pieces);
  const auto* base = static_cast<const uint8_t*>(data);
  // A few pieces per task: one thread start per 64 KiB would cost more than the hashing.
  constexpr size_t kPiecesPerTask = 64;
  for_each_index((pieces + kPiecesPerTask - 1) / kPiecesPerTask, [&](size_t task) {
    for (size_t piece = task * kPiecesPerTask; piece < std::min(pieces, (task + 1) * kPiecesPerTask); ++piece) {
      const size_t offset = piece * kDigestPieceBytes;
      sha256_bytes(base + offset, std::min(kDigestPieceBytes, bytes - offset), &digests[32 * piece]);
    }
  });
  add_hashed(bytes, digests.data());
}

std::string PieceDigest::text() { return std::string(kPieceDigestPrefix) + root_.hex_digest(); }

bool same_digest_scheme(std::string_view a, std::string_view b) {
  return a.starts_with(kPieceDigestPrefix) == b.starts_with(kPieceDigestPrefix);
}

}  // namespace abt
