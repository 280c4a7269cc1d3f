#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "launch/point_workspace.h"
#include "opspec/op_spec.h"
#include "spec_fixture.h"
#include "util/errors.h"

namespace abt {

class WorkspaceTest : public ::testing::Test {
 protected:
  testing::SpecFolder folder_;  // before spec_: members initialise in declaration order
  OpSpec spec_ = load_op_spec(folder_.write(testing::replaced(
      testing::kValidSpec, "  - {name: y, kind: out, dtype: $dtype, shape: [M, N]}",
      "  - {name: y, kind: out, dtype: $dtype, shape: [M, N]}\n"
      "  - {name: acc, kind: inout, dtype: fp64, shape: [N], init: {dist: uniform, low: 2, high: 3}}")));
};

TEST_F(WorkspaceTest, InputsAreDeterministicPerSeed) {
  Point point{"toy", {8, 16}, DType::fp32};
  PointWorkspace a(spec_, point, 1), b(spec_, point, 1), c(spec_, point, 2);
  EXPECT_EQ(a.input_digest(), b.input_digest());
  EXPECT_NE(a.input_digest(), c.input_digest());
  ASSERT_EQ(a.buffers().size(), 4u);
  EXPECT_EQ(a.buffers()[1].count, 128u);
  int64_t m;
  std::memcpy(&m, a.buffers()[0].data.data(), sizeof(m));
  EXPECT_EQ(m, 8);
  auto* acc = reinterpret_cast<const double*>(a.buffers()[3].data.data());
  for (int i = 0; i < 16; ++i) EXPECT_TRUE(acc[i] >= 2 && acc[i] < 3);
}

TEST_F(WorkspaceTest, PoisonAndRestoreTouchOnlyTheirBuffers) {
  Point point{"toy", {2, 4}, DType::fp32};
  PointWorkspace workspace(spec_, point, 5);
  workspace.poison_outputs();
  auto* y = reinterpret_cast<const float*>(workspace.buffers()[2].data.data());
  for (int i = 0; i < 8; ++i) EXPECT_TRUE(std::isnan(y[i]));
  auto* acc = reinterpret_cast<double*>(workspace.args()[3]);
  double original = acc[0];
  acc[0] = -1;
  workspace.restore_inputs();
  EXPECT_EQ(acc[0], original);
  EXPECT_EQ(workspace.outputs().size(), 2u);  // out and inout
}

// Guards on both sides of every buffer: a write one element past y's end, or one byte before
// acc's start, is named; relocating moves the guards with the buffers; arming again clears them.
TEST_F(WorkspaceTest, AWriteOutsideABufferIsNamedByItsGuard) {
  Point point{"toy", {2, 4}, DType::fp32};
  PointWorkspace workspace(spec_, point, 5);
  workspace.arm_guards();
  EXPECT_EQ(workspace.guard_breach(), std::nullopt);
  auto* y = reinterpret_cast<float*>(workspace.args()[2]);
  for (int i = 0; i < 8; ++i) y[i] = 1.0f;  // every element of y, and nothing else
  EXPECT_EQ(workspace.guard_breach(), std::nullopt);
  y[8] = 1.0f;  // a missing mask: the first element past the end
  EXPECT_EQ(workspace.guard_breach(),
            "args.y: the kernel wrote past its end (4 of the 4096 guard bytes after it changed, the nearest 0 bytes past it)");
  workspace.arm_guards();
  EXPECT_EQ(workspace.guard_breach(), std::nullopt);
  workspace.relocate(7);
  workspace.arm_guards();
  auto* acc = reinterpret_cast<std::byte*>(workspace.args()[3]);
  acc[-3] = std::byte{0};
  const auto breach = workspace.guard_breach();
  ASSERT_TRUE(breach);
  EXPECT_NE(breach->find("args.acc: the kernel wrote before its start"), std::string::npos) << *breach;
  EXPECT_NE(breach->find("the nearest 2 bytes before it"), std::string::npos) << *breach;
}

}  // namespace abt

namespace abt {

// A finished point's arena is the next point's of its size (no fresh huge page to fault in), and
// what the finished point left there changes neither the next one's inputs nor its poisoned outputs.
TEST(HostArena, AFinishedBlockIsKeptForTheNextOfItsSizeABigOneIsNot) {
  { HostArena finished(5u << 20); }
  HostArena next(5u << 20);
  EXPECT_TRUE(next.reused());
  EXPECT_EQ(next.size(), 6u << 20) << "whole huge pages";
  { HostArena big(40u << 20); }  // more than a batch of points should hold on to
  EXPECT_FALSE(HostArena(40u << 20).reused());
}

TEST_F(WorkspaceTest, ANextPointGetsAFinishedPointsArenaAndItsLeftoversDoNoHarm) {
  const Point point{"toy", {1000, 1000}, DType::fp32};  // 4 MB outputs: an arena size no other test uses
  const std::string fresh_digest = PointWorkspace(spec_, point, 9).input_digest();
  const std::byte* arena = nullptr;
  {
    PointWorkspace finished(spec_, point, 4);
    arena = finished.buffers()[0].data.data();
    for (const auto& buffer : finished.buffers()) std::memset(buffer.data.data(), 0x5a, buffer.bytes());
  }
  PointWorkspace next(spec_, point, 9);
  EXPECT_EQ(next.buffers()[0].data.data(), arena) << "the finished point's arena, kept";
  EXPECT_EQ(next.input_digest(), fresh_digest);
  next.poison_outputs();
  const auto* y = reinterpret_cast<const float*>(next.buffers()[2].data.data());
  for (size_t i = 0; i < next.buffers()[2].count; i += 997) EXPECT_TRUE(std::isnan(y[i])) << i;
}

TEST_F(WorkspaceTest, LayoutIsTheSameInEveryRun) {
  // Page offsets are part of what a kernel's cache behaviour depends on: fixed by the layout.
  PointWorkspace workspace(spec_, Point{"toy", {300, 70}, DType::fp32}, 3);
  for (size_t i = 0; i < workspace.buffers().size(); ++i) {
    auto address = reinterpret_cast<uintptr_t>(workspace.buffers()[i].data.data());
    EXPECT_EQ(address % 4096, i * 256) << "argument " << i;
  }
  auto first = reinterpret_cast<uintptr_t>(workspace.buffers()[0].data.data());
  EXPECT_EQ(first % (2u << 20), 4096u) << "the arena starts on a huge-page boundary, its first argument after a 4 KiB guard";
  EXPECT_GE(workspace.total_bytes(), size_t(2 * 300 * 70 * 4));
}

}  // namespace abt

namespace abt {

TEST(PointWorkspaceTest, RelocatingMovesTheArgumentsAndKeepsTheInputs) {
  OpSpec op = find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "cpu_saxpy");
  PointWorkspace workspace(op, Point{"cpu_saxpy", {1000}, DType::fp32}, 3);
  const std::string digest = workspace.input_digest();
  std::vector<void*> before(workspace.args(), workspace.args() + op.args.size());
  std::vector<std::vector<std::byte>> inputs;
  for (const auto& buffer : workspace.buffers())
    inputs.emplace_back(buffer.data.begin(), buffer.data.begin() + buffer.bytes());
  workspace.relocate(12345);
  std::vector<void*> after(workspace.args(), workspace.args() + op.args.size());
  EXPECT_NE(before, after);
  for (size_t i = 0; i < workspace.buffers().size(); ++i) {
    const ArgBuffer& buffer = workspace.buffers()[i];
    EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data.data()) % 256, 0u);
    if (buffer.spec->kind == ArgKind::out) continue;
    EXPECT_TRUE(std::equal(inputs[i].begin(), inputs[i].end(), buffer.data.begin())) << buffer.spec->name;
  }
  workspace.relocate(12345);
  EXPECT_EQ(std::vector<void*>(workspace.args(), workspace.args() + op.args.size()), after) << "a placement is a layout";
  EXPECT_EQ(workspace.input_digest(), digest);
}

}  // namespace abt
