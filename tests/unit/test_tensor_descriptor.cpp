// Host tensor descriptors in op specs (opspec/tensor_descriptor.h): what a `descriptor:` field
// accepts, and the damaged ones a capture or a hand-written op could hold.
#include <gtest/gtest.h>

#include "opspec/op_spec.h"
#include "spec_fixture.h"
#include "util/errors.h"

namespace abt {
namespace {

using testing::kValidSpec;
using testing::replaced;

const std::string kTriton = replaced(replaced(kValidSpec, "language: cpp", "language: triton"),
                                     "reference: {source: toy.cpp, kernel: toy}",
                                     "reference: {source: toy.cpp, kernel: toy, launch: {grid: [M], block: [32]}}") +
                            "launch: {grid: [\"cdiv(M, BLOCK_M)\"]}\n";

std::string with_descriptor(const std::string& descriptor) {
  return replaced(kTriton, "{name: x, kind: in, dtype: $dtype, shape: [M, N]}",
                  "{name: x, kind: in, dtype: $dtype, shape: [M, N], descriptor: " + descriptor + "}");
}

std::string load_error(const std::string& yaml) {
  testing::SpecFolder folder;
  const auto file = folder.write(yaml);
  try {
    load_op_spec(file);
  } catch (const InputError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(file.string()), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "accepted: " << yaml;
  return "";
}

TEST(TensorDescriptor, AnOpDeclaresItsTileFromTuneParametersAndItsPadding) {
  OpSpec spec = load_op_spec(testing::SpecFolder().write(with_descriptor("{block: [BLOCK_M, 64], padding: nan}")));
  const ArgSpec& x = spec.args[1];
  ASSERT_TRUE(x.descriptor);
  EXPECT_EQ(x.descriptor->padding, DescriptorPadding::nan);
  EXPECT_EQ(descriptor_block(*x.descriptor, {{"BLOCK_M", 32}}), (std::vector<long long>{32, 64}));
  EXPECT_FALSE(spec.args[2].descriptor) << "y stays a pointer";
  EXPECT_EQ(descriptor_signature(DType::bf16, {64, 32}), "tensordesc<bf16[64, 32]>");

  const OpSpec example = find_op_spec(std::filesystem::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "triton_tma_matmul");
  for (const char* name : {"a_desc", "b_desc", "c_desc"}) {
    auto arg = std::find_if(example.args.begin(), example.args.end(), [&](const ArgSpec& a) { return a.name == name; });
    ASSERT_NE(arg, example.args.end());
    EXPECT_TRUE(arg->descriptor) << name;
    EXPECT_EQ(arg->descriptor->padding, DescriptorPadding::zero) << name;
  }
}

TEST(TensorDescriptor, ATileTmaCannotMoveIsBadInputNamingTheFieldAndTheConfig) {
  std::string message = load_error(with_descriptor("{block: [BLOCK_M, 48]}"));
  EXPECT_NE(message.find("args.x.descriptor.block: with BLOCK_M=16 num_warps=4: block extent 48 (dimension 1) is not a "
                         "power of two from 1 to 256"), std::string::npos) << message;
  message = load_error(with_descriptor("{block: [512, 16]}"));
  EXPECT_NE(message.find("block extent 512 (dimension 0) is not a power of two from 1 to 256"), std::string::npos) << message;
  message = load_error(with_descriptor("{block: [BLOCK_M]}"));
  EXPECT_NE(message.find("args.x.descriptor.block: expected a list of 2 extents, one per dimension of the shape"), std::string::npos)
      << message;
  message = load_error(with_descriptor("{block: [M, 16]}"));  // a tile is the config's, not the point's
  EXPECT_NE(message.find("args.x.descriptor.block: expression 'M' names unknown symbol 'M'"), std::string::npos) << message;
  message = load_error(with_descriptor("{block: [16, 16], padding: ones}"));
  EXPECT_NE(message.find("args.x.descriptor.padding: expected zero or nan, got 'ones'"), std::string::npos) << message;
  message = load_error(with_descriptor("{block: [16, 16], swizzle: 128}"));
  EXPECT_NE(message.find("swizzle"), std::string::npos) << message;
  message = load_error(with_descriptor("[16, 16]"));
  EXPECT_NE(message.find("args.x.descriptor: expected {block: [extents], padding: zero or nan}"), std::string::npos) << message;
}

TEST(TensorDescriptor, OnlyTritonBuffersArePassedAsDescriptors) {
  std::string message = load_error(replaced(with_descriptor("{block: [16, 16]}"), "language: triton", "language: cuda"));
  EXPECT_NE(message.find("args.x.descriptor: tensor descriptors are Triton's"), std::string::npos) << message;
  message = load_error(replaced(kTriton, "{name: m, kind: scalar, dtype: i64, value: M}",
                                "{name: m, kind: scalar, dtype: i64, value: M, descriptor: {block: [16]}}"));
  EXPECT_NE(message.find("args.m.descriptor: only buffers are passed as tensor descriptors"), std::string::npos) << message;
  message = load_error(replaced(with_descriptor("{block: [16, 16], padding: nan}"), "name: x, kind: in, dtype: $dtype",
                                "name: x, kind: in, dtype: i32, init: zeros"));
  EXPECT_NE(message.find("args.x.descriptor.padding: NaN padding needs a floating-point buffer, not i32"), std::string::npos)
      << message;
}

}  // namespace
}  // namespace abt
