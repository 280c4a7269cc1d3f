// What a record or replay run is asked to do, as typed values: the user's options (absent ones
// are std::nullopt) resolved against record's defaults here, or against A's run in replay/.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "graphtime/graph_plan.h"
#include "graphtime/timer.h"
#include "opspec/dtype.h"
#include "model/shard.h"
#include "model/vocabulary.h"

namespace abt {

class CompilerBackend;

struct ToolIdentity {
  std::string version, git_sha;
  std::filesystem::path directory;  // where the abtool executable is, and its helpers (abtool-count-host)
};

// The measurement options as given on the command line. What a replay inherits from A is
// optional: absent means "A's" for replay and "the default" for record.
struct RunOptions {
  std::optional<std::vector<std::string>> ops;
  std::optional<std::filesystem::path> ops_dir, shapes;
  std::optional<std::vector<std::string>> dtypes;
  std::optional<uint64_t> seed;
  std::optional<std::string> compiler;
  std::string compiler_flags;
  std::vector<std::string> compiler_env;
  std::optional<TimerKind> timer;
  std::optional<double> warmup_ms, rep_ms;
  std::optional<int> rounds;
  std::optional<Metric> metric;  // --metric; replay: A's (another is refused)
  std::optional<ConfigPolicy> configs;  // record --configs
  CounterSelection counters = CounterSelection::none;  // --counters
  bool compile_instructions = false;  // --compile-instructions
  int gpu = 0;
  std::optional<Shard> shard;    // --shard I/N; replay: A's unless given
  std::vector<std::string> points;  // --points: only these point ids of the selection (empty: all)
  std::optional<std::filesystem::path> cache_dir;  // --cache-dir; default compilers/compile_store.h's
  bool no_cache = false;                           // --no-cache
  std::string arch;              // CUDA compile target; default: the device's
  std::filesystem::path out;     // empty: runs/<op>_<timestamp>
  bool resume = false;           // `out` is an unfinished run of these options: finish it
  bool restarted_worker = false; // ... as the worker taking over from one that ended (not a user's --resume)
  std::optional<GraphPhase> test_graph_fault;
  std::vector<std::string> command_line;
  ToolIdentity tool;
  std::optional<std::filesystem::path> after_capture;  // hidden --after-capture: capture's handshake folder (capture/replay_check.h)
};

struct RunRequest {
  RunMode mode = RunMode::record;
  std::optional<std::filesystem::path> replay_from;
  std::string replay_from_run_id;          // A's meta.json run_id (empty for runs made before it)
  std::vector<std::string> ops;            // empty: every op of the shape set that the compiler builds
  std::filesystem::path ops_dir, shapes;
  std::vector<DType> dtypes;               // empty: the shape set's, else the op's
  uint64_t seed = 42;
  std::optional<std::string> compiler;     // empty: this machine's default (compilers/compiler.h)
  std::string compiler_flags;
  std::vector<std::string> compiler_env;
  TimingSettings timing;
  Metric metric = Metric::time;  // instructions: every point's sides counted after its rounds (meta.json "metric")
  CounterSelection counters = CounterSelection::none;  // whose hardware counters are read after the rounds (meta.json "counters")
  bool compile_instructions = false;  // each measured variant's compile counted by stage under callgrind (results.json)
  int gpu = 0;
  std::optional<Shard> shard;
  std::vector<std::string> shard_points;  // the shard's points as A's shard run planned them (replay)
  std::vector<std::string> points;        // --points: only these ids (empty: every point of the selection)
  // A replay of an A that did not finish: the points A has; those of the selection are measured.
  std::optional<std::vector<std::string>> unfinished_a_points;
  std::optional<std::filesystem::path> cache_dir;
  bool no_cache = false;
  std::string arch;
  std::filesystem::path out;
  bool resume = false;
  bool restarted_worker = false;  // resumed by the supervisor after the worker before ended
  bool full_sweep = false;              // ABTOOL_FULL_SWEEP (meta.json "sweep")
  ConfigPolicy configs = ConfigPolicy::sweep;  // record --configs (meta.json "sweep")
  double triton_variant_limit_s = 300;  // ABTOOL_TRITON_VARIANT_LIMIT_S (meta.json "sweep")
  GraphFaultInjection graph_faults;
  std::vector<std::string> command_line;
  ToolIdentity tool;
  // Run once the compiler is made, before the shape set and the ops are read: capture's replay
  // check starts beside the workload and waits here for the capture, its libraries importing.
  std::function<void(const CompilerBackend&)> before_reading_ops;
};

// The values a run takes for absent options: record's defaults, or A's (replay/). An empty
// ops_dir or shapes means there is no default: the option must be given.
struct RunDefaults {
  std::vector<std::string> ops;
  std::filesystem::path ops_dir, shapes;
  std::vector<DType> dtypes;
  uint64_t seed = 42;
  std::optional<std::string> compiler;
  TimingSettings timing;
  Metric metric = Metric::time;
  std::optional<Shard> shard;
  // A's points when A is that shard: replayed as the same shard, B measures exactly these (a
  // replay's own split weighs points differently from a record's).
  std::vector<std::string> shard_points;
};

// Throws InputError for an unknown dtype, or when an option without a default is absent.
RunRequest resolve_request(const RunOptions& options, RunMode mode, const RunDefaults& defaults);

}  // namespace abt
