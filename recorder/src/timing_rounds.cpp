// Rounds: every pending point once per round, each round at a new placement of its buffers. An
// interleaved replay times A's stored binary and B's in the same round, on the same buffers, in
// alternating order (A B, then B A: A B B A A B ...), each with half of the round's budget;
// `--retune` adds B's own best config as a third side (A B R, R B A, ...). On a
// GPU each side's round is run again when the SM clock was below the threshold (clock_check.h).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "graphtime/machine_probe.h"
#include "graphtime/warmup.h"
#include "launch/counter_rng.h"
#include "pending_point.h"
#include "util/errors.h"

namespace abt {
namespace {

// One side's round: a point that could not use a graph stays on direct timing for its remaining rounds.
Measurement time_side(const OpSession& session, PendingPoint& entry, const LoadedVariant& variant,
                      const Measurement& so_far, TimingSettings settings) {
  if (settings.timer == TimerKind::graph && so_far.method == TimingMethod::direct) settings.timer = TimerKind::direct;
  auto round = [&] { return entry.bench->time(variant, settings); };
  if (!session.services.clock) return round();
  return measure_at_full_clock(round, *session.services.clock);
}

class RoundRunner {
 public:
  explicit RoundRunner(const OpSession& session) : session_(session) {}

  // Round `round` of one point; a failure is written into the point (or the device is lost).
  void run(PendingPoint& entry, size_t index, int round, const TimingSettings& settings) {
    if (!entry.result.error.empty() || !session_.state.device_lost.empty()) return;
    if (session_.services.watch)
      session_.services.watch->step(entry.result.point, session_.context.op.kernel, fmt::format("timing round {}", round + 1), true);
    try {
      entry.bench->relocate(counter_hash(session_.context.seed, index, uint64_t(round)) | 1);
      if (!entry.baseline && !entry.retuned) {
        Measurement measured = time_side(session_, entry, *entry.choice.loaded, entry.result.measurement, settings);
        count_launches(entry.row, measured.launches);
        append_round(entry.result.measurement, measured);
        return;
      }
      // Sides in one round: A's code (interleaved), B's, and B's own best (--retune); forward in
      // even rounds, backward in odd ones, so no side always runs first.
      const TimingSettings half = interleaved_side_settings(settings);
      struct Side {
        const LoadedVariant* variant;
        Measurement* measurement;
        const IndexRow* row;  // launches are counted in index.tsv; A's binary has no row here
      };
      std::vector<Side> sides;
      if (entry.baseline) sides.push_back({entry.baseline.get(), &entry.result.baseline->measurement, nullptr});
      sides.push_back({entry.choice.loaded.get(), &entry.result.measurement, &entry.row});
      if (entry.retuned) sides.push_back({entry.retuned.get(), &entry.result.retuned->measurement, &entry.retuned_row});
      if (round % 2 == 1) std::reverse(sides.begin(), sides.end());
      for (const Side& side : sides) {
        Measurement measured = time_side(session_, entry, *side.variant, *side.measurement, half);
        if (side.row) count_launches(*side.row, measured.launches);
        append_round(*side.measurement, measured);
      }
    } catch (const StorageError&) {
      throw;  // the machine, not the point: the run stops
    } catch (const DeviceFault& fault) {
      entry.result.error = std::string("timing failed: ") + fault.what();
      lose_device(session_, fault, entry.result.point);
    } catch (const std::exception& error) {
      entry.result.error = std::string("timing failed: ") + error.what();
    }
  }

 private:
  void count_launches(const IndexRow& row, long long launches) {
    session_.services.ir.add_launches(row.shape, row.kernel, row.variant, launches);
  }
  const OpSession& session_;
};

}  // namespace

void run_timing_rounds(const OpSession& session, std::vector<PendingPoint>& pending,
                       const std::function<void(const PendingPoint&, int round)>& on_round) {
  const TimingSettings& timing = session.context.timing;
  const bool host = session.context.op.language == Language::cpp;
  const int rounds = std::max(1, timing.rounds);
  RoundRunner runner(session);
  // Once per op: between batches the core keeps busy choosing and verifying the next points.
  if (!pending.empty() && host && !session.state.host_core_warm) {
    warm_up_host_core(timing);
    session.state.host_core_warm = true;
  }
  for (int round = 0; round < rounds && session.state.device_lost.empty(); ++round) {
    const TimingSettings settings = round_settings(timing, round);
    // The host probe says how fast this machine's cores are; a GPU kernel's time does not follow it.
    const double probe = host ? machine_probe_us() : 0;
    for (size_t index = 0; index < pending.size(); ++index) {
      PendingPoint& entry = pending[index];
      if (host) entry.result.measurement.probe_us.push_back(probe);
      on_round(entry, round);
      runner.run(entry, index, round, settings);
    }
  }

  // Replay: a point the data cannot decide yet gets more interleaved rounds, up to its budget.
  const ExtraRounds* extra = session.services.extra_rounds;
  if (!extra || extra->max_ms_per_point <= 0) return;
  using Clock = std::chrono::steady_clock;
  // At most three times the regular rounds, whatever the budget: a point that stays AMBIGUOUS
  // that long is reported so.
  for (int round = rounds; round < 4 * rounds && session.state.device_lost.empty(); ++round) {
    bool any = false;
    const TimingSettings settings = round_settings(timing, round);
    for (size_t index = 0; index < pending.size(); ++index) {
      PendingPoint& entry = pending[index];
      if (!entry.baseline || !entry.result.error.empty() || entry.extra_ms >= extra->max_ms_per_point) continue;
      PointRecord snapshot = entry.result;
      snapshot.latency = summarize(snapshot.measurement.samples_us);
      snapshot.baseline->latency = summarize(snapshot.baseline->measurement.samples_us);
      if (!extra->undecided(snapshot)) continue;
      any = true;
      if (host) entry.result.measurement.probe_us.push_back(machine_probe_us());
      on_round(entry, round);
      const auto start = Clock::now();
      runner.run(entry, index, round, settings);
      entry.extra_ms += std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    }
    if (!any) return;
  }
}

}  // namespace abt
