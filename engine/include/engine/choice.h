// How a point's own config is chosen: a record's sweep (recorder/sweep.h), a replay's pinned
// config with its fallback (replay/replay_chooser.h). The engine verifies the choice again
// before anything is timed (the gate), whatever the chooser saw.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/point_bench.h"

namespace abt {

// A config chosen for a point, already loaded and verified on that point's inputs.
struct Choice {
  bool found = false;
  Config config;
  ConfigSource source = ConfigSource::none;
  std::vector<Marker> markers;
  std::string failure;                    // why nothing was found
  std::optional<VerifyOutcome> verify;    // of the chosen variant, or the closest failure
  std::unique_ptr<LoadedVariant> loaded;
  std::string output_digest;
  long long unindexed_launches = 0;  // launches of the chosen variant not yet in index.tsv
};

class ConfigChooser {
 public:
  virtual ~ConfigChooser() = default;
  virtual Choice choose(PointBench& bench) = 0;
  // The configs choose() will compile at `point`, as far as can be told before it runs: what the
  // run compiles ahead, while earlier points are timed. A sweep: the whole space there.
  virtual std::vector<Config> configs_needed(const OpSpec& op, const Point& point) const { return op.config_space_at(point); }
};

}  // namespace abt
