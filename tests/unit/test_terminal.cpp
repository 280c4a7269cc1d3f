// Text for a terminal: lines wrapped at its width, and the width itself.
#include <gtest/gtest.h>

#include <cstdlib>

#include "util/terminal.h"

namespace abt {

TEST(WrapText, BreaksAtSpacesIndentsTheRestAndKeepsLongWordsWhole) {
  EXPECT_EQ(wrap_text("one two three four", 9, "  "), "one two\n  three\n  four");
  EXPECT_EQ(wrap_text("short", 80, "    "), "short");
  EXPECT_EQ(wrap_text("", 80, "  "), "");
  EXPECT_EQ(wrap_text("a /a/very/long/path/that/cannot/break b", 10, "  "), "a\n  /a/very/long/path/that/cannot/break\n  b");
  for (const std::string& line : {wrap_text("x x x x x x x x x x x x x x x x x x x x x x", 7, "  ")})
    for (size_t start = 0, end; start < line.size(); start = end + 1) {
      end = line.find('\n', start);
      if (end == std::string::npos) end = line.size();
      EXPECT_LE(end - start, 7u) << line;
    }
}

TEST(WrapText, EachLineOfSeveralOnItsOwn) {
  EXPECT_EQ(wrap_text("aaa bbb\nccc ddd", 4, " "), "aaa\n bbb\nccc\n ddd");
  EXPECT_EQ(wrap_text("x\n", 4, " "), "x\n");
}

TEST(StdoutWidth, ColumnsDecidesWhereItIsANumber) {
  const char* saved = std::getenv("COLUMNS");
  const std::string kept = saved ? saved : "";
  ::setenv("COLUMNS", "123", 1);
  EXPECT_EQ(stdout_width(), 123u);
  ::setenv("COLUMNS", "wide", 1);
  EXPECT_GE(stdout_width(), 20u) << "not a number: the terminal's width, or 80";
  ::setenv("COLUMNS", "5", 1);
  EXPECT_GE(stdout_width(), 20u) << "too narrow to be meant";
  if (saved) ::setenv("COLUMNS", kept.c_str(), 1);
  else ::unsetenv("COLUMNS");
}

// Issue 61: at 80 columns the progress line was cut mid-word.
TEST(ProgressLine, CutAtAWordsEndWithAMark) {
  const std::string line = "record 3/7 points (2 more chosen), 0:04 elapsed, ETA 0:12: compiling cpu_matmul fp32 [2/6 variants]";
  const std::string cut = fit_progress_line(line, 80);
  EXPECT_LT(cut.size(), 80u);
  EXPECT_EQ(cut, "record 3/7 points (2 more chosen), 0:04 elapsed, ETA 0:12: compiling...");
  EXPECT_EQ(fit_progress_line("short", 80), "short");
  EXPECT_EQ(fit_progress_line(line, std::string::npos), line) << "not a terminal: the whole line";
  EXPECT_EQ(fit_progress_line(std::string(100, 'x'), 30), std::string(26, 'x') + "...") << "one long word";
}

// A compile's progress under a run's line becomes that line's "what runs now", not a line of its own.
TEST(ProgressLine, APartsProgressGoesToTheRunsLineWhileOneIsUp) {
  std::vector<std::string> seen;
  set_progress_sink([&](const std::string& current) { seen.push_back(current); });
  {
    Progress compiling("compiling cpu_matmul fp32", 6, "variants");
    compiling.update(2, "");
    compiling.update(3, "BLOCK=64");
  }
  set_progress_sink({});
  EXPECT_EQ(seen, (std::vector<std::string>{"compiling cpu_matmul fp32 [2/6 variants]",
                                            "compiling cpu_matmul fp32 [3/6 variants] BLOCK=64"}));
}

}  // namespace abt
