// A capture's stored tensors are checked against their names once (opspec/content_address.h).
#include <gtest/gtest.h>

#include <filesystem>

#include "opspec/content_address.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

fs::path stored(const fs::path& dir, const std::string& bytes) {
  const fs::path file = dir / (sha256_hex(bytes) + ".bin");
  write_file_atomically(file, bytes);
  return file;
}

std::string error_of(ContentAddresses& addresses, const fs::path& file) {
  try {
    addresses.check(file);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST(ContentAddresses, HashesAFileOnceAndTrustsItWhileItsStampHolds) {
  TempDir dir("abtool-test-");
  const fs::path file = stored(dir.path(), "captured bytes");
  ContentAddresses addresses;
  addresses.check(file);
  addresses.check(file);
  EXPECT_EQ(addresses.hashed(), 1u);
}

TEST(ContentAddresses, BytesThatNoLongerMatchTheirNameAreBadInputNamingTheFile) {
  TempDir dir("abtool-test-");
  const fs::path file = stored(dir.path(), "captured bytes");
  ContentAddresses addresses;
  addresses.check(file);
  write_file_atomically(file, "changed bytes!");  // another inode and time: checked again
  const std::string error = error_of(addresses, file);
  EXPECT_NE(error.find(file.string() + ": its bytes hash to " + sha256_hex("changed bytes!") + ", not to its name"),
            std::string::npos) << error;
  EXPECT_NE(error_of(addresses, dir.path() / "x.bin").find("is named <sha256 of its bytes>.bin"), std::string::npos);
}

TEST(ContentAddresses, AMemoFolderSparesTheNextProcessTheHash) {
  TempDir dir("abtool-test-");
  const fs::path file = stored(dir.path(), "captured bytes");
  {
    ContentAddresses first;
    first.remember_in(dir.path() / "memo");
    first.check(file);
    EXPECT_EQ(first.hashed(), 1u);
  }
  ContentAddresses second;
  second.remember_in(dir.path() / "memo");
  second.check(file);
  EXPECT_EQ(second.hashed(), 0u);
  write_file_atomically(file, "changed bytes!");
  EXPECT_NE(error_of(second, file).find("not to its name"), std::string::npos) << "a changed file is hashed again";
}

}  // namespace abt
