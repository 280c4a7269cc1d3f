#include "engine/point_engine.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <variant>

#include "engine/side_plan.h"
#include "pending_point.h"
#include "util/errors.h"
#include "util/parallel.h"

namespace abt {
namespace {

void step(const OpSession& session, const Point& point, Step what) {
  if (session.services.watch) session.services.watch->step(point, session.context.op.kernel, what);
}

// The point's own variant as a side: its IR and binary written, its index row known.
Side measured_side(const OpSession& session, PointBench& bench, Choice& choice) {
  const CompiledVariant& compiled = bench.compiled(choice.config);
  Side side;
  side.role = SideRole::measured;
  side.config = choice.config;
  side.variant = bench.variant_name(choice.config);
  side.binary_hash = compiled.binary_hash;
  side.compile_ms = compiled.compile_ms;
  side.compile_profile = compiled.profile;
  const Point& point = bench.point();
  side.row = IndexRow{point.shape_text(), session.context.op.kernel, side.variant, dtype_name(point.dtype),
                      bench.params_text(choice.config), choice.unindexed_launches, compiled.binary_hash,
                      VariantRole::measured, compiled.compile_ms};
  side.ir_files = session.services.ir.write_measured(*side.row, compiled.ir);
  side.binary = session.services.ir.write_binary(*side.row, compiled);
  side.counted = {compiled.binary, compiled.entry_symbol};
  return side;
}

// Chooses the point's config, records its IR, verifies it (the gate) and adds the sides the plan
// asks for. False when the point is done (FAILED) before any timing.
bool prepare_point(const OpSession& session, PendingPoint& pending, ConfigChooser& chooser) {
  PhaseClock wall(pending.time.wall_s);
  const double compiled_before = compile_seconds(session);
  struct CompileShare {  // on every way out: what the compile caches spent meanwhile was this point's
    const OpSession& session;
    PendingPoint& pending;
    double before;
    ~CompileShare() { pending.time.phases.add(PointPhase::compile, compile_seconds(session) - before); }
  } compile_share{session, pending, compiled_before};
  pending.bench = std::make_unique<PointBench>(session, pending.point);
  PointBench& bench = *pending.bench;
  pending.choice = chooser.choose(bench);
  Choice& choice = pending.choice;
  step(session, pending.point, {StepKind::verifying_choice});
  if (!choice.found) {
    pending.error = choice.failure;
    return false;
  }
  {
    PhaseClock files(pending.time.phases, PointPhase::files);
    pending.sides.push_back(measured_side(session, bench, choice));
  }
  Side& measured = pending.sides.back();

  // The gate: whatever the chooser saw, the variant is verified on this point before timing. A sweep
  // winner runs once more: hashing every candidate's outputs would cost more than that run.
  if (!choice.verify || !choice.loaded || choice.output_digest.empty()) {
    if (!choice.loaded) choice.loaded = bench.load(bench.compiled(choice.config), choice.config);
    choice.verify = bench.verify(*choice.loaded);
    choice.output_digest = bench.output_digest();
    session.services.ir.add_launches(measured.row->shape, measured.row->kernel, measured.row->variant, 1);
  }
  if (!choice.verify->passed()) {
    pending.error = "verification failed: " + choice.verify->first_mismatch;
    return false;
  }
  measured.loaded = std::move(choice.loaded);
  if (session.services.sides) {
    PlannedSides others = session.services.sides->sides(bench, choice, pending.sides.front());
    for (Side& side : others.sides) pending.sides.push_back(std::move(side));
    pending.markers = std::move(others.markers);
    std::stable_sort(pending.sides.begin(), pending.sides.end(),
                     [](const Side& a, const Side& b) { return a.role < b.role; });
  }
  return true;
}

// --metric instructions: every timed side counted on the point's arguments, after its rounds (so
// the timing never shares the machine with Valgrind). Returns the line for run.log: the counts,
// or why the point has none (it keeps its time). Each point has its own bench and arguments: the
// points of a batch are counted side by side, one Valgrind process each.
std::string count_instructions(const InstructionCounter& counter, PendingPoint& pending) {
  std::vector<Side*> sides;
  std::vector<CountedVariant> variants;
  for (Side& side : pending.sides)
    if (side.timed() && side.role != SideRole::retuned) {
      sides.push_back(&side);
      variants.push_back(side.counted);
      variants.back().loaded = side.loaded.get();
    }
  const auto started = std::chrono::steady_clock::now();
  PhaseClock counting(pending.time.phases, PointPhase::instructions);
  PhaseClock wall(pending.time.wall_s);
  try {
    std::vector<InstructionCount> counts = counter.count(pending.bench->workspace(), variants);
    std::vector<std::string> counted;
    for (size_t i = 0; i < sides.size(); ++i) {
      counted.push_back(fmt::format("{} {}", sides[i]->role == SideRole::baseline ? "A's code" : "this side", counts[i].value()));
      sides[i]->instructions = std::move(counts[i]);
    }
    return fmt::format("{}: instructions per call: {} (counted in {:.2f} s)", pending.point.id(), fmt::join(counted, ", "),
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  } catch (const CountError& error) {
    return fmt::format("{}: no instruction count: {}", pending.point.id(), error.what());
  }
}

void count_batch(const OpSession& session, std::vector<PendingPoint>& pending) {
  const InstructionCounter* counter = session.services.instructions;
  std::vector<PendingPoint*> counted;
  for (auto& entry : pending)
    if (entry.error.empty()) counted.push_back(&entry);
  if (!counter || counted.empty()) return;
  for (PendingPoint* entry : counted) step(session, entry->point, {StepKind::counting_instructions});
  std::vector<std::string> lines(counted.size());
  if (counter->parallel()) {
    for_each_index(counted.size(), [&](size_t i) { lines[i] = count_instructions(*counter, *counted[i]); });
  } else {
    for (size_t i = 0; i < counted.size(); ++i) {
      if (!session.state.device_lost.empty()) break;
      try {
        lines[i] = count_instructions(*counter, *counted[i]);
      } catch (const DeviceFault& fault) {
        counted[i]->error = fault.what();
        lose_device(session, fault, counted[i]->point);
      }
    }
  }
  for (const auto& line : lines)
    if (!line.empty()) session.services.sink.log(line);
}

// Whether --counters reads this point: every one, or (a replay's default) those whose sides differ
// as timed. A record has nothing to compare with: every point.
bool wants_counters(const OpSession& session, const PendingPoint& pending) {
  switch (session.services.counter_points) {
    case CounterSelection::none: return false;
    case CounterSelection::all: return true;
    case CounterSelection::changed:
      return !session.services.rounds || !find_side(pending.sides, SideRole::baseline) ||
             session.services.rounds->differs(pending.sides);
  }
  return false;
}

std::string counters_text(const GpuCounters& counters) {
  return fmt::format("dram {:.1f}+{:.1f} MB, L2 hit {:.1f}%, {:.0f} warp instructions, occupancy {:.1f}%",
                     counters.dram_read_bytes / 1e6, counters.dram_write_bytes / 1e6, counters.l2_hit_pct,
                     counters.warp_instructions, counters.occupancy_pct);
}

// --counters: A's code and B's read kCounterReads times each, alternating, on the point's arguments, after every round
// (the timing never shares the device with the profiler). One device, one profiler: point by point.
std::string read_counters(const HardwareCounterReader& reader, PendingPoint& pending) {
  std::vector<Side*> sides;
  std::vector<const LoadedVariant*> variants;
  for (Side& side : pending.sides)
    if (side.timed() && side.role != SideRole::retuned) {
      sides.push_back(&side);
      variants.push_back(side.loaded.get());
    }
  const auto started = std::chrono::steady_clock::now();
  PhaseClock reading(pending.time.phases, PointPhase::counters);
  PhaseClock wall(pending.time.wall_s);
  try {
    std::vector<CounterReads> counters = reader.read(pending.bench->workspace(), variants, kCounterReads);
    std::vector<std::string> read;
    for (size_t i = 0; i < sides.size(); ++i) {
      read.push_back(fmt::format("{}: {}", sides[i]->role == SideRole::baseline ? "A's code" : "this side",
                                 counters_text(counters[i].mean())));
      sides[i]->counters = std::move(counters[i]);
    }
    return fmt::format("{}: hardware counters ({}; the mean of {} reads each) read in {:.2f} s", pending.point.id(),
                       fmt::join(read, "; "), kCounterReads,
                       std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  } catch (const CountError& error) {
    return fmt::format("{}: no hardware counters: {}", pending.point.id(), error.what());
  }
}

void read_batch_counters(const OpSession& session, std::vector<PendingPoint>& pending) {
  const HardwareCounterReader* reader = session.services.counters;
  if (!reader) return;
  for (auto& entry : pending) {
    if (!entry.error.empty() || !session.state.device_lost.empty() || !wants_counters(session, entry)) continue;
    step(session, entry.point, {StepKind::reading_counters});
    try {
      session.services.sink.log(read_counters(*reader, entry));
    } catch (const DeviceFault& fault) {
      entry.error = fault.what();
      lose_device(session, fault, entry.point);
    }
  }
}

std::string stages_text(const CompileProfile& profile) {
  std::vector<std::string> stages;
  for (const auto& stage : profile.stages)
    if (stage.instructions) stages.push_back(fmt::format("{} {}", stage.name, *stage.instructions));
  return fmt::format("{}", fmt::join(stages, ", "));
}

// --compile-instructions: each point's measured variant compiled once more under callgrind, after
// its rounds and counts (Valgrind never shares the machine with the timing), once per binary: the
// points that measured it share its count. A batch's binaries are counted side by side, a
// process per core (a Triton compile under callgrind takes a minute or more, on one core).
void count_compiles(const OpSession& session, std::vector<PendingPoint>& pending) {
  const CompileCounting* counting = session.services.compile_counting;
  auto& counted = session.state.counted_compiles;
  std::vector<PendingPoint*> first;  // the first point of the batch that measured each binary not yet counted
  std::set<std::string> claimed;
  for (auto& entry : pending) {
    const Side* measured = find_side(entry.sides, SideRole::measured);
    if (!entry.error.empty() || !measured || counted.count(measured->binary_hash)) continue;
    if (claimed.insert(measured->binary_hash).second) first.push_back(&entry);
  }
  for (PendingPoint* entry : first) step(session, entry->point, {StepKind::counting_compile});
  std::vector<std::variant<CompileProfile, std::string>> results(first.size());
  std::vector<std::string> lines(first.size());
  for_each_index(first.size(), [&](size_t i) {
    PendingPoint& entry = *first[i];
    const Side& measured = *find_side(entry.sides, SideRole::measured);
    const auto started = std::chrono::steady_clock::now();
    PhaseClock counted(entry.time.phases, PointPhase::compile_count);
    PhaseClock wall(entry.time.wall_s);
    try {
      CountedCompile count = session.services.variants.count(measured.config, entry.point.dtype, entry.bench->specialization(), *counting);
      count.profile.same_binary = count.binary_hash == measured.binary_hash;
      lines[i] = fmt::format("{}: compile instructions of {}: {} (total {}; counted in {:.1f} s{})", entry.point.id(), measured.variant,
                             stages_text(count.profile), count.profile.total_instructions(),
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                             *count.profile.same_binary ? "" : "; the counted compile built another binary than the measured one");
      results[i] = std::move(count.profile);
    } catch (const CompileCountError& error) {
      lines[i] = fmt::format("{}: no compile instruction count: {}", entry.point.id(), error.what());
      results[i] = std::string(error.what());
    }
  });
  for (size_t i = 0; i < first.size(); ++i) {
    session.services.sink.log(lines[i]);
    counted.emplace(find_side(first[i]->sides, SideRole::measured)->binary_hash, std::move(results[i]));
  }
  for (auto& entry : pending) {
    Side* measured = find_side(entry.sides, SideRole::measured);
    if (!entry.error.empty() || !measured) continue;
    if (auto known = counted.find(measured->binary_hash); known != counted.end())
      if (const auto* profile = std::get_if<CompileProfile>(&known->second)) measured->compile_profile.add_counts(*profile);
  }
}

void finish_point(const OpSession& session, PendingPoint& pending) {
  const auto started = std::chrono::steady_clock::now();
  {
    PhaseClock files(pending.time.phases, PointPhase::files);  // a disassembly still running (IrDump)
    for (const Side& side : pending.sides) side.ir_files.wait();
  }
  PointRecord record = point_record(session, pending);
  if (const RoundPolicy* policy = session.services.rounds; policy && record.baseline)
    record.baseline->interval = policy->interval(record);
  record.time->wall_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  for (const auto& marker : record.markers) session.services.sink.log(marker.text() + " point=" + record.id());
  session.services.sink.point_finished(record);
}

}  // namespace

void lose_device(const OpSession& session, const DeviceFault& fault, const Point& point) {
  session.state.device_lost = fmt::format("{} (at point {})", fault.what(), point.id());
  session.services.sink.log(Marker{MarkerKind::device_fault, session.state.device_lost}.text());
}

// Points are measured in batches: a batch's points are chosen and verified, then timed in
// interleaved rounds, then written. A bigger batch spreads each point's rounds over a longer
// stretch; a smaller one writes finished points sooner (a killed run keeps them, --resume). So a
// batch holds up to 8 points, but no more than about kBatchTimingS of timing budget (two sides of
// --rep-ms each): with long budgets a kill loses the point or two in progress, not eight.
constexpr size_t kPointsPerBatch = 8;
constexpr double kBatchTimingS = 10;

size_t points_per_batch(const TimingSettings& timing) {
  const double per_point_s = 2 * timing.rep_ms / 1000;
  if (per_point_s <= 0) return kPointsPerBatch;
  return std::clamp<size_t>(size_t(kBatchTimingS / per_point_s), 1, kPointsPerBatch);
}

int run_op_points(const OpSession& session, const std::vector<Point>& points, ConfigChooser& chooser,
                  const ProgressCallback& progress) {
  OpRunState& state = session.state;
  const TimingSettings& timing = session.context.timing;
  const int rounds = std::max(1, timing.rounds);
  const int total_steps = int(points.size()) * (1 + rounds);
  int step_count = 0, failed = 0;
  const bool restart_after_fault = session.services.watch != nullptr;  // a fresh worker takes the device over

  const size_t batch = points_per_batch(timing);
  for (size_t first = 0; first < points.size(); first += batch) {
    const size_t last = std::min(points.size(), first + batch);
    std::vector<PendingPoint> pending;
    for (size_t index = first; index < last; ++index) {
      const Point& point = points[index];
      if (restart_after_fault && !state.device_lost.empty()) break;
      progress(step_count, total_steps, StepKind::choosing, "choosing " + point.id());
      step(session, point, {StepKind::choosing});
      PendingPoint entry;
      entry.point = point;
      bool ready = false;
      if (!state.device_lost.empty()) {
        entry.error = "not run: the device context was lost: " + state.device_lost;
      } else {
        try {
          ready = prepare_point(session, entry, chooser);
        } catch (const InputError&) {
          throw;
        } catch (const Interrupted&) {
          throw;  // the run stops; this point was not finished
        } catch (const StorageError&) {
          throw;  // the machine, not the point: the run stops
        } catch (const std::filesystem::filesystem_error& error) {
          throw StorageError(error.what());
        } catch (const DeviceFault& fault) {
          entry.error = fault.what();
          lose_device(session, fault, point);
        } catch (const std::exception& error) {
          entry.error = error.what();
        }
      }
      ++step_count;
      if (ready) {
        pending.push_back(std::move(entry));
      } else {
        ++failed;
        step_count += rounds;
        finish_point(session, entry);
      }
    }

    run_timing_rounds(session, pending, [&](const PendingPoint& entry, int round) {
      const int shown = round + 1;
      progress(std::min(step_count++, total_steps - 1), total_steps, StepKind::timing_round,
               fmt::format("timing {} (round {}{})", entry.point.id(), shown,
                           shown > rounds ? " extra" : "/" + std::to_string(rounds)));
    });

    if (session.services.instructions && !pending.empty()) {
      progress(std::min(step_count, total_steps - 1), total_steps, StepKind::counting_instructions,
               fmt::format("counting instructions of {} point(s)", pending.size()));
      count_batch(session, pending);
    }
    if (session.services.counters && !pending.empty()) {
      progress(std::min(step_count, total_steps - 1), total_steps, StepKind::reading_counters, "reading hardware counters");
      read_batch_counters(session, pending);
    }

    if (session.services.compile_counting && !pending.empty()) {
      progress(std::min(step_count, total_steps - 1), total_steps, StepKind::counting_compile, "counting compile instructions");
      count_compiles(session, pending);
    }

    for (auto& entry : pending) {
      // Under a supervisor the points the fault cut short are measured again by the next worker.
      if (restart_after_fault && entry.error.empty() && !state.device_lost.empty()) continue;
      const Side* measured = find_side(entry.sides, SideRole::measured);
      if (entry.error.empty() && !state.device_lost.empty() && int(measured->measurement.round_sizes.size()) < rounds)
        entry.error = "not timed to the end: the device context was lost: " + state.device_lost;
      failed += !entry.error.empty();
      finish_point(session, entry);
    }
    if (restart_after_fault && !state.device_lost.empty()) throw DeviceLost(state.device_lost);
  }
  progress(total_steps, total_steps, StepKind::timing_round, "");
  return failed;
}

}  // namespace abt
