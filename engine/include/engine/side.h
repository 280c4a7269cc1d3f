// A side of a point: one variant the engine times in the point's rounds. Every point has its
// own (the `measured` side: a record's winner, or B's variant in a replay); a replay adds A's
// stored binary (`baseline`, so A and B are compared in one process) and, with --retune, B's own
// best config (`retuned`). Sides are timed in alternating order, round by round (A B R, R B A,
// ...), on the point's buffers; their samples become the point's record when it ends.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "counters/instruction_counter.h"
#include "launch/execution_target.h"
#include "model/binary_manifest.h"
#include "model/compile_profile.h"
#include "model/gpu_counters.h"
#include "model/measurement.h"
#include "model/metric.h"
#include "model/point_record.h"
#include "irdump/ir_dump.h"
#include "rundir/index_row.h"

namespace abt {

// In the order a forward round times them.
enum class SideRole { baseline, measured, retuned };

struct Side {
  SideRole role = SideRole::measured;
  Config config;
  std::string variant;
  std::string binary_hash;
  std::optional<double> compile_ms;
  CompileProfile compile_profile;          // its stages: wall times (Triton), instructions (--compile-instructions)
  WrittenIr ir_files;                      // relative to the run directory (its disassembly may still run)
  std::optional<BinaryManifest> binary;    // measured: its copy in bin/
  // Null for a side that is not timed on its own: B's own best when it is A's config (the
  // measured side's samples are its samples).
  std::unique_ptr<LoadedVariant> loaded;
  std::optional<IndexRow> row;             // its index.tsv row (launches are counted there); A's binary has none
  Measurement measurement;                 // every round's samples so far
  std::optional<OutputComparison> outputs; // baseline: B's outputs against this side's, bit for bit
  CountedVariant counted;                  // its binary as an instruction counter loads it
  std::optional<InstructionCount> instructions;  // --metric instructions, after the point's rounds
  std::optional<CounterReads> counters;          // --counters, after the point's rounds
  MetricValues metrics;                          // what the metrics' own measurements read (model/metric.h)

  bool timed() const { return loaded != nullptr; }
};

// The side with `role`, or null.
const Side* find_side(const std::vector<Side>& sides, SideRole role);
Side* find_side(std::vector<Side>& sides, SideRole role);

}  // namespace abt
