// What abtool measures of a point, as data (rustc-perf's Metric, nvbench's named summaries): each
// metric is one row of kMetrics below (its name, label, unit, which way is better, how A and B are
// judged), and a side's value of it is a MetricValue (the metric and its reads). The engine fills
// them, results.json keeps them in a list, diff judges each pair, every exporter and the report
// show them, and the history keeps every one as a row: none of them names a metric.
//
// A new metric is its row here (and its enum value), the file that measures it (an AfterTiming,
// engine/src/after_timing.h) and the line that lists that measurement for the run
// (engine/src/run_execute.cpp). A hardware counter is its row alone: the row names what CUPTI
// calls it and how one call's kernels fold into one value, and the counter reading, results.json,
// the why beside a verdict and the history loop over the rows. The structured records some metrics
// come from (an instruction count's calls, a compile's stages) stay as they are;
// model/point_metrics.h reads every metric of a side, from either source.
#pragma once
#include <array>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/spelling.h"

namespace abt {

enum class MetricId {
  time,                  // the point's median time
  instructions,          // --metric instructions: one call's instructions
  compile_ms,            // the measured variant's compile
  compile_instructions,  // --compile-instructions: that compile's instructions
  dram_read_bytes,       // --counters
  dram_write_bytes,
  l2_hit_pct,
  warp_instructions,
  occupancy_pct,
  code_bytes,            // the measured binary's executable code
};

enum class Better { lower, higher };
template <>
struct Spellings<Better> {
  static constexpr std::array<std::pair<Better, std::string_view>, 2> table{{{Better::lower, "lower"}, {Better::higher, "higher"}}};
};

// How A's value and B's are judged against each other (compare/metric_comparison.h).
enum class MetricJudged {
  by_point,      // by the point's own decision (time: the bootstrap; instructions: their verdict), not again
  exact,         // deterministic: a change beyond --instructions-threshold counts
  beyond_reads,  // noisy reads: a change counts when A's reads and B's do not overlap
  shown,         // one noisy value a side (a compile's wall time): shown, never judged
};

// Where the outputs show a metric beyond CSV, JSON and the history, which always carry it.
enum class MetricShown {
  table,  // a column in Markdown, --wide and the report; on the point's line below diff's table where it changed
  data,   // only as data: its own lines say it (the compile time per op, the counters' why)
};

// How the kernels of one call (a prologue, a split reduction: one profiler range each) make one
// value of a hardware counter.
enum class CounterFold {
  none,               // not a hardware counter
  sum,                // a count: the kernels' counts add (bytes, instructions)
  duration_weighted,  // a ratio: each kernel's weighted by its duration (a kernel that ran longer says more)
};

// Where a hardware counter's row comes from (--counters) and how the why beside a verdict says it.
struct CounterSource {
  std::string_view cupti;                // Nsight Compute's name: "dram__bytes_read.sum"
  CounterFold fold = CounterFold::none;
  // Below this a change between A and B reads `same` (besides the sides' own reads' spread): in %
  // of A's value for a count, in percentage points for a ratio; 0 for a count the code decides.
  double same_within = 0;
  std::string_view why;  // its word in the why line: "dram read"
};

struct MetricInfo {
  MetricId id;
  std::string_view name;   // in files, CSV columns and the history: "code_bytes"
  std::string_view label;  // as a table's title: "code bytes"
  std::string_view unit;   // "us", "instructions", "ms", "bytes", "%"
  Better better;
  MetricJudged judged;
  MetricShown shown;
  std::string_view about;  // what it is, for the docs
  CounterSource counter{};  // a hardware counter's source; fold none for every other metric

  bool is_counter() const { return counter.fold != CounterFold::none; }
};

inline constexpr std::array<MetricInfo, 10> kMetrics{{
    {MetricId::time, "time", "time", "us", Better::lower, MetricJudged::by_point, MetricShown::data,
     "the median of the point's samples"},
    {MetricId::instructions, "instructions", "instructions", "instructions", Better::lower, MetricJudged::by_point,
     MetricShown::table, "instructions one call executes (--metric instructions: callgrind on a host, SASS on a device)"},
    {MetricId::compile_ms, "compile_ms", "compile ms", "ms", Better::lower, MetricJudged::shown, MetricShown::data,
     "the measured variant's compile: its stages' time where the compiler times them (Triton), else its process's wall time"},
    {MetricId::compile_instructions, "compile_instructions", "compile instructions", "instructions", Better::lower,
     MetricJudged::exact, MetricShown::data, "instructions of that compile, every stage (--compile-instructions)"},
    {MetricId::dram_read_bytes, "dram_read_bytes", "DRAM read", "bytes", Better::lower, MetricJudged::beyond_reads,
     MetricShown::data, "bytes one call reads from DRAM (--counters)", {"dram__bytes_read.sum", CounterFold::sum, 0.5, "dram read"}},
    {MetricId::dram_write_bytes, "dram_write_bytes", "DRAM written", "bytes", Better::lower, MetricJudged::beyond_reads,
     MetricShown::data, "bytes one call writes to DRAM (--counters)",
     {"dram__bytes_write.sum", CounterFold::sum, 0.5, "dram write"}},
    {MetricId::l2_hit_pct, "l2_hit_pct", "L2 hit", "%", Better::higher, MetricJudged::beyond_reads, MetricShown::data,
     "L2 sector lookups that hit (--counters)", {"lts__t_sector_hit_rate.pct", CounterFold::duration_weighted, 0.5, "L2 hit"}},
    {MetricId::warp_instructions, "warp_instructions", "warp instructions", "instructions", Better::lower,
     MetricJudged::beyond_reads, MetricShown::data, "SASS instructions executed, per warp (--counters)",
     {"smsp__inst_executed.sum", CounterFold::sum, 0, "inst"}},
    {MetricId::occupancy_pct, "occupancy_pct", "occupancy", "%", Better::higher, MetricJudged::beyond_reads,
     MetricShown::data, "achieved occupancy (--counters)",
     {"sm__warps_active.avg.pct_of_peak_sustained_active", CounterFold::duration_weighted, 0.5, "occupancy"}},
    {MetricId::code_bytes, "code_bytes", "code bytes", "bytes", Better::lower, MetricJudged::exact, MetricShown::table,
     "bytes of executable code in the measured binary (its ELF sections that execute)"},
}};

static_assert(
    [] {
      for (size_t i = 0; i < kMetrics.size(); ++i)
        if (size_t(kMetrics[i].id) != i) return false;
      return true;
    }(),
    "kMetrics' rows are in MetricId's order: a metric's id is its row's index");

// Every metric's row: kMetrics', then any added since. Every loop over the metrics is over these,
// so a row added (a test's fake counter) reaches every file, printer and history without another
// line; references into it stay valid as rows are added.
const std::deque<MetricInfo>& metric_rows();
// A row beyond kMetrics (its id is ignored: the next after the last row's is given and returned).
// Its strings must outlive every use. Throws std::invalid_argument for a name a row already has.
MetricId add_metric_row(MetricInfo row);

const MetricInfo& metric_info(MetricId id);
std::optional<MetricId> metric_named(std::string_view name);  // a row's name as files spell it
std::string_view metric_name(MetricId id);
std::string metric_names(std::string_view separator = ", ");   // for error messages

// One side's value of a metric: every read of it, in order (an instruction count of two calls, a
// counter read twice), at least one. Its value is their mean; how far they spread is the metric's
// own noise at this point.
struct MetricValue {
  MetricId metric = MetricId::time;
  std::vector<double> reads;

  double value() const;
  double low() const;
  double high() const;
  bool operator==(const MetricValue&) const = default;
};

// A side's metrics, in the order they were measured (each metric at most once).
class MetricValues {
 public:
  const MetricValue* find(MetricId metric) const;
  void set(MetricId metric, std::vector<double> reads);  // replaces an earlier value
  const std::vector<MetricValue>& all() const { return values_; }
  bool empty() const { return values_.empty(); }
  bool operator==(const MetricValues&) const = default;

 private:
  std::vector<MetricValue> values_;
};

}  // namespace abt
