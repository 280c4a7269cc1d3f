// The point digest (util/piece_digest.h): its definition, spelled out with OpenSSL here, and the
// device's SHA-256 code (launch/src/sha256_piece.inc) held to OpenSSL's on the host.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "util/piece_digest.h"
#include "util/sha256.h"

#define ABT_HOST_DEVICE
#include "../../launch/src/sha256_piece.inc"

namespace abt {
namespace {

std::vector<uint8_t> bytes_of(size_t size, unsigned seed) {
  std::vector<uint8_t> bytes(size);
  uint32_t x = seed * 2654435761u + 1;
  for (auto& byte : bytes) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    byte = uint8_t(x);
  }
  return bytes;
}

// The definition, written out: per buffer its length (8 bytes, little-endian) and its pieces' digests.
std::string by_definition(const std::vector<std::vector<uint8_t>>& buffers) {
  Sha256 root;
  for (const auto& buffer : buffers) {
    uint64_t length = buffer.size();
    root.update(&length, 8);  // little-endian on the machines abtool runs on
    for (size_t offset = 0; offset < buffer.size(); offset += kDigestPieceBytes) {
      uint8_t piece[32];
      sha256_bytes(buffer.data() + offset, std::min(kDigestPieceBytes, buffer.size() - offset), piece);
      root.update(piece, 32);
    }
  }
  return "sha256-64k:" + root.hex_digest();
}

}  // namespace

TEST(PieceDigest, FollowsItsDefinitionAtEverySizeAroundAPiece) {
  for (size_t size : {size_t(0), size_t(1), size_t(63), kDigestPieceBytes - 1, kDigestPieceBytes, kDigestPieceBytes + 1,
                      5 * kDigestPieceBytes + 3, size_t(9) << 20}) {
    SCOPED_TRACE(size);
    const auto a = bytes_of(size, 1), b = bytes_of(7, 2);
    PieceDigest digest;
    digest.add(a.data(), a.size());
    digest.add(b.data(), b.size());
    EXPECT_EQ(digest.text(), by_definition({a, b}));
  }
}

TEST(PieceDigest, BufferBoundariesAndOrderCount) {
  const auto a = bytes_of(100, 3);
  PieceDigest whole, split, swapped;
  whole.add(a.data(), 100);
  split.add(a.data(), 50);
  split.add(a.data() + 50, 50);
  EXPECT_NE(whole.text(), split.text());
  const auto b = bytes_of(100, 4);
  PieceDigest ab, ba;
  ab.add(a.data(), 100), ab.add(b.data(), 100);
  ba.add(b.data(), 100), ba.add(a.data(), 100);
  EXPECT_NE(ab.text(), ba.text());
}

TEST(PieceDigest, HashedPiecesGiveTheSameDigestAsHostBytes) {
  const auto a = bytes_of(3 * kDigestPieceBytes + 11, 5);
  std::vector<uint8_t> pieces(32 * digest_pieces(a.size()));
  for (size_t piece = 0; piece < digest_pieces(a.size()); ++piece) {
    const size_t offset = piece * kDigestPieceBytes;
    sha256_bytes(a.data() + offset, std::min(kDigestPieceBytes, a.size() - offset), &pieces[32 * piece]);
  }
  PieceDigest host, hashed;
  host.add(a.data(), a.size());
  hashed.add_hashed(a.size(), pieces.data());
  EXPECT_EQ(host.text(), hashed.text());
}

TEST(PieceDigest, SchemesAreTold) {
  EXPECT_TRUE(same_digest_scheme("sha256-64k:ab", "sha256-64k:cd"));
  EXPECT_TRUE(same_digest_scheme("e3b0c442", "ba7816bf"));
  EXPECT_FALSE(same_digest_scheme("sha256-64k:ab", "e3b0c442"));
}

// The device hashes a piece with sha256_piece.inc's code: here it runs on the host against OpenSSL,
// at every tail length (one padding block or two) and at a piece's size.
TEST(Sha256Piece, TheDeviceCodeAgreesWithOpenSsl) {
  const auto data = bytes_of(kDigestPieceBytes + 200, 6);
  std::vector<size_t> sizes;
  for (size_t size = 0; size <= 200; ++size) sizes.push_back(size);
  sizes.insert(sizes.end(), {1000, 4096, kDigestPieceBytes - 1, kDigestPieceBytes});
  for (size_t size : sizes) {
    SCOPED_TRACE(size);
    // A fresh, 4-aligned copy, as a piece starts on the device.
    std::vector<uint32_t> aligned((size + 3) / 4 + 1);
    std::memcpy(aligned.data(), data.data(), size);
    uint8_t device[32], host[32];
    abt_sha256_piece(reinterpret_cast<const unsigned char*>(aligned.data()), size, device);
    sha256_bytes(data.data(), size, host);
    EXPECT_EQ(hex_of(device, 32), hex_of(host, 32));
  }
}

}  // namespace abt
