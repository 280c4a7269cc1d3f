// GPU_BUSY through its seam: what NVML would say, given as a value.
#include <gtest/gtest.h>

#include "engine/gpu_busy.h"

namespace abt {

struct LineSink : RunSink {
  void log(const std::string& line) override { lines.push_back(line); }
  void point_finished(const PointRecord&) override {}
  std::vector<std::string> lines;
};

TEST(GpuBusy, OtherProcessesBecomeAMarkerAndAWarning) {
  GpuBusyCheck check;
  LineSink sink;
  auto markers = check.conditions(std::vector<unsigned>{4242, 77}, "", sink);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_EQ(markers[0].text(), "GPU_BUSY pids=4242,77");
  ASSERT_EQ(sink.lines.size(), 1u);
  EXPECT_EQ(sink.lines[0].rfind("WARNING: 2 other process(es) compute on this GPU (pids=4242,77)", 0), 0u) << sink.lines[0];
  EXPECT_TRUE(check.conditions(std::vector<unsigned>{}, "", sink).empty()) << "a GPU of its own";
}

TEST(GpuBusy, WithoutNvmlItSaysSoOnce) {
  GpuBusyCheck check;
  LineSink sink;
  EXPECT_TRUE(check.conditions(std::nullopt, "no NVML: libnvidia-ml.so.1 missing", sink).empty());
  EXPECT_TRUE(check.conditions(std::nullopt, "no NVML: libnvidia-ml.so.1 missing", sink).empty());
  EXPECT_EQ(sink.lines, std::vector<std::string>{"GPU_BUSY cannot be checked: no NVML: libnvidia-ml.so.1 missing"});
}

}  // namespace abt
