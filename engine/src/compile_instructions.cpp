// --compile-instructions: each point's measured variant compiled once more under callgrind, after
// its rounds and counts (Valgrind never shares the machine with the timing), once per binary: the
// points that measured it share its count. A batch's binaries are counted side by side, a process
// per core (a Triton compile under callgrind takes a minute or more, on one core).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <set>
#include <variant>

#include "after_timing.h"
#include "util/parallel.h"

namespace abt {
namespace {

std::string stages_text(const CompileProfile& profile) {
  std::vector<std::string> stages;
  for (const auto& stage : profile.stages)
    if (stage.instructions) stages.push_back(fmt::format("{} {}", stage.name, *stage.instructions));
  return fmt::format("{}", fmt::join(stages, ", "));
}

class CompileInstructions : public AfterTiming {
 public:
  explicit CompileInstructions(const CompileCounting& counting) : counting_(counting) {}

  StepKind step() const override { return StepKind::counting_compile; }
  std::string progress_text(size_t) const override { return "counting compile instructions"; }

  void measure(const OpSession& session, std::vector<PendingPoint>& batch) const override {
    auto& counted = session.state.counted_compiles;
    std::vector<PendingPoint*> first;  // the first point of the batch that measured each binary not yet counted
    std::set<std::string> claimed;
    for (auto& entry : batch) {
      const Side* measured = find_side(entry.sides, SideRole::measured);
      if (!entry.error.empty() || !measured || counted.count(measured->binary_hash)) continue;
      if (claimed.insert(measured->binary_hash).second) first.push_back(&entry);
    }
    if (session.services.watch)
      for (PendingPoint* entry : first) session.services.watch->step(entry->point, session.context.op.kernel, {step()});
    std::vector<std::variant<CompileProfile, std::string>> results(first.size());
    std::vector<std::string> lines(first.size());
    for_each_index(first.size(), [&](size_t i) { lines[i] = count(session, *first[i], results[i]); });
    for (size_t i = 0; i < first.size(); ++i) {
      session.services.sink.log(lines[i]);
      counted.emplace(find_side(first[i]->sides, SideRole::measured)->binary_hash, std::move(results[i]));
    }
    for (auto& entry : batch) {  // every point of a counted binary gets its counts
      Side* measured = find_side(entry.sides, SideRole::measured);
      if (!entry.error.empty() || !measured) continue;
      if (auto known = counted.find(measured->binary_hash); known != counted.end())
        if (const auto* profile = std::get_if<CompileProfile>(&known->second)) measured->compile_profile.add_counts(*profile);
    }
  }

 private:
  std::string count(const OpSession& session, PendingPoint& entry, std::variant<CompileProfile, std::string>& result) const {
    const Side& measured = *find_side(entry.sides, SideRole::measured);
    const auto started = std::chrono::steady_clock::now();
    PhaseClock counted(entry.time.phases, PointPhase::compile_count);
    PhaseClock wall(entry.time.wall_s);
    try {
      CountedCompile count = session.services.variants.count(measured.config, entry.point.dtype, entry.bench->specialization(), counting_);
      count.profile.same_binary = count.binary_hash == measured.binary_hash;
      std::string line = fmt::format(
          "{}: compile instructions of {}: {} (total {}; counted in {:.1f} s{})", entry.point.id(), measured.variant,
          stages_text(count.profile), count.profile.total_instructions(),
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
          *count.profile.same_binary ? "" : "; the counted compile built another binary than the measured one");
      result = std::move(count.profile);
      return line;
    } catch (const CompileCountError& error) {
      result = std::string(error.what());
      return fmt::format("{}: no compile instruction count: {}", entry.point.id(), error.what());
    }
  }

  const CompileCounting& counting_;
};

}  // namespace

std::unique_ptr<AfterTiming> compile_counting(const CompileCounting& counting) {
  return std::make_unique<CompileInstructions>(counting);
}

}  // namespace abt
