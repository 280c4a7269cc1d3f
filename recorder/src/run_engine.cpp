#include "recorder/run_engine.h"

#include <fmt/format.h>

#include "graphtime/machine_probe.h"
#include "graphtime/warmup.h"
#include "util/errors.h"

namespace abt {

std::string verify_failed_marker(const VerifyOutcome& outcome) {
  return fmt::format("VERIFY_FAILED max_abs={:.6g} max_rel={:.6g}", outcome.max_abs, outcome.max_rel);
}

namespace {

// A point between its verification and its last timing round.
struct PendingPoint {
  PointResult result;
  std::unique_ptr<PointBench> bench;
  Choice choice;
  IndexRow row;
};

Roofline roofline_of(const OpSpec& op, const Point& point) {
  Roofline roofline;
  Symbols symbols = op.symbols(point.shape, point.dtype, {});
  if (!op.flops.empty()) roofline.flops = op.flops.eval(symbols);
  if (!op.bytes.empty()) roofline.bytes = op.bytes.eval(symbols);
  return roofline;
}

void finish_point(OpSession& session, PointResult& result) {
  for (const auto& marker : result.markers) session.sink.log(marker + " point=" + result.point.id());
  session.sink.point_finished(result);
}

// Chooses, records the IR of, and verifies the point's variant. False when the point is done
// (FAILED) before any timing.
bool prepare_point(OpSession& session, PendingPoint& pending, ConfigChooser& chooser) {
  PointResult& result = pending.result;
  const Point& point = result.point;
  result.roofline = roofline_of(session.op, point);
  pending.bench = std::make_unique<PointBench>(session, point);
  PointBench& bench = *pending.bench;
  result.input_digest = bench.input_digest();
  pending.choice = chooser.choose(bench);
  Choice& choice = pending.choice;
  result.markers = choice.markers;
  result.config_source = choice.source;
  if (!choice.found) {
    result.error = choice.failure;
    if (choice.verify && !choice.verify->passed()) {
      result.verify = choice.verify;
      result.markers.push_back(verify_failed_marker(*choice.verify));
    }
    return false;
  }
  const CompiledVariant& compiled = session.variants.get(choice.config, point.dtype);
  result.config = choice.config;
  result.variant = bench.variant_name(choice.config);
  result.binary_hash = compiled.binary_hash;
  pending.row = IndexRow{point.shape_text(), session.op.kernel, result.variant, dtype_name(point.dtype),
                         config_text(choice.config), choice.unindexed_launches, compiled.binary_hash,
                         VariantRole::measured};
  result.ir_files = session.ir.write_measured(pending.row, compiled.ir);

  // The gate: whatever the chooser saw, the variant is verified on this point before timing.
  if (!choice.verify || !choice.loaded) {
    choice.loaded = bench.load(compiled);
    choice.verify = bench.verify(*choice.loaded);
    choice.output_digest = bench.output_digest();
    session.ir.add_launches(pending.row.shape, pending.row.kernel, pending.row.variant, 1);
  }
  result.verify = choice.verify;
  result.output_digest = choice.output_digest;
  if (!choice.verify->passed()) {
    result.markers.push_back(verify_failed_marker(*choice.verify));
    result.error = "verification failed: " + choice.verify->first_mismatch;
    return false;
  }
  return true;
}

}  // namespace

int run_op_points(OpSession& session, const std::vector<Point>& points, ConfigChooser& chooser,
                  const ProgressCallback& progress) {
  const int rounds = std::max(1, session.timing.rounds);
  const int total_steps = int(points.size()) * (1 + rounds);
  int step = 0, failed = 0;
  std::vector<PendingPoint> pending;

  for (const Point& point : points) {
    progress(step, total_steps, "choosing " + point.id());
    PendingPoint entry;
    entry.result.point = point;
    entry.result.kernel = session.op.kernel;
    bool ready = false;
    try {
      ready = prepare_point(session, entry, chooser);
    } catch (const InputError&) {
      throw;
    } catch (const std::exception& error) {
      entry.result.error = error.what();
    }
    ++step;
    if (ready) {
      pending.push_back(std::move(entry));
    } else {
      ++failed;
      step += rounds;
      finish_point(session, entry.result);
    }
  }

  if (!pending.empty() && session.timer.method() == "host") warm_up_host_core(session.timing.warmup_ms);
  for (int round = 0; round < rounds && !pending.empty(); ++round) {
    const TimingSettings settings = round_settings(session.timing, round);
    const double probe = machine_probe_us();
    for (auto& entry : pending) {
      entry.result.measurement.probe_us.push_back(probe);
      if (!entry.result.error.empty()) continue;  // failed in an earlier round
      progress(step++, total_steps, fmt::format("timing {} (round {}/{})", entry.result.point.id(), round + 1, rounds));
      try {
        Measurement measured = entry.bench->time(*entry.choice.loaded, settings);
        session.ir.add_launches(entry.row.shape, entry.row.kernel, entry.row.variant, measured.launches);
        append_round(entry.result.measurement, measured);
      } catch (const std::exception& error) {
        entry.result.error = std::string("timing failed: ") + error.what();
      }
    }
  }

  for (auto& entry : pending) {
    PointResult& result = entry.result;
    result.success = result.error.empty();
    failed += !result.success;
    for (const auto& marker : result.measurement.markers) result.markers.push_back(marker);
    result.latency = summarize(result.measurement.samples_us);
    finish_point(session, result);
  }
  progress(total_steps, total_steps, "");
  return failed;
}

}  // namespace abt
