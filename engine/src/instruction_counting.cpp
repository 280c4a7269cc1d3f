// --metric instructions: every compared side counted on the point's arguments, after its rounds.
// Each point has its own bench and arguments: the points of a batch are counted side by side, one
// Valgrind process each, where the counter allows it (host ops); on a device, one at a time.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>

#include "after_timing.h"

namespace abt {
namespace {

class InstructionCounting : public AfterTiming {
 public:
  explicit InstructionCounting(const InstructionCounter& counter) : counter_(counter) {}

  StepKind step() const override { return StepKind::counting_instructions; }
  std::string progress_text(size_t points) const override { return fmt::format("counting instructions of {} point(s)", points); }

  void measure(const OpSession& session, std::vector<PendingPoint>& batch) const override {
    measure_each(session, batch, step(), counter_.parallel(), nullptr, [&](PendingPoint& pending) { return count(pending); });
  }

 private:
  // The line for run.log: the counts, or why the point has none (it keeps its time).
  std::string count(PendingPoint& pending) const {
    const std::vector<Side*> sides = compared_sides(pending);
    std::vector<CountedVariant> variants;
    for (Side* side : sides) {
      variants.push_back(side->counted);
      variants.back().loaded = side->loaded.get();
    }
    const auto started = std::chrono::steady_clock::now();
    PhaseClock counting(pending.time.phases, PointPhase::instructions);
    PhaseClock wall(pending.time.wall_s);
    try {
      std::vector<InstructionCount> counts = counter_.count(pending.bench->workspace(), variants);
      // A call runs some instructions: a counter that says none on every side counted nothing (a
      // valgrind that answers --version and measures nothing), and 0 against 0 is no SAME.
      if (std::all_of(counts.begin(), counts.end(), [](const InstructionCount& count) { return count.value() == 0; }))
        return fmt::format("{}: no instruction count: the counter reported 0 instructions on every side, which no call "
                           "runs (is valgrind on PATH a working one?)",
                           pending.point.id());
      std::vector<std::string> counted;
      for (size_t i = 0; i < sides.size(); ++i) {
        counted.push_back(fmt::format("{} {}", side_name(*sides[i]), counts[i].value()));
        sides[i]->instructions = std::move(counts[i]);
      }
      return fmt::format("{}: instructions per call: {} (counted in {:.2f} s)", pending.point.id(), fmt::join(counted, ", "),
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    } catch (const CountError& error) {
      return fmt::format("{}: no instruction count: {}", pending.point.id(), error.what());
    }
  }

  const InstructionCounter& counter_;
};

}  // namespace

std::unique_ptr<AfterTiming> instruction_counting(const InstructionCounter& counter) {
  return std::make_unique<InstructionCounting>(counter);
}

}  // namespace abt
