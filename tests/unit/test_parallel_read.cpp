#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <vector>

#include "util/errors.h"
#include "util/files.h"
#include "util/parallel_read.h"

namespace abt {

TEST(ReadFileInto, ReadsEveryByteOfABigFileInSlices) {
  TempDir dir("abtool-test-");
  std::string content((size_t(40) << 20) + 12345, '\0');  // several 16 MiB slices and a short one
  for (size_t i = 0; i < content.size(); ++i) content[i] = char(i * 131 + (i >> 20));
  write_file_atomically(dir.path() / "t.bin", content);
  std::vector<std::byte> read(content.size());
  read_file_into(dir.path() / "t.bin", content.size(), read.data());
  EXPECT_EQ(std::memcmp(read.data(), content.data(), content.size()), 0);
}

TEST(ReadFileInto, AnotherSizeOrNoFileIsBadInputNamingTheFile) {
  TempDir dir("abtool-test-");
  write_file_atomically(dir.path() / "t.bin", "abc");
  std::vector<std::byte> read(16);
  try {
    read_file_into(dir.path() / "t.bin", 16, read.data());
    FAIL();
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("t.bin: holds 3 bytes, 16 were expected"), std::string::npos) << error.what();
  }
  EXPECT_THROW(read_file_into(dir.path() / "absent.bin", 16, read.data()), InputError);
}

}  // namespace abt
