#include "after_timing.h"

#include "util/parallel.h"

namespace abt {

std::vector<Side*> compared_sides(PendingPoint& pending) {
  std::vector<Side*> sides;
  for (Side& side : pending.sides)
    if (side.timed() && side.role != SideRole::retuned) sides.push_back(&side);
  return sides;
}

const char* side_name(const Side& side) { return side.role == SideRole::baseline ? "A's code" : "this side"; }

void measure_each(const OpSession& session, std::vector<PendingPoint>& batch, StepKind step, bool parallel,
                  const std::function<bool(const PendingPoint&)>& wanted,
                  const std::function<std::string(PendingPoint&)>& measure) {
  std::vector<PendingPoint*> points;
  for (auto& entry : batch)
    if (entry.error.empty() && (!wanted || wanted(entry))) points.push_back(&entry);
  if (points.empty()) return;
  auto announce = [&](const PendingPoint& entry) {  // what the supervisor's watch sees the worker at
    if (session.services.watch) session.services.watch->step(entry.point, session.context.op.kernel, {step});
  };
  std::vector<std::string> lines(points.size());
  if (parallel) {
    for (PendingPoint* entry : points) announce(*entry);
    for_each_index(points.size(), [&](size_t i) { lines[i] = measure(*points[i]); });
  } else {
    for (size_t i = 0; i < points.size(); ++i) {
      if (!session.state.device_lost.empty()) break;
      announce(*points[i]);
      try {
        lines[i] = measure(*points[i]);
      } catch (const DeviceFault& fault) {
        points[i]->error = fault.what();
        lose_device(session, fault, points[i]->point);
      }
    }
  }
  for (const auto& line : lines)
    if (!line.empty()) session.services.sink.log(line);
}

}  // namespace abt
