#include <gtest/gtest.h>

#include "opspec/points.h"
#include "spec_fixture.h"
#include "util/errors.h"

namespace abt {

std::string shape_error(const std::string& yaml) {
  try {
    parse_shape_set(yaml, "set.yaml");
  } catch (const InputError& error) {
    return error.what();
  }
  ADD_FAILURE() << "accepted: " << yaml;
  return "";
}

TEST(ShapeSet, ParsesShapesAndDtypes) {
  ShapeSet set = parse_shape_set("toy:\n  shapes:\n    - [4, 8]\n    - [16, 32]\n  dtypes: [fp32, fp64]\n", "set.yaml");
  ASSERT_EQ(set.ops.size(), 1u);
  EXPECT_EQ(set.ops[0].shapes[1], (std::vector<long long>{16, 32}));
  EXPECT_EQ(set.ops[0].lines[1], 4);
  EXPECT_EQ(set.ops[0].dtypes.size(), 2u);
}

TEST(ShapeSet, RoundTripsThroughYaml) {
  ShapeSet set = parse_shape_set("a:\n  shapes: [[1, 2], [3, 4]]\nb:\n  shapes: [[5]]\n  dtypes: [fp64]\n", "set.yaml");
  ShapeSet again = parse_shape_set(shape_set_to_yaml(set), "again.yaml");
  ASSERT_EQ(again.ops.size(), 2u);
  EXPECT_EQ(again.ops[0].shapes, set.ops[0].shapes);
  EXPECT_EQ(again.ops[1].dtypes, std::vector<DType>{DType::fp64});
}

TEST(ShapeSet, NonPositiveDimensionNamesFileAndLine) {
  std::string message = shape_error("toy:\n  shapes:\n    - [4, 8]\n    - [0, 32]\n");
  EXPECT_NE(message.find("set.yaml:4: toy.shapes[1]: non-positive dimension 0"), std::string::npos) << message;
}

TEST(ShapeSet, MalformedYamlNamesTheLine) {
  std::string message = shape_error("toy:\n  shapes:\n    - [4, 8\n");
  EXPECT_NE(message.find("set.yaml:"), std::string::npos);
  EXPECT_NE(message.find("malformed YAML"), std::string::npos) << message;
  // Issue 63: with the column too, as compilers say where.
  EXPECT_NE(message.find("set.yaml:4:1: malformed YAML: "), std::string::npos) << message;
}

TEST(ShapeSet, UnknownDtypeIsRejected) {
  EXPECT_NE(shape_error("toy:\n  shapes: [[1]]\n  dtypes: [float8]\n").find("unknown dtype 'float8'"), std::string::npos);
}

TEST(Points, ArityMismatchNamesTheLine) {
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(testing::kValidSpec));
  ShapeSet set = parse_shape_set("toy:\n  shapes:\n    - [4, 8]\n    - [4, 8, 2]\n", "set.yaml");
  try {
    expand_points(spec, set, {});
    FAIL();
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("set.yaml:4: toy.shapes[1]: shape has 3 dimensions but toy has 2 (M, N)"),
              std::string::npos) << error.what();
  }
}

TEST(Points, MissingOpKeyIsAnError) {
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(testing::kValidSpec));
  ShapeSet set = parse_shape_set("other:\n  shapes: [[1, 2]]\n", "set.yaml");
  EXPECT_THROW(expand_points(spec, set, {}), InputError);
}

TEST(Points, ExpandsShapesTimesDtypes) {
  testing::SpecFolder folder;
  OpSpec spec = load_op_spec(folder.write(testing::replaced(testing::kValidSpec, "  fp32: {rtol: 1.0e-5, atol: 1.0e-6}",
                                                            "  fp32: {rtol: 1.0e-5, atol: 1.0e-6}\n  fp64: exact")));
  ShapeSet set = parse_shape_set("toy:\n  shapes: [[1, 2], [3, 4]]\n  dtypes: [fp32, fp64]\n", "set.yaml");
  auto points = expand_points(spec, set, {});
  ASSERT_EQ(points.size(), 4u);
  EXPECT_EQ(points[1].id(), "toy/1x2/fp64");
  EXPECT_EQ(expand_points(spec, set, {DType::fp32}).size(), 2u);
}

}  // namespace abt
