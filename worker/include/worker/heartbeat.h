// The one file between a supervisor and its worker (docs/run-directory.md: "Worker processes"). The worker
// writes CONTROL/heartbeat at every step (in place, into one of two slots by turns: see heartbeat.cpp): the run directory once it exists, the
// point and step it is in, a sequence number that grows with every step, and, as the very last
// thing before a deliberate exit, its exit code. A worker that ends without that line crashed;
// one whose sequence stops moving inside a limited step hangs.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "engine/step.h"
#include "opspec/shape_set.h"

namespace abt {

struct Heartbeat {
  std::filesystem::path run_dir;      // empty until the worker has created or reopened it
  std::optional<Point> point;         // the point being worked on, if any
  std::string kernel;
  Step step;                          // what the worker is doing (Step::limited: --point-timeout-s bounds it)
  uint64_t sequence = 0;
  std::optional<int> exit_code;       // set last, by a worker that exits on purpose
};

std::filesystem::path heartbeat_file(const std::filesystem::path& control);
void write_heartbeat(const std::filesystem::path& control, const Heartbeat& beat);
// The newest whole slot; nullopt when the worker has not written one yet (or neither slot can be
// read: a worker that died while writing one left the previous beat whole in the other).
std::optional<Heartbeat> read_heartbeat(const std::filesystem::path& control);

}  // namespace abt
