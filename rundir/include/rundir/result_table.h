// The SUCCESS/FAILED table of one run, as kept in run.log and printed at the run's end.
#pragma once
#include <string>
#include <vector>

#include "model/point_record.h"

namespace abt {

std::string result_line(const PointRecord& point);  // one line per finished point
std::string result_table(const std::vector<PointRecord>& points);

}  // namespace abt
