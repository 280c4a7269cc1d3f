// What a run times beside each point's own variant (engine/side.h). A record times the point's
// variant alone; a replay's plan (replay/replay_sides.h) adds A's stored binary and, with
// --retune, B's own best config. The engine then times every side in the same rounds.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/markers.h"

#include "engine/choice.h"
#include "engine/side.h"

namespace abt {

// A's stored binary for a point whose reference is A's output (OpSpec::reference_from_baseline),
// with the config A ran it with.
struct ReferenceBinary {
  std::optional<CompiledVariant> variant;
  Config config;
  std::string why_not;  // without a variant: why A's output cannot be had here
};

struct PlannedSides {
  std::vector<Side> sides;
  std::vector<Marker> markers;  // the point's, for a side the plan could not use (BASELINE_UNAVAILABLE)
};

class SidePlan {
 public:
  virtual ~SidePlan() = default;
  // After the point's own variant (`measured`) passed the gate, whose run was the bench's last:
  // the other sides to time, loaded and verified on the point's inputs. A side that cannot be
  // used is left out, with the reason in run.log (and a marker where SPEC has one). DeviceFault
  // propagates.
  virtual PlannedSides sides(PointBench& bench, const Choice& choice, const Side& measured) const = 0;
  // Before the point's variant is chosen, for a point whose reference is A's output: A's stored
  // binary for it. The point is FAILED, with `why_not`, where there is none.
  virtual ReferenceBinary baseline_for_reference(const Point& point) const = 0;
};

}  // namespace abt
