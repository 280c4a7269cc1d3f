// meta.json: how a run was made (mode, command line, compilers, machine, timing settings, the
// selection replay inherits) and whether it finished.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/compiler_fingerprint.h"
#include "model/machine_record.h"
#include "model/markers.h"
#include "model/shard.h"
#include "model/vocabulary.h"
#include "opspec/dtype.h"

namespace abt {

// The timing settings a run used; a replay measures with A's unless told otherwise.
struct TimingRecord {
  TimerKind timer = TimerKind::graph;
  double warmup_ms = 0, rep_ms = 0;
  int rounds = 1;
  std::optional<GraphPhase> test_graph_fault;  // a test seam was on: that graph phase failed on purpose
  bool operator==(const TimingRecord&) const = default;
};

// What was selected: replay takes these from A unless an option overrides them.
struct SelectionRecord {
  std::vector<std::string> ops;
  std::filesystem::path ops_dir;
  std::filesystem::path shapes_file;
  std::string compiler;        // --compiler as given (B's default: the same backend and build)
  std::vector<DType> dtypes;   // --dtypes; empty when the shape set's were used
  std::optional<Shard> shard;  // --shard: this run measured that part of the selection's points
  // --shard runs: what they were cut from (the whole selection's point count and the sha256 of its
  // ids sorted, one per line) and this part's ids, so a merge can tell a part edited or lost.
  struct ShardPlan {
    size_t selection_points = 0;
    std::string selection_sha256;
    std::vector<std::string> part;
  };
  std::optional<ShardPlan> shard_plan;  // absent in shards of an older abtool
};

// The sha256 of point ids, one per line, in order (SelectionRecord::ShardPlan).
std::string point_ids_sha256(const std::vector<std::string>& ids);

// What changes a run's choices besides its options (environment variables read at its start),
// so a replay, a resume or a reader sees it (util/environment.h).
struct SweepRecord {
  bool full = false;                    // ABTOOL_FULL_SWEEP=1: no first-stage screening
  double triton_variant_limit_s = 300;  // ABTOOL_TRITON_VARIANT_LIMIT_S: a slower compile fails
  ConfigPolicy configs = ConfigPolicy::sweep;  // record --configs (absent before: sweep)
  bool operator==(const SweepRecord&) const = default;
};

struct MetaRecord {
  RunMode mode = RunMode::record;
  // Names this run wherever its directory is copied (empty in runs made before it was written).
  std::string run_id;
  // A replay's A: its absolute path when B was made, the path from B's directory to it, and its
  // run_id, so a pair copied elsewhere is still known for one.
  std::optional<std::filesystem::path> replay_from;
  std::optional<std::filesystem::path> replay_from_relative;
  std::string replay_from_run_id;
  std::vector<std::string> command_line;
  std::filesystem::path working_directory;
  CompilerFingerprint compiler;
  std::map<std::string, CompilerFingerprint> reference_compilers;  // by reference language
  DeviceRecord gpu;                // the device the points ran on, or why there is none
  std::vector<DeviceRecord> gpus;  // a --gpus run: each device it ran on (empty: one device)
  HostRecord host;
  std::string abtool_version, abtool_git_sha;  // the build that started the run
  // Every build that wrote points into it, in order ("version (git sha)"): a resume by another
  // build adds its own (each point names its build too). Empty in runs older than this field.
  std::vector<std::string> builds;
  TimingRecord timing;
  SweepRecord sweep;
  Metric metric = Metric::time;  // --metric (absent in older runs: time)
  CounterSelection counters = CounterSelection::none;  // --counters (written only when some were asked for)
  bool compile_instructions = false;  // --compile-instructions (written only when given)
  uint64_t seed = 0;
  SelectionRecord selection;
  std::string start_time, end_time;  // ISO 8601, local time; end empty while running
  RunStatus status = RunStatus::running;

  nlohmann::json to_json() const;
  static MetaRecord read(const std::filesystem::path& file);  // validates; RunFormatError on damage
};

std::string now_iso8601();
std::string build_name(const std::string& version, const std::string& git_sha);  // "0.1.0 (4a8241b...)"
std::string new_run_id();  // 32 random hex digits

// The path from a run written in `dir` to the run `target` it replays (both made absolute).
std::filesystem::path path_between(const std::filesystem::path& dir, const std::filesystem::path& target);

// Whether `replay` (a replay run in `replay_dir`) replays `record` (in `record_dir`): by run id
// where both runs have one, else by the path it stored (absolute, or relative to `replay_dir`).
bool replays(const MetaRecord& replay, const std::filesystem::path& replay_dir, const MetaRecord& record,
             const std::filesystem::path& record_dir);

}  // namespace abt
