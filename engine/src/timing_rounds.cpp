// Rounds: every pending point once per round, each round at a new placement of its buffers. The
// sides of a point (engine/side.h) are timed in the same round, on the same buffers, in
// alternating order (A B, then B A: A B B A A B ...; with B's own best, A B R, R B A, ...), each
// with half of the round's budget; a point with one side gets the whole round. On a GPU each
// side's round is run again when the SM clock was below the threshold (clock_check.h).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "engine/round_policy.h"
#include "graphtime/machine_probe.h"
#include "graphtime/warmup.h"
#include "launch/counter_rng.h"
#include "pending_point.h"
#include "util/errors.h"
#include "util/parallel.h"

namespace abt {
namespace {

// One side's round: a point that could not use a graph stays on direct timing for its remaining rounds.
Measurement time_side(const OpSession& session, PendingPoint& entry, const Side& side, TimingSettings settings) {
  if (settings.timer == TimerKind::graph && side.measurement.method == TimingMethod::direct) settings.timer = TimerKind::direct;
  auto round = [&] { return entry.bench->time(*side.loaded, settings); };
  if (!session.services.clock) return round();
  return measure_at_full_clock(round, *session.services.clock);
}

class RoundRunner {
 public:
  explicit RoundRunner(const OpSession& session) : session_(session) {}

  // Round `round` of one point; a failure is written into the point (or the device is lost).
  void run(PendingPoint& entry, size_t index, int round, const TimingSettings& settings) {
    if (!entry.error.empty() || !session_.state.device_lost.empty()) return;
    const bool host = session_.context.op.language == Language::cpp;
    if (host) {
      PhaseClock clock(entry.time.phases, PointPhase::clock);
      note_load(entry);
    }
    if (session_.services.watch)
      session_.services.watch->step(entry.point, session_.context.op.kernel, {StepKind::timing_round, "", round + 1});
    try {
      {
        PhaseClock placement(entry.time.phases, PointPhase::placement);
        entry.bench->relocate(counter_hash(session_.context.seed, index, uint64_t(round)) | 1);
      }
      std::vector<Side*> timed;
      for (Side& side : entry.sides)
        if (side.timed()) timed.push_back(&side);
      // Forward in even rounds, backward in odd ones, so no side always runs first.
      if (round % 2 == 1) std::reverse(timed.begin(), timed.end());
      const TimingSettings each = timed.size() > 1 ? interleaved_side_settings(settings) : settings;
      for (Side* side : timed) {
        // What the side's round took beyond its timers' own phases was the SM clock's probes and re-runs' waits.
        const auto started = std::chrono::steady_clock::now();
        const double timed_before = entry.bench->phases().of(PointPhase::warmup) + entry.bench->phases().of(PointPhase::timing);
        Measurement measured = time_side(session_, entry, *side, each);
        const double timed_s = entry.bench->phases().of(PointPhase::warmup) + entry.bench->phases().of(PointPhase::timing) - timed_before;
        entry.time.phases.add(PointPhase::clock,
                              std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() - timed_s);
        if (side->row) session_.services.ir.add_launches(side->row->shape, side->row->kernel, side->row->variant, measured.launches);
        append_round(side->measurement, measured);
      }
      if (host) {
        PhaseClock clock(entry.time.phases, PointPhase::clock);
        note_load(entry);
      }
    } catch (const StorageError&) {
      throw;  // the machine, not the point: the run stops
    } catch (const DeviceFault& fault) {
      entry.error = std::string("timing failed: ") + fault.what();
      lose_device(session_, fault, entry.point);
    } catch (const std::exception& error) {
      entry.error = std::string("timing failed: ") + error.what();
    }
  }

 private:
  static void note_load(PendingPoint& entry) {
    if (auto sample = sample_host_load()) entry.host_load.push_back(*sample);
  }

  const OpSession& session_;
};

// HOST_BUSY on a host point whose rounds ran on a busy machine; it goes with the point's own side.
void mark_host_busy(std::vector<PendingPoint>& pending) {
  const unsigned cores = logical_cores();
  for (PendingPoint& entry : pending) {
    if (entry.host_load.size() % 2) entry.host_load.pop_back();  // a round that ended in an error
    Side* measured = find_side(entry.sides, SideRole::measured);
    if (!measured) continue;
    if (auto marker = host_busy(entry.host_load, cores)) measured->measurement.markers.push_back(*marker);
  }
}

// The host probe says how fast this machine's cores are before a round; a GPU kernel's time does
// not follow it. It goes with the point's own side.
void note_probe(PendingPoint& entry, double probe_us) {
  if (Side* measured = find_side(entry.sides, SideRole::measured)) measured->measurement.probe_us.push_back(probe_us);
}

// One round of one point; its wall time, in ms, is also the point's last round's.
double timed_round(RoundRunner& runner, PendingPoint& entry, size_t index, int round, const TimingSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  runner.run(entry, index, round, settings);
  entry.spent.round_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  entry.time.wall_s += entry.spent.round_ms / 1000;
  return entry.spent.round_ms;
}

// More rounds for the points the run's policy says need them, each within its budget.
void run_extra_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                      const std::function<void(const PendingPoint&, int round)>& on_round, const RoundPolicy& policy,
                      RoundRunner& runner) {
  const TimingSettings& timing = session.context.timing;
  const bool host = session.context.op.language == Language::cpp;
  const int rounds = std::max(1, timing.rounds);
  for (int round = rounds; round < policy.max_rounds(rounds) && session.state.device_lost.empty(); ++round) {
    bool any = false;
    const TimingSettings settings = round_settings(timing, round);
    for (size_t index = 0; index < pending.size(); ++index) {
      PendingPoint& entry = pending[index];
      if (!entry.error.empty() || !policy.wants_another(entry.sides, entry.spent)) continue;
      any = true;
      if (host) {
        PhaseClock clock(entry.time.phases, PointPhase::clock);
        PhaseClock wall(entry.time.wall_s);
        note_probe(entry, machine_probe_us());
      }
      on_round(entry, round);
      entry.spent.extra_ms += timed_round(runner, entry, index, round, settings);
    }
    if (!any) return;
  }
}

}  // namespace

void run_timing_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                       const std::function<void(const PendingPoint&, int round)>& on_round) {
  const TimingSettings& timing = session.context.timing;
  const bool host = session.context.op.language == Language::cpp;
  const int rounds = std::max(1, timing.rounds);
  RoundRunner runner(session);
  // Once per op: between batches the core keeps busy choosing and verifying the next points.
  if (!pending.empty() && host && !session.state.host_core_warm) {
    PhaseClock warming(session.state.host_core_warmup_s);
    warm_up_host_core(timing);
    session.state.host_core_warm = true;
  }
  for (int round = 0; round < rounds && session.state.device_lost.empty(); ++round) {
    const TimingSettings settings = round_settings(timing, round);
    const double probe = host ? machine_probe_us() : 0;
    for (size_t index = 0; index < pending.size(); ++index) {
      PendingPoint& entry = pending[index];
      if (host) note_probe(entry, probe);
      on_round(entry, round);
      timed_round(runner, entry, index, round, settings);
    }
  }

  if (const RoundPolicy* policy = session.services.rounds) run_extra_rounds(session, pending, on_round, *policy, runner);
  if (host) mark_host_busy(pending);
}

}  // namespace abt
