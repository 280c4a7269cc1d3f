// A tensor descriptor's kernel parameters (launch/tensor_map.h), worked out as Triton's launcher
// does (make_tensordesc_arg and fill_tma_descriptor in triton/backends/nvidia/driver.{py,c}).
#include <gtest/gtest.h>

#include "launch/tensor_map.h"
#include "model/json_fields.h"
#include "util/errors.h"

namespace abt {
namespace {

DescriptorCall a_tile(std::vector<long long> shape, DType dtype = DType::bf16) {
  DescriptorCall call;
  call.arg = 0;
  call.name = "a_desc";
  call.dtype = dtype;
  call.shape = std::move(shape);
  call.block = {64, 128};
  return call;
}

TEST(TensorMap, ALoweredDescriptorIsAMapInnermostDimensionFirstThenItsShapeAndStrides) {
  DescriptorCall call = a_tile({100, 512});
  // Triton's compiler chose a 128-byte swizzle and a 64-element box for the 128-wide tile's rows.
  call.tensor_map = TensorMapMeta{3, 2, 9, {64, 64}};
  call.padding = DescriptorPadding::nan;
  const DescriptorParams params = descriptor_params(call);
  ASSERT_TRUE(params.tensor_map);
  const TensorMapEncoding& map = *params.tensor_map;
  EXPECT_EQ(map.data_type, 9);
  EXPECT_EQ(map.rank, 2u);
  EXPECT_EQ(map.dims[0], 512u);
  EXPECT_EQ(map.dims[1], 100u);
  EXPECT_EQ(map.byte_strides[0], 1024u) << "a row of 512 bf16";
  EXPECT_EQ(map.box[0], 64u);
  EXPECT_EQ(map.box[1], 64u);
  EXPECT_EQ(map.element_strides[0], 1u);
  EXPECT_EQ(map.element_strides[1], 1u);
  EXPECT_EQ(map.swizzle, 3);
  EXPECT_EQ(map.fill, TensorMapEncoding::kFillNanRequestZeroFma);
  EXPECT_EQ(params.after, (std::vector<NumberParam>{{100, 4}, {512, 4}, {512, 8}, {1, 8}}));
}

TEST(TensorMap, ADescriptorTheCompilerDidNotLowerIsItsPointerShapeStridesAndPaddingThenItsShapeAndStridesAgain) {
  const DescriptorParams params = descriptor_params(a_tile({100, 512}));
  EXPECT_FALSE(params.tensor_map);
  EXPECT_EQ(params.after, (std::vector<NumberParam>{{100, 8}, {512, 8}, {512, 8}, {1, 8}, {0, 1},
                                                    {100, 4}, {512, 4}, {512, 8}, {1, 8}}));
}

TEST(TensorMap, WhatTmaCannotAddressIsAPointErrorNamingTheArgument) {
  DescriptorCall call = a_tile({100, 7});  // a row of 14 bytes
  call.tensor_map = TensorMapMeta{3, 2, 9, {64, 64}};
  try {
    descriptor_params(call);
    ADD_FAILURE() << "accepted";
  } catch (const PointError& error) {
    EXPECT_STREQ(error.what(), "tensor descriptor a_desc: a stride of 14 bytes (dimension 0) is not a multiple of 16 below 2^40, as TMA needs");
  }
  call = a_tile({100, 512}, DType::fp32);
  call.tensor_map = TensorMapMeta{3, 2, 9, {64, 64}};
  EXPECT_THROW(descriptor_params(call), PointError) << "the compiled kernel's elements are 2 bytes, the buffer's 4";
  call = a_tile({100, 512});
  call.tensor_map = TensorMapMeta{3, 2, 9, {64, 64, 1}};  // a damaged run's manifest
  EXPECT_THROW(descriptor_params(call), PointError);
  call.tensor_map = TensorMapMeta{3, 2, 9, {64, 1024}};
  EXPECT_THROW(descriptor_params(call), PointError);
  call = a_tile({100, 512});
  call.block = {64, 96};
  EXPECT_THROW(descriptor_params(call), PointError);
  call = a_tile({3000000000LL, 512});
  EXPECT_THROW(descriptor_params(call), PointError) << "the kernel takes its shape as i32";
}

TEST(TensorMap, TheLaunchContractKeepsItsMapsThroughTheManifestAndOlderManifestsHaveNone) {
  TritonLaunchContract contract;
  contract.passed_args = {"a_desc", "M"};
  contract.tensor_maps = {TensorMapMeta{3, 2, 9, {64, 64}}};
  const TritonLaunchContract back = TritonLaunchContract::from_json(JsonFields(contract.to_json(), "manifest"));
  EXPECT_EQ(back.tensor_maps, contract.tensor_maps);
  nlohmann::json older = contract.to_json();
  older.erase("tensor_maps");
  EXPECT_TRUE(TritonLaunchContract::from_json(JsonFields(older, "manifest")).tensor_maps.empty());
}

}  // namespace
}  // namespace abt
