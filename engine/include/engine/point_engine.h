// The life of a point: choose a config (the run's chooser), write its IR, verify it (the gate),
// add the other sides a plan asks for, time every side in rounds, and write the point once it
// ends. Points go in batches of 8; a batch's timing is interleaved across its points in rounds,
// so each point's samples span the batch's measurement period: a machine whose speed drifts
// shows up as spread between rounds (which `diff` bootstraps over), not as a bias against
// whichever point ran in a slow moment. A batch's points are written when its rounds end.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/choice.h"
#include "engine/op_session.h"
#include "engine/step.h"

namespace abt {

// Called with (steps done, steps total, the kind of step beginning, what is running) as points
// are chosen and timed.
using ProgressCallback = std::function<void(int, int, StepKind, const std::string&)>;

// A kernel faulted and the device context is lost. Under a supervisor (services.watch) the
// faulting point is written FAILED, the others of the op are left unwritten, and this ends the
// worker so that a fresh one, with a fresh context, measures them (--resume).
class DeviceLost : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Runs every point of one op; each result goes to the session's sink as soon as it is final.
// Returns the number of FAILED points. InputError propagates (the run stops, exit 2).
int run_op_points(const OpSession& session, const std::vector<Point>& points, ConfigChooser& chooser,
                  const ProgressCallback& progress);

}  // namespace abt
