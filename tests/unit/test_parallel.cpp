#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "util/parallel.h"

namespace abt {

TEST(ForEachIndex, RunsEveryItemOnce) {
  std::vector<int> runs(1000, 0);
  for_each_index(runs.size(), [&](size_t i) { runs[i] += 1; });
  EXPECT_EQ(runs, std::vector<int>(1000, 1));
  for_each_index(0, [](size_t) { FAIL() << "no items"; });
}

TEST(ForEachIndex, RethrowsTheLowestFailingItemsErrorAfterAllRan) {
  std::vector<int> runs(200, 0);
  try {
    for_each_index(runs.size(), [&](size_t i) {
      runs[i] = 1;
      if (i == 150 || i == 37 || i == 199) throw std::runtime_error("item " + std::to_string(i));
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_EQ(std::string(error.what()), "item 37") << "what a loop from 0 would have stopped at";
  }
  EXPECT_EQ(runs, std::vector<int>(200, 1));
}

}  // namespace abt
