// util/files.h's writers: what a reader finds while and after they write.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "util/errors.h"
#include "util/files.h"
#include "util/parallel.h"

namespace abt {
namespace fs = std::filesystem;

// Two threads of one process writing one file at once: each write has a temporary of its own, so
// the file is always one of the writes, whole, and no temporary is left.
TEST(WriteFileAtomically, TwoThreadsWritingOneFileLeaveOneWholeWriteAndNoTemporary) {
  TempDir dir("abtool-files-");
  const fs::path file = dir.path() / "results.json";
  const std::string first(200000, 'a'), second(100000, 'b');
  for (int round = 0; round < 20; ++round) {
    for_each_index(2, [&](size_t i) { write_file_atomically(file, i ? second : first); });
    const std::string found = read_text_file(file);
    EXPECT_TRUE(found == first || found == second) << "round " << round << ": " << found.size() << " bytes, mixed";
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1) << "a temporary was left";
}

// A link where the file goes is replaced by the file; what it pointed at is left as it was.
TEST(WriteFileAtomically, ALinkAtThePathIsReplacedNotWrittenThrough) {
  TempDir dir("abtool-files-"), elsewhere("abtool-files-elsewhere-");
  std::ofstream(elsewhere.path() / "precious") << "precious";
  fs::create_symlink(elsewhere.path() / "precious", dir.path() / "meta.json");
  write_file_atomically(dir.path() / "meta.json", "{}");
  EXPECT_FALSE(fs::is_symlink(dir.path() / "meta.json"));
  EXPECT_EQ(read_text_file(dir.path() / "meta.json"), "{}");
  EXPECT_EQ(read_text_file(elsewhere.path() / "precious"), "precious");
}

// write_file_at writes in place: a link where the file goes is refused (StorageError naming the
// file), never written through; what it pointed at is left as it was.
TEST(WriteFileAt, ALinkAtThePathIsRefusedNotWrittenThrough) {
  TempDir dir("abtool-files-"), elsewhere("abtool-files-elsewhere-");
  std::ofstream(elsewhere.path() / "precious") << "precious";
  fs::create_symlink(elsewhere.path() / "precious", dir.path() / "heartbeat");
  try {
    write_file_at(dir.path() / "heartbeat", 0, "beat");
    FAIL() << "written through a link";
  } catch (const StorageError& error) {
    EXPECT_NE(std::string(error.what()).find((dir.path() / "heartbeat").string()), std::string::npos) << error.what();
  }
  EXPECT_EQ(read_text_file(elsewhere.path() / "precious"), "precious");
  write_file_at(dir.path() / "fresh", 4, "beat");
  EXPECT_EQ(read_text_file(dir.path() / "fresh"), std::string(4, '\0') + "beat");
}

}  // namespace abt
