#include "capture/capture.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>

#include "capture_bytes_source.h"
#include "capture_kernels_source.h"
#include "capture_tensors_source.h"
#include "capture_tuners_source.h"
#include "capture_values_source.h"
#include "capture_dir.h"
#include "capture_manifest.h"
#include "capture_shim_source.h"
#include "capture_site_source.h"
#include "tuner_kinds_source.h"
#include "op_drafts.h"
#include "raw_capture.h"
#include "replay_check.h"
#include "launch/gpu_list.h"
#include "opspec/captured_cases.h"
#include "util/environment.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"
#include "util/stop_signals.h"

namespace abt {
namespace fs = std::filesystem;
using namespace capture;

namespace {

std::string command_text(const std::vector<std::string>& command) {
  std::string text;
  for (const auto& word : command) text += (text.empty() ? "" : " ") + word;
  return text;
}

// The folder the capture is built in, beside its destination; removed unless it became the capture.
class PartialDir {
 public:
  explicit PartialDir(const fs::path& out) : path_(out.string() + fmt::format(".partial-{}", ::getpid())) {
    std::error_code error;
    fs::create_directories(path_, error);
    if (error) throw InputError("--out " + out.string() + ": cannot create it: " + error.message());
  }
  ~PartialDir() {
    std::error_code ignored;
    if (!kept_) fs::remove_all(path_, ignored);
  }
  const fs::path& path() const { return path_; }
  void become(const fs::path& out) {
    fs::rename(path_, out);
    kept_ = true;
  }

 private:
  fs::path path_;
  bool kept_ = false;
};

// One specialization, across processes (each process captures its own first launch).
std::string specialization_key(const RawLaunch& launch) {
  std::string key = kernel_identity(launch.kernel) +
                    fmt::format(" {} {} {} w{} s{}", launch.grid[0], launch.grid[1], launch.grid[2], launch.num_warps,
                                launch.num_stages);
  for (const RawArg& arg : launch.args) {
    key += fmt::format(" {}:{}:{}:{}:{}", arg.name, arg.type, arg.divisible, arg.value.python(), int(arg.role));
    for (long long size : arg.shape) key += fmt::format(",{}", size);
    key += "/";
    for (long long stride : arg.strides) key += fmt::format(",{}", stride);
  }
  return key;
}

}  // namespace

int run_capture(const CaptureRequest& request, std::ostream& out) {
  if (request.command.empty()) throw InputError("capture: give the workload after --, e.g. abtool capture -- python3 bench.py");
  if (request.max_input_mb < 0) throw InputError("--max-input-mb: must be >= 0");
  std::error_code error;
  if (fs::exists(fs::symlink_status(request.out, error)))
    throw InputError("--out " + request.out.string() + ": exists; a capture is written to a new directory");
  if (std::error_code made; !request.out.parent_path().empty() && (fs::create_directories(request.out.parent_path(), made), made))
    throw InputError("--out " + request.out.string() + ": cannot create it: " + made.message());
  // A workload whose kernels need a GPU fails, or launches nothing, where there is none: say so
  // first, and again beside the failure, rather than leave the user reading the workload's trace.
  std::string why_no_gpu;
  const bool gpu_here = !visible_gpus(&why_no_gpu).empty();
  const std::string no_gpu_hint = gpu_here ? "" : "; this machine has no CUDA GPU, so run the capture where the GPU is";
  if (!gpu_here)
    std::cerr << fmt::format("abtool capture: no CUDA GPU on this machine ({}): only kernels that run without one "
                             "(Triton's interpreter, stand-ins) can be captured here\n",
                             why_no_gpu);

  PartialDir partial(request.out);
  const fs::path staging = partial.path() / "staging", shim = partial.path() / "shim";
  fs::create_directories(staging / "tensors");
  fs::create_directories(shim);
  // The shim's files (capture/python/), embedded in abtool: written beside the workload.
  for (const auto& [name, text] : {std::pair{"abtool_capture.py", kCaptureShimSource}, {"sitecustomize.py", kCaptureSiteSource},
                                   {"abtool_capture_bytes.py", kCaptureBytesSource}, {"abtool_capture_kernels.py", kCaptureKernelsSource},
                                   {"abtool_capture_values.py", kCaptureValuesSource}, {"abtool_capture_tensors.py", kCaptureTensorsSource},
                                   {"abtool_capture_tuners.py", kCaptureTunersSource}, {"tuner_kinds.json", kTunerKindsSource}})
    write_file_atomically(shim / name, text);

  const std::string program = fs::path(request.command.front()).filename().string();
  const std::string python = program.rfind("python", 0) == 0 ? request.command.front() : "python3";
  const std::string python_path = environment().python_path;
  ProcessRequest workload{request.command.front(), {request.command.begin() + 1, request.command.end()}, "",
                          {{"PYTHONPATH", shim.string() + (python_path.empty() ? "" : ":" + python_path)},
                           {"ABTOOL_CAPTURE_STAGING", fs::absolute(staging).string()},
                           {"ABTOOL_CAPTURE_MAX_INPUT_MB", fmt::format("{}", request.max_input_mb)},
                           {"ABTOOL_CAPTURE_FULL_TIMING", request.full_timing ? "1" : "0"}},
                          {}};
  // The replay check's record starts now, its compiler and the workload's libraries ready by the end.
  std::optional<PendingCheck> check;
  if (request.check && gpu_here) {
    check.emplace(fs::absolute(request.out), python);
    workload.extra_env["ABTOOL_CAPTURE_IMPORTS"] = check->imports_dir().string();
  }
  const auto start = std::chrono::steady_clock::now();
  catch_stop_signals();  // SIGINT, SIGTERM: the workload is stopped and what it captured is kept
  AttachedEnd end;
  try {
    std::optional<std::chrono::duration<double>> limit;
    if (request.timeout_s) limit = std::chrono::duration<double>(*request.timeout_s);
    end = run_attached_until(workload, limit, std::chrono::duration<double>(kCaptureStopGraceS));
  } catch (const std::runtime_error& failure) {
    throw InputError(fmt::format("capture: {}", failure.what()));
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // Why the capture holds less than the whole workload, and what abtool exits with then.
  std::string cut;
  int cut_exit = kExitOk;
  if (end.stopped_by) {
    cut = fmt::format("stopped by {} after {:.0f} s", signal_name(end.stopped_by), wall_s);
    cut_exit = 128 + end.stopped_by;
  } else if (end.timed_out) {
    cut = fmt::format("its --timeout of {:g} s ended the workload", *request.timeout_s);
  }
  // The workload is its process group: what it was when stopped, and what outlived its first process.
  if (!cut.empty() && end.group_at_stop)
    cut += fmt::format(" ({} process(es) of its process group stopped)", end.group_at_stop);
  if (end.left_running)
    std::cerr << fmt::format("abtool capture: {} process(es) the workload left running (its process group) were stopped\n",
                             end.left_running);
  // A shell (or a launcher) whose child a signal killed exits with 128 + the signal: said as the
  // signal it is, and no missing GPU blamed for it.
  const int shell_signal = !end.signal && end.status > 128 && end.status < 128 + 65 ? end.status - 128 : 0;
  if (cut.empty() && end.status != 0) {
    cut = end.signal     ? fmt::format("the workload was killed by {}", signal_name(end.signal))
          : shell_signal ? fmt::format("the workload exited with status {} (128 + {}: a process it ran was killed by {})",
                                       end.status, shell_signal, signal_name(shell_signal))
                         : fmt::format("the workload exited with status {}", end.status);
    cut_exit = kExitBadInput;
  }
  auto nothing = [&](const std::string& what) {  // nothing to keep: said, and the cause's exit code
    const std::string line =
        cut.empty() ? what : fmt::format("`{}`: {}: {}", command_text(request.command), cut, what);
    if (cut_exit != kExitOk && cut_exit != kExitBadInput) {
      std::cerr << "abtool capture: " << line << "\n";
      return cut_exit;
    }
    // A plain exit status may be a missing GPU's doing; a signal is not.
    throw InputError("capture: " + line + (end.signal || end.stopped_by || shell_signal ? "" : no_gpu_hint));
  };

  std::vector<RawProcess> processes;
  for (const auto& entry : fs::directory_iterator(staging))
    if (entry.path().filename().string().rfind("raw-", 0) == 0 && entry.path().extension() == ".json")
      processes.push_back(read_raw_process(entry.path()));
  if (processes.empty() && !cut.empty()) return nothing("nothing was captured before: no capture written");
  if (processes.empty())
    throw InputError(fmt::format("capture: `{}` ran no Python process with the shim (is it a Python program, run with "
                                 "an interpreter that reads PYTHONPATH?): no capture written", command_text(request.command)));

  // Distinct specializations, in the order they were first seen.
  CaptureManifest manifest;
  manifest.command = request.command;
  manifest.partial = !cut.empty();
  manifest.partial_reason = cut;
  manifest.max_input_mb = request.max_input_mb;
  manifest.full_timing = request.full_timing;
  // The processes that launched kernels: a launcher (torchrun) or a compile worker runs the shim too.
  manifest.processes = std::count_if(processes.begin(), processes.end(), [](const RawProcess& p) { return !p.launches.empty(); });
  manifest.wall_s = wall_s;
  std::map<std::string, RawLaunch*> by_key;
  std::vector<const RawLaunch*> launches;
  for (RawProcess& process : processes) {
    manifest.shim_overhead_s += process.overhead_s;
    for (const auto& [phase, seconds] : process.phases) manifest.shim_phases_s[phase] += seconds;
    for (const auto& [loop, calls] : process.shortened) manifest.shortened[loop] += calls;
    manifest.versions.insert(process.versions.begin(), process.versions.end());
    for (const auto& message : process.errors) manifest.shim_errors.push_back(message);
    for (RawLaunch& launch : process.launches) {
      auto [found, fresh] = by_key.try_emplace(specialization_key(launch), &launch);
      if (fresh) launches.push_back(&launch);
      else found->second->launches += launch.launches;
    }
  }
  if (launches.empty() && !cut.empty()) return nothing("it launched no Triton kernel before: no capture written");
  if (launches.empty())
    throw InputError(fmt::format("capture: `{}` launched no Triton kernel: no capture written{}{}", command_text(request.command),
                                 manifest.shim_errors.empty() ? "" : " (the shim said: " + manifest.shim_errors.front() + ")",
                                 no_gpu_hint));

  const fs::path tensors = staging / "tensors";
  DraftOptions options{command_text(request.command), (long long)(request.max_input_mb * 1024 * 1024),
                       [](const std::string& sha) { return layout::stored_tensor(sha); },
                       [&](const std::string& sha) { return read_text_file(tensors / (sha + ".bin")); }};
  const Drafts drafts = draft_ops(launches, options);
  summarize_capture(launches, drafts, manifest);
  manifest.print_kernels(out);
  if (drafts.ops.empty()) {
    out << manifest.summary_line() << "\n";
    throw InputError("capture: none of the kernels the workload launched can be replayed (reasons above): no capture written");
  }
  if (!request.check) manifest.check.not_run = "--no-check";
  else if (!gpu_here) manifest.check.not_run = "no CUDA GPU here: `abtool record` where the GPU is checks it";
  else if (end.stopped_by) manifest.check.not_run = "stopped by " + signal_name(end.stopped_by);
  write_capture(partial.path(), tensors, drafts, manifest);
  fs::remove_all(staging);
  fs::remove_all(shim);
  partial.become(request.out);
  if (check && !end.stopped_by) {
    manifest.check = check->finish();
    write_file_atomically(request.out / layout::kManifest, manifest.to_json().dump(1) + "\n");
    manifest.print_check(out);
  }
  out << manifest.summary_line() << " -> " << request.out.string() << "\n";
  if (manifest.partial)
    std::cerr << fmt::format("abtool capture: the capture is partial ({}): the {} specialization(s) launched until then are "
                             "kept in {}; record takes it as it is\n",
                             cut, manifest.specializations(), request.out.string());
  out << fmt::format("next: abtool record --ops-dir {0}/ops --shapes {0}/shapes.yaml --compiler triton:{1}\n",
                     request.out.string(), python);
  return cut_exit;
}

}  // namespace abt
