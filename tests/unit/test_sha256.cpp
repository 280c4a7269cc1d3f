#include <gtest/gtest.h>

#include <fstream>

#include "util/files.h"
#include "util/sha256.h"

namespace abt {

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, StreamingEqualsOneShot) {
  std::string text(1000, 'x');
  for (size_t i = 0; i < text.size(); ++i) text[i] = char('a' + i % 26);
  Sha256 streaming;
  for (size_t i = 0; i < text.size(); i += 37) streaming.update(std::string_view(text).substr(i, 37));
  EXPECT_EQ(streaming.hex_digest(), sha256_hex(text));
}

TEST(Sha256, FileDigestMatchesContent) {
  TempDir dir("abtool-test-");
  auto path = dir.path() / "blob";
  std::ofstream(path) << "abc";
  EXPECT_EQ(sha256_of_file(path.string()), sha256_hex("abc"));
  EXPECT_THROW(sha256_of_file((dir.path() / "absent").string()), std::runtime_error);
}

TEST(AtomicWrite, ReplacesWholeFile) {
  TempDir dir("abtool-test-");
  auto path = dir.path() / "results.json";
  write_file_atomically(path, "first version, longer");
  write_file_atomically(path, "second");
  EXPECT_EQ(read_text_file(path), "second");
  int leftovers = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) leftovers += entry.path() != path;
  EXPECT_EQ(leftovers, 0);
}

}  // namespace abt
