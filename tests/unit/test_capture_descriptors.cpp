// Host tensor descriptors from the shim's records to an op (capture/descriptor_tiles.h): the
// descriptor's tensor, its tile named by the tune parameter it follows, and what cannot be
// launched again listed with the reason.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "descriptor_tiles.h"
#include "op_drafts.h"
#include "raw_capture.h"
#include "util/files.h"

namespace abt::capture {
namespace {

using nlohmann::json;

json descriptor(const std::string& name, std::vector<long long> shape, std::vector<long long> strides, std::vector<long long> block,
                bool written) {
  long long extent = 1;
  for (size_t d = 0; d < shape.size(); ++d) extent += (shape[d] - 1) * strides[d];
  json arg{{"name", name}, {"type", fmt::format("tensordesc<bf16[{}]>", fmt::join(block, ", "))}, {"kind", "tensor"},
           {"dtype", "bf16"}, {"shape", shape}, {"strides", strides}, {"extent", extent}, {"bytes", 2 * extent},
           {"integer", false}, {"contiguous", true}, {"divisible", false}, {"written", written},
           {"descriptor", {{"block", block}, {"padding", "zero"}}}};
  arg[written ? "output" : "input"] = std::string(64, written ? 'b' : 'a');
  return arg;
}

json config(long long block_m, int warps) {
  return {{"kwargs", {{"BLOCK_M", block_m}, {"BLOCK_K", 64}}}, {"num_warps", warps}, {"num_stages", 3}, {"num_ctas", 1},
          {"maxnreg", nullptr}, {"pre_hook", true}};
}

// FlagGems' Hopper mm as the shim sees it: a LibTuner whose configs' pre_hook sets each tile.
json tuned_launch(long long m, std::vector<json> blocks, size_t chosen, std::vector<long long> a_strides = {}) {
  const std::vector<long long> a_block{chosen ? 128 : 64, 64};
  if (a_strides.empty()) a_strides = {256, 1};
  return {{"kernel", {{"name", "mm_tma"}, {"module", "lib.mm"}, {"file", "/site/lib/mm.py"}, {"importable", true}}},
          {"args", {descriptor("a_desc", {m, 256}, a_strides, a_block, false),
                    descriptor("c_desc", {m, 64}, {64, 1}, {a_block[0], 64}, true),
                    {{"name", "M"}, {"type", "i32"}, {"kind", "scalar"}, {"dtype", "i32"}, {"value", m}},
                    {{"name", "BLOCK_M"}, {"type", "constexpr"}, {"kind", "constexpr"}, {"value", a_block[0]}},
                    {{"name", "BLOCK_K"}, {"type", "constexpr"}, {"kind", "constexpr"}, {"value", 64}}}},
          {"grid", {1, 1, 1}},
          {"options", {{"num_warps", 4}, {"num_stages", 3}, {"num_ctas", 1}}},
          {"tuner", {{"kind", "libtuner"}, {"keys", {"M"}}, {"configs", {config(64, 4), config(128, 8)}}, {"chosen", chosen},
                     {"grids", {{1, 1, 1}, {1, 1, 1}}}, {"blocks", blocks}}},
          {"launches", 3},
          {"reads_what_it_writes", false},
          {"problems", json::array()}};
}

RawProcess read(const std::vector<json>& launches) {
  TempDir dir("abtool-test-capture-");
  write_file_atomically(dir.path() / "raw-7.json", json{{"schema", "abtool.capture_raw/1"}, {"pid", 7}, {"launches", launches}}.dump());
  return read_raw_process(dir.path() / "raw-7.json");
}

Drafts drafts_of(const RawProcess& process) {
  std::vector<const RawLaunch*> launches;
  for (const RawLaunch& each : process.launches) launches.push_back(&each);
  return draft_ops(launches, {"python3 mm.py", 256 << 20, [](const std::string& sha) { return "inputs/" + sha + ".bin"; },
                              [](const std::string&) { return std::string(8, '\0'); }});
}

const json kBenchmarked = json::array({json{{"a_desc", {64, 64}}, {"c_desc", {64, 64}}}, json{{"a_desc", {128, 64}}, {"c_desc", {128, 64}}}});

TEST(CaptureDescriptors, ATileIsNamedByTheTuneParameterItFollowsInEveryConfigSeen) {
  const RawProcess process = read({tuned_launch(512, kBenchmarked, 1)});
  const RawArg& a = process.launches[0].args[0];
  ASSERT_TRUE(a.descriptor);
  EXPECT_EQ(a.dtype_text, "bf16") << "the tensor's dtype, not the type's text";
  const Drafts drafts = drafts_of(process);
  ASSERT_TRUE(drafts.rejected.empty()) << drafts.rejected[0].why[0].text;
  ASSERT_EQ(drafts.ops.size(), 1u);
  const std::string& yaml = drafts.ops[0].yaml;
  EXPECT_NE(yaml.find("name: a_desc, kind: in, dtype: bf16, shape: [a_desc_0, a_desc_1], init: {dist: captured}, "
                      "descriptor: {block: [BLOCK_M, BLOCK_K], padding: zero}"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("name: c_desc, kind: out, dtype: bf16, shape: [a_desc_0, c_desc_1], descriptor: {block: [BLOCK_M, BLOCK_K]"),
            std::string::npos) << "64 follows BLOCK_K in both configs too\n" << yaml;
}

TEST(CaptureDescriptors, WithOneConfigSeenAConstantTileIsItsNumber) {
  const RawProcess process = read({tuned_launch(512, {json::object(), json::object()}, 0)});
  const auto tiles = descriptor_tiles({&process.launches[0]}, {"BLOCK_M", "BLOCK_K"});
  ASSERT_TRUE(std::holds_alternative<DescriptorTiles>(tiles));
  // BLOCK_M = 64 = BLOCK_K in the one config seen: the first tune parameter that fits and no earlier
  // dimension of the tile took names each.
  EXPECT_EQ(std::get<DescriptorTiles>(tiles).at(0), (std::vector<std::string>{"BLOCK_M", "BLOCK_K"}));
  const auto one_parameter = descriptor_tiles({&process.launches[0]}, {"BLOCK_M"});
  EXPECT_EQ(std::get<DescriptorTiles>(one_parameter).at(0), (std::vector<std::string>{"BLOCK_M", "BLOCK_M"}))
      << "a parameter already taken still names a dimension no other fits";
  const auto untuned = descriptor_tiles({&process.launches[0]}, {});
  EXPECT_EQ(std::get<DescriptorTiles>(untuned).at(0), (std::vector<std::string>{"64", "64"}));
}

TEST(CaptureDescriptors, WhatCannotBeLaunchedAgainIsListedWithTheReason) {
  // A tile that follows no tune parameter.
  json odd = kBenchmarked;
  odd[1]["a_desc"] = {32, 64};
  Drafts drafts = drafts_of(read({tuned_launch(512, odd, 1)}));
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_EQ(drafts.rejected[0].why[0].reason, MissReason::tensor_descriptor);
  EXPECT_NE(drafts.rejected[0].why[0].text.find("tensor descriptor a_desc: its tile's dimension 0 changes with the config"),
            std::string::npos) << drafts.rejected[0].why[0].text;
  // A descriptor over a transposed view (strides [1, M]).
  drafts = drafts_of(read({tuned_launch(512, kBenchmarked, 1, {1, 512})}));
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_NE(drafts.rejected[0].why[0].text.find("not a dense row-major one"), std::string::npos) << drafts.rejected[0].why[0].text;
  // A tile TMA cannot move.
  json launch = tuned_launch(512, kBenchmarked, 1);
  launch["args"][0]["descriptor"]["block"] = {128, 48};
  drafts = drafts_of(read({launch}));
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_NE(drafts.rejected[0].why[0].text.find("block extent 48 (dimension 1) is not a power of two"), std::string::npos);
}

// Issue 45's damaged hooks: a tuner's reset_to_zero naming an argument the kernel does not take.
TEST(CaptureDescriptors, AHookNamingNoArgumentOfTheKernelIsListedWithTheReason) {
  json launch = tuned_launch(512, kBenchmarked, 1);
  launch["tuner"]["reset_to_zero"] = {"c_desc"};
  EXPECT_TRUE(drafts_of(read({launch})).rejected.empty());
  launch["tuner"]["reset_to_zero"] = {"total_ptr"};
  const Drafts drafts = drafts_of(read({launch}));
  ASSERT_EQ(drafts.rejected.size(), 1u);
  EXPECT_EQ(drafts.rejected[0].why[0].reason, MissReason::tuner);
  EXPECT_EQ(drafts.rejected[0].why[0].text, "the tuner's reset_to_zero names total_ptr, which is not an argument of the kernel");
}

}  // namespace
}  // namespace abt::capture
