#include <gtest/gtest.h>

#include "irdump/variant_naming.h"

namespace abt {

OpSpec spec_with(std::vector<TuneParam> tune) {
  OpSpec spec;
  spec.name = "toy";
  spec.tune = std::move(tune);
  return spec;
}

TEST(VariantNaming, AbbreviatesMultiWordNames) {
  EXPECT_EQ(VariantNaming::abbreviate("BLOCK_SIZE_M"), "BSM");
  EXPECT_EQ(VariantNaming::abbreviate("num_warps"), "w");
  EXPECT_EQ(VariantNaming::abbreviate("num_stages"), "s");
  EXPECT_EQ(VariantNaming::abbreviate("UNROLL"), "UNROLL");
}

TEST(VariantNaming, OnlyVaryingParametersAppear) {
  OpSpec spec = spec_with({{"BLOCK_SIZE_M", {"64", "128"}}, {"GROUP_SIZE_M", {"8"}},
                           {"num_warps", {"4", "8"}}, {"num_stages", {"3", "4"}}});
  VariantNaming naming(spec, false);
  Config config{{"BLOCK_SIZE_M", "128"}, {"GROUP_SIZE_M", "8"}, {"num_warps", "4"}, {"num_stages", "3"}};
  EXPECT_EQ(naming.name(config, DType::fp16), "BSM128_w4s3");
  EXPECT_NE(naming.legend_markdown().find("| `BSM` | `BLOCK_SIZE_M` |"), std::string::npos);
}

TEST(VariantNaming, DtypeSuffixAndDefault) {
  VariantNaming with_dtype(spec_with({{"BLOCK", {"1", "2"}}}), true);
  EXPECT_EQ(with_dtype.name({{"BLOCK", "2"}}, DType::bf16), "BLOCK2__bf16");
  VariantNaming fixed(spec_with({}), false);
  EXPECT_EQ(fixed.name({}, DType::fp32), "default");
}

TEST(VariantNaming, TritonLegendSaysWhereTheSpecializationIsRecorded) {
  OpSpec spec = spec_with({{"BLOCK", {"1", "2"}}});
  EXPECT_EQ(VariantNaming(spec, false).legend_markdown().find("specialized"), std::string::npos);
  spec.language = Language::triton;
  VariantNaming naming(spec, false);
  EXPECT_EQ(naming.name({{"BLOCK", "2"}}, DType::fp32), "BLOCK2");
  EXPECT_NE(naming.legend_markdown().find("index.tsv's params list it after `|`"), std::string::npos) << naming.legend_markdown();
}

// Ops of one run that launch one kernel (a capture's specializations of it) keep their files apart:
// every op but the one named after the kernel suffixes its variants with its own name.
TEST(VariantNaming, OpsSharingAKernelKeepTheirFilesApart) {
  OpSpec first = spec_with({{"BLOCK", {"1", "2"}}}), second = first;
  first.kernel = first.name;
  second.name = first.name + "-2";
  second.kernel = first.name;
  EXPECT_EQ(VariantNaming(first, false, true).name({{"BLOCK", "2"}}, DType::fp32), "BLOCK2");
  EXPECT_EQ(VariantNaming(second, false, true).name({{"BLOCK", "2"}}, DType::fp32), "BLOCK2__" + second.name);
  EXPECT_EQ(VariantNaming(second, true, true).name({{"BLOCK", "2"}}, DType::bf16), "BLOCK2__bf16__" + second.name);
  EXPECT_EQ(VariantNaming(second, false, false).name({{"BLOCK", "2"}}, DType::fp32), "BLOCK2") << "alone, no suffix";
  EXPECT_NE(VariantNaming(second, false, true).legend_markdown().find("`__" + second.name + "`"), std::string::npos);
}

TEST(VariantNaming, CollidingInitialsFallBackToFullNames) {
  VariantNaming naming(spec_with({{"BLOCK_SIZE_M", {"1", "2"}}, {"BIG_SIZE_M", {"3", "4"}}}), false);
  EXPECT_EQ(naming.name({{"BLOCK_SIZE_M", "1"}, {"BIG_SIZE_M", "4"}}, DType::fp32), "BLOCK_SIZE_M1_BIG_SIZE_M4");
}

}  // namespace abt
