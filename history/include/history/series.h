// A point's series: its values of one metric over the history's builds, in build order. A point
// that appears in a later build starts its series there; one that is gone ends it. Where a build
// has several runs of a point (a rerun, a second machine), its value is their median.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "history/history_store.h"
#include "stats/series_noise.h"

namespace abt {

struct SeriesValue {
  size_t build = 0;  // index into HistorySeries::builds
  double value = 0;
  std::optional<double> low, high;
  int64_t run = 0;       // the run it came from (the median one): StoredRun::id
  bool excluded = false;  // no evidence of the compiler (a fallback sweep): shown, not judged
  CodeIdentity code;      // what that run measured (unknown: a history of schema 2, or no binary kept)
};

// A build where the point FAILED (in every run of that build that has it).
struct SeriesFailure {
  size_t build = 0;
  int64_t run = 0;
  std::string reason;
};

struct Series {
  std::string point, op;
  std::vector<SeriesValue> values;      // in build order, one per build that has it
  std::vector<SeriesFailure> failures;  // in build order: builds where it FAILED and has no value

  std::vector<double> judged_values() const;  // the values that are evidence, in order
};

// The evidence of one series: its judged values, each one's interval, where each came from, and
// whether the code changed between consecutive ones (what a level shift there can be).
struct JudgedSeries {
  std::vector<double> values;
  std::vector<ValueInterval> intervals;
  std::vector<CodeBoundary> boundaries;  // [i]: between values i-1 and i ([0]: unknown)
  std::vector<const SeriesValue*> from;
};
JudgedSeries judged_of(const Series& series);

struct HistorySeries {
  std::vector<Build> builds;  // in build order
  StoredMetric metric;
  std::vector<Series> series;  // by point name
  std::vector<StoredRun> runs;
  std::string baseline_dir;  // replays: the record they replay (the bisect recipe's RECORD); empty for records

  const StoredRun* run(int64_t id) const;
};

// Every point's series of `metric`; an InputError naming the history when it has no such metric.
HistorySeries load_series(const HistoryStore& store, const std::string& metric);

}  // namespace abt
