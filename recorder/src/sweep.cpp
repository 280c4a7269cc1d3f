#include "recorder/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <limits>
#include <map>
#include <vector>

#include "util/errors.h"
#include "stats/summary.h"

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

// Where a sweep's compile went, for its run.log line: each variant compiled now (not taken from the
// persistent cache) as abtool waited for it (a Triton variant's wait includes the server's imports
// of the op's library), and, where the compiler reports its stages, the time inside them, with
// each stage's median over the variants.
std::string compile_breakdown(PointBench& bench, const std::vector<Config>& configs) {
  std::vector<double> waited, inside;
  std::vector<std::string> order;
  std::map<std::string, std::vector<double>> by_stage;
  for (const Config& config : configs) {
    const CompiledVariant& variant = bench.compiled(config);
    if (!variant.ok || variant.compile_ms <= 0) continue;
    waited.push_back(variant.compile_ms / 1000);
    double staged = 0;
    for (const CompileStage& stage : variant.profile.stages) {
      if (!stage.ms) continue;
      staged += *stage.ms / 1000;
      if (!by_stage.count(stage.name)) order.push_back(stage.name);
      by_stage[stage.name].push_back(*stage.ms / 1000);
    }
    if (!variant.profile.stages.empty()) inside.push_back(staged);
  }
  if (waited.empty()) return "";
  auto max_of = [](const std::vector<double>& values) { return *std::max_element(values.begin(), values.end()); };
  std::string text = fmt::format(" [{} variants, each {:.1f} s median, {:.1f} s max as abtool waited", waited.size(),
                                 median_of(waited), max_of(waited));
  if (inside.size() == waited.size()) {
    text += fmt::format("; in the compiler's stages {:.1f} s median, {:.1f} s max:", median_of(inside), max_of(inside));
    for (size_t i = 0; i < order.size(); ++i)
      text += fmt::format("{} {} {:.2f}", i ? "," : "", order[i], median_of(by_stage[order[i]]));
    text += " s";
  }
  return text + "]";
}

// A verified candidate, loaded, waiting to be timed.
struct Contender {
  size_t candidate = 0;  // its entry in the sweep's candidate list
  Config config;
  IndexRow row;
  std::unique_ptr<LoadedVariant> loaded;
  VerifyOutcome verify;
  double time_us = 0;  // of its last stage
};

}  // namespace

Choice sweep_point(PointBench& bench, ConfigSource source) {
  return sweep_point(bench, source, bench.session().context.op.config_space_at(bench.point()));
}

Choice sweep_point(PointBench& bench, ConfigSource source, const std::vector<Config>& configs) {
  const OpSession& session = bench.session();
  const OpServices& services = session.services;
  const Point& point = bench.point();
  // Where a sweep's time goes (run.log): compiling, verifying, timing.
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const Clock::time_point compile_start = Clock::now();
  services.variants.compile_all(configs, point.dtype, bench.specialization());
  const double compile_s = seconds_since(compile_start);
  const Clock::time_point verify_start = Clock::now();

  Choice best;
  best.source = source;
  std::vector<CandidateRecord> candidates;
  int compile_failed = 0, launch_failed = 0, verify_failed = 0;
  // A candidate the driver refused (launch or timing): recorded and logged, the sweep goes on.
  auto reject = [&](CandidateRecord& candidate, CandidateStatus status, const char* what, const std::string& error) {
    ++launch_failed;
    candidate.status = status;
    candidate.time_us.reset();
    candidate.error = error;
    services.sink.log(fmt::format("sweep candidate {} {} at {}: {}", candidate.variant, what, point.id(), error));
  };
  auto step = [&](const std::string& variant) {
    if (services.watch) services.watch->step(point, session.context.op.kernel, {StepKind::sweep_candidate, variant});
  };

  // Every candidate is verified before any is timed: a miscompiled one never gets a time.
  std::vector<Contender> contenders;
  for (const Config& config : configs) {
    const CompiledVariant& compiled = bench.compiled(config);
    candidates.push_back({config, bench.variant_name(config), CandidateStatus::ok, std::nullopt, ""});
    CandidateRecord& candidate = candidates.back();
    IndexRow row{point.shape_text(), session.context.op.kernel, candidate.variant, dtype_name(point.dtype),
                 bench.params_text(config), 0, compiled.binary_hash, VariantRole::sweep_loser, compiled.compile_ms};
    if (!compiled.ok) {
      ++compile_failed;
      candidate.status = CandidateStatus::compile_failed;
      candidate.error = first_line(compiled.log);
      row.role = VariantRole::compile_failed;
      {
        const PhaseClock files = bench.clock(PointPhase::files);
        services.ir.add_row(row);
      }
      report_compile_failure(bench, config, compiled.log);
      continue;
    }
    {
      const PhaseClock files = bench.clock(PointPhase::files);
      services.ir.add_row(row);  // indexed when first launched; the winner becomes `measured`
    }
    if (services.watch) {
      if (auto failure = services.watch->known_failure(point, candidate.variant)) {
        if (auto marker = Marker::parse(*failure)) best.markers.push_back(*marker);  // the point says why
        reject(candidate, CandidateStatus::launch_failed, "was not run again", *failure);
        continue;
      }
    }
    step(candidate.variant);
    Contender contender{candidates.size() - 1, config, row, nullptr, {}, 0};
    try {
      contender.loaded = bench.load(compiled, config);
      contender.verify = bench.verify(*contender.loaded);
    } catch (const DeviceFault&) {
      throw;  // the context is gone: no later candidate could run either
    } catch (const PointError& error) {
      reject(candidate, CandidateStatus::launch_failed, "failed to launch", error.what());
      continue;
    }
    services.ir.add_launches(row.shape, row.kernel, row.variant, 1);
    if (!contender.verify.passed()) {
      ++verify_failed;
      candidate.status = CandidateStatus::verify_failed;
      candidate.error =
          verify_failed_marker(contender.verify.max_abs, contender.verify.max_rel).text() + " " + contender.verify.first_mismatch;
      services.sink.log(fmt::format("sweep candidate {} failed verification at {}: {}", candidate.variant, point.id(),
                                   contender.verify.first_mismatch));
      if (!best.verify || contender.verify.max_abs < best.verify->max_abs) best.verify = contender.verify;
      continue;
    }
    contenders.push_back(std::move(contender));
  }

  // Times each contender with `settings`; those the driver refuses drop out.
  auto time_all = [&](std::vector<Contender>& field, const TimingSettings& settings) {
    std::vector<Contender> timed;
    for (Contender& contender : field) {
      CandidateRecord& candidate = candidates[contender.candidate];
      step(candidate.variant);
      Measurement measurement;
      try {
        measurement = bench.time(*contender.loaded, settings);
      } catch (const DeviceFault&) {
        throw;
      } catch (const PointError& error) {
        reject(candidate, CandidateStatus::timing_failed, "could not be timed", error.what());
        continue;
      }
      services.ir.add_launches(contender.row.shape, contender.row.kernel, contender.row.variant, measurement.launches);
      contender.time_us = median_of(measurement.samples_us);
      candidate.time_us = contender.time_us;
      timed.push_back(std::move(contender));
    }
    std::stable_sort(timed.begin(), timed.end(), [](const Contender& a, const Contender& b) { return a.time_us < b.time_us; });
    field = std::move(timed);
  };

  const double verify_s = seconds_since(verify_start);
  const Clock::time_point timing_start = Clock::now();
  // Successive halving: a short first stage for all, the sweep's budget for the best quarter.
  const size_t verified = contenders.size(), finalists = sweep_finalists(verified, session.context.full_sweep);
  if (finalists < verified) {
    time_all(contenders, screen_settings(session.context.timing));
    for (size_t i = finalists; i < contenders.size(); ++i) candidates[contenders[i].candidate].status = CandidateStatus::screened_out;
    if (contenders.size() > finalists) contenders.resize(finalists);
  }
  time_all(contenders, sweep_settings(session.context.timing));
  if (finalists < verified) {  // a sweep large enough to be screened: where its time went
    const std::string phases =
        fmt::format("inputs and reference {:.1f} s, compile {:.1f} s{}, load and verify {:.1f} s, timing {:.1f} s", bench.setup_s(),
                    compile_s, compile_breakdown(bench, configs), verify_s, seconds_since(timing_start));
    services.sink.log(fmt::format("sweep {}: {} verified candidates screened at {:g} ms each, {} timed at {:g} ms ({})", point.id(),
                                  verified, kScreenRepMs, contenders.size(), sweep_settings(session.context.timing).rep_ms, phases));
  }

  ChoiceRecord record{bench.key(), {}, "", std::nullopt};
  if (!contenders.empty()) {
    Contender& winner = contenders.front();
    best.found = true;
    best.config = winner.config;
    best.verify = winner.verify;
    best.loaded = std::move(winner.loaded);  // its output digest comes from the gate's run (run_engine)
    record = {bench.key(), best.config, bench.variant_name(best.config), winner.time_us};
  }
  {
    const PhaseClock files = bench.clock(PointPhase::files);
    services.store.save(record, candidates);
  }
  if (!best.found) {
    best.failure = fmt::format("no variant passed: {} of {} compile_failed, {} launch_failed or timing_failed, {} verify_failed",
                               compile_failed, configs.size(), launch_failed, verify_failed);
    for (const Marker& marker : best.markers) best.failure += "; " + marker.text();
  }
  return best;
}

}  // namespace abt
