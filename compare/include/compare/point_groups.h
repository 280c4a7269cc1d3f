// `diff --group-by op|shape|dtype`: the points summed up by one part of their id, as
// pytest-benchmark groups by parameter: each group's verdict counts and geomean speedup over its
// trusted points, so "which shapes got slower" is one line each.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/vocabulary.h"
#include "util/spelling.h"

namespace abt {

struct Comparison;

enum class GroupBy { op, shape, dtype };
template <>
struct Spellings<GroupBy> {
  static constexpr std::array<std::pair<GroupBy, std::string_view>, 3> table{
      {{GroupBy::op, "op"}, {GroupBy::shape, "shape"}, {GroupBy::dtype, "dtype"}}};
};

struct PointGroup {
  std::string key;  // "cpu_matmul", "64x64x64", "fp32"
  int points = 0, trusted = 0;
  std::map<Verdict, int> verdicts;
  std::optional<double> geomean_speedup;  // over its trusted points, as the summary's
};

struct PointGroups {
  GroupBy by = GroupBy::op;
  std::vector<PointGroup> groups;  // in the order their first point comes in the report
};

// The report's points grouped by `by` (a point id is op/shape/dtype).
PointGroups group_points(const Comparison& report, GroupBy by);

}  // namespace abt
