// The SUCCESS/FAILED table of one run, as kept in run.log and printed at the run's end.
#pragma once
#include <string>
#include <vector>

#include "model/point_record.h"

namespace abt {

std::string result_line(const PointRecord& point);  // one line per finished point
// At most `width` columns a line (std::string::npos: no limit, as run.log keeps it): where the
// table is wider, the columns a reader can spare go first (min, q1..q3, method, GFLOP/s, GB/s),
// then the detail (markers, an error) moves under its row, wrapped at words.
std::string result_table(const std::vector<PointRecord>& points, size_t width = std::string::npos);

}  // namespace abt
