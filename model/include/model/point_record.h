// One point of a run: what it measured, with what, and how it was verified. Built by the point
// engine once, when the point ends (engine/src/point_result.cpp); results.json's codec is
// rundir/point_codec.h, its samples live in the samples sidecar (rundir/samples_file.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "opspec/op_spec.h"
#include "opspec/shape_set.h"
#include "model/binary_manifest.h"
#include "model/compile_profile.h"
#include "model/gpu_counters.h"
#include "model/instruction_count.h"
#include "model/measurement.h"
#include "model/metric.h"
#include "model/point_phases.h"
#include "model/stored_interval.h"
#include "model/verify_outcome.h"
#include "stats/summary.h"

namespace abt {

// The roofline inputs of a point; the derived figures (TFLOP/s, % of peak, bound) are computed
// from them and the median when written.
struct Roofline {
  std::optional<double> flops, bytes;            // per call, from the spec's metrics
  std::optional<double> peak_tflops, peak_gbps;  // of the device
  std::string peak_source;
};

// What a roofline says at a median time: achieved rates, how close to the device's peaks, and
// which roof bounds the point (flops per byte against the ridge point where the roofs meet).
struct RooflineFigures {
  std::optional<double> tflops, gbps, pct_peak_compute, pct_peak_memory, arithmetic_intensity, ridge_point;
  std::optional<bool> memory_bound;
};
RooflineFigures roofline_figures(const Roofline& roofline, double median_us);

// A's code measured again beside B's, in B's process (interleaved replay): what diff decides from.
struct Baseline {
  Measurement measurement;
  SampleSummary latency;     // of measurement.samples_us
  std::string binary_hash;   // A's stored binary
  std::optional<InstructionCount> instructions;  // --metric instructions: A's code counted here
  std::optional<CounterReads> counters;          // --counters: A's code profiled here
  std::optional<StoredInterval> interval;        // B against these samples, as the replay resampled it
  MetricValues metrics;                          // what the metrics' own measurements read of A's code here
};

// B's outputs against A's code's on the same inputs (an interleaved replay runs both here): a
// bitwise difference is a numerics change, or a miscompile the tolerance let through.
struct OutputComparison {
  bool identical = true;
  double max_abs = 0, max_rel = 0;  // largest |B - A|, and relative to |A|
  size_t differing = 0;             // elements whose bits differ
  // A's code run twice on the same inputs: when its outputs differ from each other (an atomic
  // accumulation's order), by how much at most. nullopt: A gave the same bits twice (or an older
  // run did not look).
  std::optional<double> a_self_max_abs;
};

// `replay --retune`: B's own best config for the point's key (its own sweep), measured beside
// the pinned one, so diff can tell the best-vs-best speedup from the pinned one.
struct Retuned {
  Config config;
  std::string variant;
  bool same_as_pinned = false;  // B's best is A's config: the point's own measurement is B's best
  std::string binary_hash;
  Measurement measurement;      // empty when same_as_pinned
  SampleSummary latency;
  std::vector<std::string> ir_files;
  std::optional<double> compile_ms;
};

// The device a CUDA point ran on: with --gpus, points of one run run on several.
struct PointGpu {
  int index = 0;     // the CUDA ordinal
  std::string uuid;  // the physical device
};

struct PointRecord {
  Point point;
  std::string kernel;
  bool success = false;
  Config config;
  std::string variant;
  ConfigSource config_source = ConfigSource::none;
  Measurement measurement;
  SampleSummary latency;            // of measurement.samples_us
  std::vector<Marker> markers;      // the chooser's, then the measurement's
  std::optional<VerifyOutcome> verify;
  std::string input_digest;
  std::string output_digest;
  std::string binary_hash;
  std::optional<BinaryManifest> binary;  // bin/...: the measured variant's binary (absent: an older run)
  std::optional<Baseline> baseline;      // interleaved replays: A's code in this process
  std::vector<std::string> ir_files;  // relative to the run directory
  Roofline roofline;
  std::string error;
  std::optional<double> compile_ms;  // of the measured variant (absent: a run older than this field)
  std::optional<CompileProfile> compile_profile;  // its stages (absent: none reported, none counted)
  std::optional<OutputComparison> output_vs_baseline;  // interleaved replays whose A binary ran here
  std::optional<Retuned> retuned;                      // replay --retune
  std::optional<PointGpu> gpu;                         // CUDA points (absent: host ops, or an older run)
  std::optional<std::string> library_config;           // a captured op: the config the library itself launched (config text)
  std::optional<InstructionCount> instructions;        // --metric instructions: the measured variant's count
  std::optional<CounterReads> counters;                // --counters: the measured variant's hardware counters
  std::optional<PointTime> time;                       // where its wall time went (absent: an older run)
  // What the metrics' own measurements read (model/metric.h; the time and the records above are
  // read as metrics by model/point_metrics.h).
  MetricValues metrics;
  std::string build;  // the abtool that measured it, "version (git sha)" (empty: a run older than this field)

  std::string id() const { return point.id(); }
  bool has_marker(MarkerKind kind) const;
};

}  // namespace abt
