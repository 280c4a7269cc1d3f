// `record --configs library`: a captured op's point measures the config the library's own tuner
// chose in the workload (its capture's library_choice), verified like any candidate; a point whose
// capture knows no pick (an untuned kernel launches its one config anyway) is swept, and run.log
// says so. A replay then pins that config, as it pins a sweep's.
#pragma once
#include <optional>

#include "engine/choice.h"

namespace abt {

// The library's pick at `point`, as a config of the op's space there; nullopt: the op was not
// captured, its capture knows no pick there, or the pick is no config of the space.
std::optional<Config> library_pick(const OpSpec& op, const Point& point);

class LibraryPickChooser : public ConfigChooser {
 public:
  Choice choose(PointBench& bench) override;
  std::vector<Config> configs_needed(const OpSpec& op, const Point& point) const override;
};

}  // namespace abt
