// The SUCCESS/FAILED table of one run, as printed at its end and kept in run.log.
#pragma once
#include <string>
#include <vector>

#include "recorder/point_result.h"

namespace abt {

std::string result_line(const PointResult& result);  // one line per finished point
std::string result_table(const std::vector<PointResult>& results);

}  // namespace abt
