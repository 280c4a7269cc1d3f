// record and replay: the supervisor as the user runs them, and the worker that resolves the
// options, runs through the recorder's plan -> run API and prints the result table.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>

#include "capture/check_handshake.h"
#include "commands.h"
#include "compilers/compiler.h"
#include "default_paths.h"
#include "engine/host_info.h"
#include "recorder/record_run.h"
#include "opspec/shape_set.h"
#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "rundir/result_table.h"
#include "util/errors.h"
#include "util/terminal.h"
#include "util/stop_signals.h"
#include "worker/gpu_fleet.h"
#include "worker/messages.h"
#include "worker/supervisor.h"
#include "worker/worker_watch.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// The run's lines as they happen, on stdout beside its table; warnings on stderr, where warnings go
// (a script that reads the table from stdout gets the table alone). --quiet keeps only the
// warnings (run.log has every line).
void echo_line(const std::string& line) {
  const bool warning = line.rfind("WARNING", 0) == 0;
  if (quiet() && !warning) return;
  if (stderr_is_interactive()) clear_progress_line();  // the progress line redraws after it
  std::FILE* stream = warning ? stderr : stdout;
  fmt::print(stream, "{}\n", line);
  std::fflush(stream);
}

int finish(const RunOutcome& outcome) {
  fmt::print("\n{}", result_table(outcome.points, stdout_width()));
  fmt::print("run directory: {}\n", outcome.dir.string());
  return outcome.failed ? kExitPointFailed : kExitOk;
}

// The ops a default run directory is named after (runs/<op>_<timestamp>), before any worker
// planned them: --op, else A's ops (replay), else the shape set's.
std::vector<std::string> default_run_name_ops(const RunOptions& options, RunMode mode, const fs::path& replay_from) {
  if (options.ops) return *options.ops;
  if (mode == RunMode::replay) return MetaRecord::read(RunLayout(replay_from).meta()).selection.ops;
  const RunRequest request = resolve_request(options, mode, record_defaults());
  std::vector<std::string> ops;
  for (const auto& list : load_shape_set(request.shapes).ops) ops.push_back(list.op);
  return ops;
}

}  // namespace

int run_record(const RunOptions& options, StepWatch* watch) {
  RunRequest request = resolve_request(options, RunMode::record, record_defaults());
  if (options.after_capture)  // capture's replay check: the capture is still being made
    request.before_reading_ops = [dir = *options.after_capture](const CompilerBackend& compiler) {
      capture::await_capture(dir, [&](const std::vector<std::string>& modules) { compiler.preload_libraries(modules); });
    };
  RunPlan plan(std::move(request));
  return finish(record_run(plan, echo_line, watch));
}

int run_replay(const fs::path& from, const RunOptions& options, const ReplayOptions& replay, StepWatch* watch) {
  return finish(replay_run(from, options, replay, echo_line, watch));
}

int run_as_worker(const ProcessOptions& process, const std::function<int(StepWatch*)>& measure) {
  catch_stop_signals();
  WorkerWatch watch(process.worker);
  int code = kExitInternal;
  try {
    code = measure(&watch);
  } catch (const Interrupted& stop) {
    say({MessageKind::stopped, stop.what()});
    code = 128 + stop.signal();
  } catch (const DeviceLost& lost) {
    say({MessageKind::note, fmt::format("the device context was lost ({}); a fresh process goes on", lost.what())});
    code = kExitWorkerRestart;
  } catch (const InputError& error) {
    say({MessageKind::error, error.what()});
    code = kExitBadInput;
  } catch (const StorageError& error) {
    say({MessageKind::storage,
         fmt::format("{} (the run's files are as they were before; `--resume` it once there is room)", error.what())});
    code = kExitInternal;
  } catch (const std::exception& error) {
    say({MessageKind::internal_error, error.what()});
    code = kExitInternal;
  }
  std::fflush(stdout);
  watch.finished(code);
  return code;
}

int run_supervised(const std::string& command, const std::vector<std::string>& args, const ProcessOptions& process,
                   const RunOptions& options, const fs::path& replay_from, fs::path* run_dir) {
  const RunMode mode = *parse_spelling<RunMode>(command);
  std::vector<std::string> measuring_args = args;
  if (!process.gpus.empty()) {
    FleetRun fleet{mode, args, options.command_line, options.out, select_gpus(process.gpus)};
    if (fleet.gpus.size() > 1) {
      if (!options.points.empty())
        throw InputError("--points cannot be given with --gpus of several GPUs (each measures a part of the selection)");
      if (fleet.out.empty()) fleet.out = RunLayout::default_path(default_run_name_ops(options, mode, replay_from));
      if (run_dir) *run_dir = fs::absolute(fleet.out);
      return supervise_on_gpus(fleet);
    }
    measuring_args = without_option(args, "--gpus");  // one GPU named: an ordinary run on it
    measuring_args.insert(measuring_args.end(), {"--gpu", std::to_string(fleet.gpus.front().index)});
  }
  if (!process.resume.empty() && is_unmerged_gpu_run(process.resume)) {
    if (run_dir) *run_dir = fs::absolute(process.resume);
    return resume_on_gpus(process.resume, mode, process.point_timeout_s);
  }
  SupervisedRun run;
  run.args = measuring_args;
  const bool interleaved = std::find(args.begin(), args.end(), "--no-interleave") == args.end();
  if (mode == RunMode::replay && interleaved && !replay_from.empty() && fs::exists(RunLayout(replay_from).meta())) {
    // A's stored code built for a CPU this one is not (-march=native): said before, and beside each
    // point that dies of it.
    const MetaRecord a = MetaRecord::read(RunLayout(replay_from).meta());
    if (const std::vector<std::string> missing = cpu_features_missing_here(a.host); !missing.empty()) {
      run.sigill_cause = fmt::format("A ({}) was recorded on a CPU ({}) with {} that this one lacks, and A's stored host code "
                                     "(-march=native) may use them",
                                     replay_from.string(), a.host.cpu, fmt::join(missing, " "));
      if (!quiet()) fmt::print(stderr, "abtool replay: warning: {}: points of host ops may die of SIGILL\n", run.sigill_cause);
    }
  }
  run.build = build_name(options.tool.version, options.tool.git_sha);
  run.working_directory = fs::current_path();
  TimingSettings defaults;
  double warmup_ms = options.warmup_ms.value_or(defaults.warmup_ms), rep_ms = options.rep_ms.value_or(defaults.rep_ms);
  if (!process.resume.empty()) {
    // Every option comes from the run itself, as it was first given, in the folder it ran from.
    const fs::path dir = fs::absolute(process.resume);
    if (!fs::exists(RunLayout(dir).meta())) throw InputError("--resume " + process.resume + ": not a run directory (no meta.json)");
    MetaRecord meta = MetaRecord::read(RunLayout(dir).meta());
    if (spelling(meta.mode) != command)
      throw InputError(fmt::format("--resume {}: a {} run; resume it with `abtool {} --resume`", process.resume,
                                   spelling(meta.mode), spelling(meta.mode)));
    if (meta.status == RunStatus::finished) throw InputError("--resume " + process.resume + ": this run finished; there is nothing to resume");
    if (meta.command_line.size() < 2) throw InputError("--resume " + process.resume + ": meta.json has no command line to resume with");
    run.args = with_run_directory({meta.command_line.begin() + 1, meta.command_line.end()}, dir);
    run.working_directory = meta.working_directory;
    run.resume = dir;
    warmup_ms = meta.timing.warmup_ms;
    rep_ms = meta.timing.rep_ms;
  }
  run.point_timeout_s = process.point_timeout_s.value_or(default_point_timeout_s(warmup_ms, rep_ms));
  return supervise(run, run_dir);
}

}  // namespace abt
