// A point's speedup interval as the replay computed it when the point ended, kept in results.json
// beside A's code's samples (Baseline::interval), so that diff and the report need not resample
// the same samples again: on big runs the bootstrap is nearly all diff spends. They use it only
// where the inputs they would resample hash to `inputs` (verdict/verdict.h, interval_inputs), so
// other samples, another rule or another bootstrap are resampled as before.
#pragma once
#include <string>

namespace abt {

struct StoredInterval {
  std::string inputs;  // the digest of the samples, round sizes, medians and rule it came from
  double ratio = 0, low = 0, high = 0;  // B/A of the medians, and its interval's ends
  int resamples = 0;                    // how many were drawn (an early stop draws fewer)
};

}  // namespace abt
