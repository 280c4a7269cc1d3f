#include "engine/point_engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "after_timing.h"
#include "engine/side_plan.h"
#include "pending_point.h"
#include "util/errors.h"

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
    HeldCommits choices(session.services.store);  // the batch's choices, committed before its points are written
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
        } catch (const InputError& error) {
          // Bad input met at this point stops the run: the point is named, whoever threw it.
          if (std::string_view(error.what()).find(point.id()) != std::string_view::npos) throw;
          throw InputError(fmt::format("point {}: {}", point.id(), error.what()));
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
        choices.commit();
        finish_point(session, entry);
      }
    }

    run_timing_rounds(session, pending, [&](const PendingPoint& entry, int round) {
      const int shown = round + 1;
      progress(std::min(step_count++, total_steps - 1), total_steps, StepKind::timing_round,
               fmt::format("timing {} (round {}{})", entry.point.id(), shown,
                           shown > rounds ? " extra" : "/" + std::to_string(rounds)));
    });

    for (const AfterTiming* measurement : session.services.after_timing) {
      if (pending.empty()) break;
      progress(std::min(step_count, total_steps - 1), total_steps, measurement->step(), measurement->progress_text(pending.size()));
      measurement->measure(session, pending);
    }

    choices.commit();
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
