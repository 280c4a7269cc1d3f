#include <gtest/gtest.h>

#include "util/errors.h"
#include "util/files.h"
#include "util/mapped_file.h"

namespace abt {

TEST(MappedFile, HoldsTheFilesBytesAndOutlivesItsReplacement) {
  TempDir dir("abtool-mapped-");
  const auto path = dir.path() / "results.json";
  std::string bytes = "{\"points\": [1, 2]}\n";
  bytes.push_back('\0');  // any byte, not only text
  bytes += std::string(100000, 'x');
  write_file_atomically(path, bytes);
  MappedFile mapped(path);
  EXPECT_EQ(mapped.text(), bytes);
  // abtool replaces a file by renaming a new one over it: the mapping keeps the old bytes.
  write_file_atomically(path, "new");
  EXPECT_EQ(mapped.text(), bytes);
  EXPECT_EQ(MappedFile(path).text(), "new");
}

TEST(MappedFile, AnEmptyFileIsEmptyAndAMissingOneAnInputError) {
  TempDir dir("abtool-mapped-");
  write_file_atomically(dir.path() / "empty", "");
  EXPECT_TRUE(MappedFile(dir.path() / "empty").text().empty());
  try {
    MappedFile missing(dir.path() / "missing.json");
    FAIL() << "a missing file maps";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("missing.json: cannot be read"), std::string::npos) << error.what();
  }
}

}  // namespace abt
