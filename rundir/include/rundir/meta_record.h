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

#include "rundir/shard.h"

#include "opspec/dtype.h"
#include "rundir/compiler_fingerprint.h"
#include "rundir/markers.h"
#include "rundir/vocabulary.h"

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
};

struct MetaRecord {
  RunMode mode = RunMode::record;
  std::optional<std::filesystem::path> replay_from;
  std::vector<std::string> command_line;
  std::filesystem::path working_directory;
  CompilerFingerprint compiler;
  std::map<std::string, CompilerFingerprint> reference_compilers;  // by reference language
  nlohmann::json gpu;   // launch/device_info.h's DeviceInfo::to_json, or why there is none
  std::vector<nlohmann::json> gpus;  // a --gpus run: each device it ran on (empty: one device)
  nlohmann::json host;  // the host machine: CPU, cores, kernel, governor
  std::string abtool_version, abtool_git_sha;
  TimingRecord timing;
  uint64_t seed = 0;
  SelectionRecord selection;
  std::string start_time, end_time;  // ISO 8601, local time; end empty while running
  RunStatus status = RunStatus::running;

  nlohmann::json to_json() const;
  static MetaRecord read(const std::filesystem::path& file);  // validates; RunFormatError on damage
};

std::string now_iso8601();

}  // namespace abt
