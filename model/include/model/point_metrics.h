// Every metric of one side of a point, whatever measured it (model/metric.h): the time, the
// structured records (an instruction count's calls, each counter's reads, the compile) and the
// metrics a measurement filled on its own, in the rows' order. What diff judges, the exporters
// show and the history keeps: the one place that reads a metric out of a point's records.
#pragma once
#include "model/metric.h"
#include "model/point_record.h"

namespace abt {

MetricValues metrics_of(const PointRecord& point);  // the measured side
MetricValues metrics_of(const Baseline& baseline);  // A's code measured again in B's process

}  // namespace abt
