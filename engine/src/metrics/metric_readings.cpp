// The metrics every run reads after its rounds (model/metric.h), each measured by one file of this
// folder: a new metric is its row in kMetrics, its file here and its line below (a hardware counter
// is its row alone: engine/src/counter_reading.cpp reads every counter row).
#include "../after_timing.h"

namespace abt {

std::unique_ptr<AfterTiming> code_size_reading();  // code_bytes.cpp

std::vector<std::unique_ptr<AfterTiming>> metric_readings() {
  std::vector<std::unique_ptr<AfterTiming>> readings;
  readings.push_back(code_size_reading());
  return readings;
}

}  // namespace abt
