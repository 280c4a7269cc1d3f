#include "compare/point_groups.h"

#include <cmath>

#include "compare/comparison.h"

namespace abt {
namespace {

// op/shape/dtype: the op is before the first '/', the dtype after the last, the shape between.
std::string part_of(const std::string& id, GroupBy by) {
  const size_t first = id.find('/'), last = id.rfind('/');
  if (first == std::string::npos || first == last) return id;
  switch (by) {
    case GroupBy::op: return id.substr(0, first);
    case GroupBy::shape: return id.substr(first + 1, last - first - 1);
    case GroupBy::dtype: return id.substr(last + 1);
  }
  return id;
}

bool trusted(Verdict verdict) {
  return verdict == Verdict::faster || verdict == Verdict::slower || verdict == Verdict::same || verdict == Verdict::ambiguous;
}

}  // namespace

PointGroups group_points(const Comparison& report, GroupBy by) {
  PointGroups grouped{by, {}};
  std::map<std::string, size_t> index;
  std::vector<double> log_sums;
  for (const PointComparison& row : report.points) {
    const std::string key = part_of(row.id, by);
    auto [at, added] = index.try_emplace(key, grouped.groups.size());
    if (added) {
      grouped.groups.push_back({key, 0, 0, {}, std::nullopt});
      log_sums.push_back(0);
    }
    PointGroup& group = grouped.groups[at->second];
    ++group.points;
    ++group.verdicts[row.verdict];
    if (row.timed() && trusted(row.time_verdict()) && row.speedup > 0) {  // the time's geomean: of trusted times
      ++group.trusted;
      log_sums[at->second] += std::log(row.speedup);
    }
  }
  for (size_t i = 0; i < grouped.groups.size(); ++i)
    if (grouped.groups[i].trusted) grouped.groups[i].geomean_speedup = std::exp(log_sums[i] / grouped.groups[i].trusted);
  return grouped;
}

}  // namespace abt
