// --counters: A's code and B's read kCounterReads times each, alternating, on the point's
// arguments, after every round (the timing never shares the device with the profiler). One
// device, one profiler: point by point.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>

#include "after_timing.h"

namespace abt {
namespace {

// "dram read 67.2 MB, dram write 46.0 MB, L2 hit 12.5%, inst 31600000, occupancy 91.7%": each
// counter row by its word in the why line.
std::string counters_text(const GpuCounters& counters) {
  std::vector<std::string> parts;
  for (const CounterValue& counter : counters.values) {
    const MetricInfo& info = metric_info(counter.metric);
    if (info.unit == "bytes") parts.push_back(fmt::format("{} {:.1f} MB", info.counter.why, counter.value / 1e6));
    else if (info.unit == "%") parts.push_back(fmt::format("{} {:.1f}%", info.counter.why, counter.value));
    else parts.push_back(fmt::format("{} {:.0f}", info.counter.why, counter.value));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

class CounterReading : public AfterTiming {
 public:
  CounterReading(const HardwareCounterReader& reader, CounterSelection points) : reader_(reader), points_(points) {}

  StepKind step() const override { return StepKind::reading_counters; }
  std::string progress_text(size_t) const override { return "reading hardware counters"; }

  void measure(const OpSession& session, std::vector<PendingPoint>& batch) const override {
    measure_each(
        session, batch, step(), false, [&](const PendingPoint& pending) { return wanted(session, pending); },
        [&](PendingPoint& pending) { return read(pending); });
  }

 private:
  // Every point, or (a replay's default) those whose sides differ as timed. A record has nothing to
  // compare with: every point.
  bool wanted(const OpSession& session, const PendingPoint& pending) const {
    switch (points_) {
      case CounterSelection::none: return false;
      case CounterSelection::all: return true;
      case CounterSelection::changed:
        return !session.services.rounds || !find_side(pending.sides, SideRole::baseline) ||
               session.services.rounds->differs(pending.sides);
    }
    return false;
  }

  std::string read(PendingPoint& pending) const {
    const std::vector<Side*> sides = compared_sides(pending);
    std::vector<const LoadedVariant*> variants;
    for (Side* side : sides) variants.push_back(side->loaded.get());
    const auto started = std::chrono::steady_clock::now();
    PhaseClock reading(pending.time.phases, PointPhase::counters);
    PhaseClock wall(pending.time.wall_s);
    try {
      std::vector<CounterReads> counters = reader_.read(pending.bench->workspace(), variants, kCounterReads);
      std::vector<std::string> read;
      for (size_t i = 0; i < sides.size(); ++i) {
        read.push_back(fmt::format("{}: {}", side_name(*sides[i]), counters_text(counters[i].mean())));
        sides[i]->counters = std::move(counters[i]);
      }
      return fmt::format("{}: hardware counters ({}; the mean of {} reads each) read in {:.2f} s", pending.point.id(),
                         fmt::join(read, "; "), kCounterReads,
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    } catch (const CountError& error) {
      return fmt::format("{}: no hardware counters: {}", pending.point.id(), error.what());
    }
  }

  const HardwareCounterReader& reader_;
  CounterSelection points_;
};

}  // namespace

std::unique_ptr<AfterTiming> hardware_counter_reading(const HardwareCounterReader& reader, CounterSelection points) {
  return std::make_unique<CounterReading>(reader, points);
}

}  // namespace abt
