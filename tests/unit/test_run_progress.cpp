// The run's progress line in a log stays alive through a long step (issue 74: during Valgrind
// counting it stood still for 10 s, its elapsed clock with it).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "../../engine/src/run_progress.h"

namespace abt {
namespace {

TEST(RunProgress, ALongStepIsRedrawnWithItsClockCountingAtTheLogsInterval) {
  testing::internal::CaptureStderr();
  {
    RunProgress progress("record", 3, EtaModel(3, 30), 0.4);  // a log's line at most every 0.4 s
    progress.update(0, 1, StepKind::counting_instructions, "counting instructions");
    std::this_thread::sleep_for(std::chrono::milliseconds(2600));  // one step, no update
  }
  const std::string said = testing::internal::GetCapturedStderr();
  size_t lines = 0;
  for (size_t at = said.find("abtool: record 0/3 points"); at != std::string::npos; at = said.find("abtool: record", at + 1)) ++lines;
  EXPECT_GE(lines, 3u) << "a line about every 0.4 s through 2.6 s (3 leave room for a loaded machine): " << said;
  EXPECT_NE(said.find("0:02 elapsed"), std::string::npos) << "the clock counts: " << said;
  EXPECT_NE(said.find("counting instructions"), std::string::npos) << "what runs, redrawn: " << said;
}

}  // namespace
}  // namespace abt
