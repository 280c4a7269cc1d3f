#include "recorder/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "util/errors.h"
#include "util/statistics.h"

namespace abt {
namespace {

std::string first_line(const std::string& text) {
  auto end = text.find('\n');
  return text.substr(0, end == std::string::npos ? text.size() : end);
}

void report_compile_failure(PointBench& bench, const Config& config, const std::string& log) {
  const OpSession& session = bench.session();
  RunSink& sink = session.services.sink;
  const std::string dtype = dtype_name(bench.point().dtype), params = bench.params_text(config);
  if (!session.state.reported_compile_failures.insert(dtype + " " + params).second) return;
  sink.log(fmt::format("compile_failed op={} kernel={} dtype={} config=\"{}\"", session.context.op.name,
                       session.context.op.kernel, dtype, params));
  // The head says what failed, the tail where (a traceback ends there); a compiler that dumps a
  // whole PTX file into its error (Triton on a ptxas failure) would otherwise bury run.log.
  constexpr size_t kHead = 20, kTail = 40;
  std::vector<std::string> lines;
  for (size_t start = 0; start < log.size();) {
    size_t end = std::min(log.find('\n', start), log.size());
    if (end > start) lines.push_back(log.substr(start, end - start));
    start = end + 1;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines.size() > kHead + kTail && i == kHead)
      sink.log(fmt::format("  | ... {} lines omitted ...", lines.size() - kHead - kTail));
    if (lines.size() > kHead + kTail && i >= kHead && i < lines.size() - kTail) continue;
    sink.log("  | " + lines[i]);
  }
}

}  // namespace

Choice sweep_point(PointBench& bench, ConfigSource source) {
  const OpSession& session = bench.session();
  const OpServices& services = session.services;
  const Point& point = bench.point();
  const std::vector<Config> configs = session.context.op.config_space();
  services.variants.compile_all(configs, point.dtype, bench.specialization());
  const TimingSettings quick = sweep_settings(session.context.timing);

  Choice best;
  best.source = source;
  double best_time = std::numeric_limits<double>::infinity();
  std::vector<CandidateRecord> candidates;
  int compile_failed = 0, launch_failed = 0, verify_failed = 0;
  // A candidate the driver refused (launch or timing): recorded and logged, the sweep goes on.
  auto reject = [&](CandidateRecord& candidate, CandidateStatus status, const char* what, const std::string& error) {
    ++launch_failed;
    candidate.status = status;
    candidate.error = error;
    services.sink.log(fmt::format("sweep candidate {} {} at {}: {}", candidate.variant, what, point.id(), error));
    candidates.push_back(std::move(candidate));
  };

  for (const Config& config : configs) {
    const CompiledVariant& compiled = bench.compiled(config);
    CandidateRecord candidate{config, bench.variant_name(config), CandidateStatus::ok, std::nullopt, ""};
    IndexRow row{point.shape_text(), session.context.op.kernel, candidate.variant, dtype_name(point.dtype),
                 bench.params_text(config), 0, compiled.binary_hash, VariantRole::sweep_loser, compiled.compile_ms};
    if (!compiled.ok) {
      ++compile_failed;
      candidate.status = CandidateStatus::compile_failed;
      candidate.error = first_line(compiled.log);
      row.role = VariantRole::compile_failed;
      services.ir.add_row(row);
      report_compile_failure(bench, config, compiled.log);
      candidates.push_back(std::move(candidate));
      continue;
    }
    services.ir.add_row(row);  // indexed when first launched; the winner becomes `measured`
    if (services.watch) {
      if (auto failure = services.watch->known_failure(point, candidate.variant)) {
        if (auto marker = Marker::parse(*failure)) best.markers.push_back(*marker);  // the point says why
        reject(candidate, CandidateStatus::launch_failed, "was not run again", *failure);
        continue;
      }
      services.watch->step(point, session.context.op.kernel, "sweep candidate " + candidate.variant, true);
    }
    std::unique_ptr<LoadedVariant> loaded;
    VerifyOutcome outcome;
    try {
      loaded = bench.load(compiled, config);
      outcome = bench.verify(*loaded);
    } catch (const DeviceFault&) {
      throw;  // the context is gone: no later candidate could run either
    } catch (const PointError& error) {
      reject(candidate, CandidateStatus::launch_failed, "failed to launch", error.what());
      continue;
    }
    services.ir.add_launches(row.shape, row.kernel, row.variant, 1);
    if (!outcome.passed()) {
      ++verify_failed;
      candidate.status = CandidateStatus::verify_failed;
      candidate.error = verify_failed_marker(outcome.max_abs, outcome.max_rel).text() + " " + outcome.first_mismatch;
      services.sink.log(fmt::format("sweep candidate {} failed verification at {}: {}", candidate.variant, point.id(),
                                   outcome.first_mismatch));
      if (!best.found && (!best.verify || outcome.max_abs < best.verify->max_abs)) best.verify = outcome;
      candidates.push_back(std::move(candidate));
      continue;
    }
    Measurement measurement;
    try {
      measurement = bench.time(*loaded, quick);
    } catch (const DeviceFault&) {
      throw;
    } catch (const PointError& error) {
      reject(candidate, CandidateStatus::timing_failed, "could not be timed", error.what());
      continue;
    }
    services.ir.add_launches(row.shape, row.kernel, row.variant, measurement.launches);
    double median = median_of(measurement.samples_us);
    candidate.time_us = median;
    candidates.push_back(candidate);
    if (median < best_time) {
      best_time = median;
      best.found = true;
      best.config = config;
      best.verify = outcome;
      best.loaded = std::move(loaded);  // its output digest comes from the gate's run (run_engine)
    }
  }

  ChoiceRecord record{bench.key(), best.config, best.found ? bench.variant_name(best.config) : "", std::nullopt};
  if (best.found) record.time_us = best_time;
  services.store.save(record, candidates);
  if (!best.found) {
    best.failure = fmt::format("no variant passed: {} of {} compile_failed, {} launch_failed or timing_failed, {} verify_failed",
                               compile_failed, configs.size(), launch_failed, verify_failed);
    for (const Marker& marker : best.markers) best.failure += "; " + marker.text();
  }
  return best;
}

}  // namespace abt
