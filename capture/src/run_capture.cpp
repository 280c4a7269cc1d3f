#include "capture/capture.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <map>
#include <set>

#include "capture_bytes_source.h"
#include "capture_dir.h"
#include "capture_shim_source.h"
#include "capture_site_source.h"
#include "op_drafts.h"
#include "raw_capture.h"
#include "launch/gpu_list.h"
#include "opspec/captured_cases.h"
#include "util/environment.h"
#include "util/errors.h"
#include "util/files.h"
#include "util/process.h"

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
    fs::create_directories(path_);
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
  std::string key = launch.kernel.module + ":" + launch.kernel.name + ":" + launch.kernel.file.string() +
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

std::string shape_words(const RawLaunch& launch) {
  std::string text;
  for (const RawArg& arg : launch.args) {
    if (arg.role != ArgRole::tensor) continue;
    std::string dims;
    for (long long size : arg.shape) dims += (dims.empty() ? "" : "x") + std::to_string(size);
    text += (text.empty() ? "" : " ") + arg.name + "=" + arg.dtype_text + "[" + dims + "]";
  }
  return text.empty() ? "(no tensors)" : text;
}

struct KernelSummary {
  const RawKernel* kernel = nullptr;
  TunerKind tuner = TunerKind::none;
  long long launches = 0;
  double shim_s = 0;
  int specializations = 0, captured = 0;
  std::vector<std::string> ops;
  std::vector<std::pair<std::string, std::vector<Miss>>> not_captured;  // shape words, reasons
};

}  // namespace

int run_capture(const CaptureRequest& request, std::ostream& out) {
  if (request.command.empty()) throw InputError("capture: give the workload after --, e.g. abtool capture -- python3 bench.py");
  if (request.max_input_mb < 0) throw InputError("--max-input-mb: must be >= 0");
  std::error_code error;
  if (fs::exists(fs::symlink_status(request.out, error)))
    throw InputError("--out " + request.out.string() + ": exists; a capture is written to a new directory");
  if (!request.out.parent_path().empty()) fs::create_directories(request.out.parent_path());
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
  write_file_atomically(shim / "abtool_capture.py", kCaptureShimSource);
  write_file_atomically(shim / "sitecustomize.py", kCaptureSiteSource);
  write_file_atomically(shim / "abtool_capture_bytes.py", kCaptureBytesSource);

  const std::string python_path = environment().python_path;
  ProcessRequest workload{request.command.front(), {request.command.begin() + 1, request.command.end()}, "",
                          {{"PYTHONPATH", shim.string() + (python_path.empty() ? "" : ":" + python_path)},
                           {"ABTOOL_CAPTURE_STAGING", fs::absolute(staging).string()},
                           {"ABTOOL_CAPTURE_MAX_INPUT_MB", fmt::format("{}", request.max_input_mb)}},
                          {}};
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  try {
    status = run_attached(workload);
  } catch (const std::runtime_error& failure) {
    throw InputError(fmt::format("capture: {}", failure.what()));
  }
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status != 0)
    throw InputError(fmt::format("capture: `{}` exited with status {}: no capture written{}", command_text(request.command),
                                 status, no_gpu_hint));

  std::vector<RawProcess> processes;
  for (const auto& entry : fs::directory_iterator(staging))
    if (entry.path().filename().string().rfind("raw-", 0) == 0 && entry.path().extension() == ".json")
      processes.push_back(read_raw_process(entry.path()));
  if (processes.empty())
    throw InputError(fmt::format("capture: `{}` ran no Python process with the shim (is it a Python program, run with "
                                 "an interpreter that reads PYTHONPATH?): no capture written", command_text(request.command)));

  // Distinct specializations, in the order they were first seen.
  std::map<std::string, RawLaunch*> by_key;
  std::vector<const RawLaunch*> launches;
  double overhead_s = 0;
  std::map<std::string, double> phases;
  std::map<std::string, std::string> versions;
  std::vector<std::string> shim_errors;
  for (RawProcess& process : processes) {
    overhead_s += process.overhead_s;
    for (const auto& [phase, seconds] : process.phases) phases[phase] += seconds;
    versions.insert(process.versions.begin(), process.versions.end());
    for (const auto& message : process.errors) shim_errors.push_back(message);
    for (RawLaunch& launch : process.launches) {
      auto [found, fresh] = by_key.try_emplace(specialization_key(launch), &launch);
      if (fresh) launches.push_back(&launch);
      else found->second->launches += launch.launches;
    }
  }
  if (launches.empty())
    throw InputError(fmt::format("capture: `{}` launched no Triton kernel: no capture written{}{}", command_text(request.command),
                                 shim_errors.empty() ? "" : " (the shim said: " + shim_errors.front() + ")", no_gpu_hint));

  const fs::path tensors = staging / "tensors";
  DraftOptions options{command_text(request.command), (long long)(request.max_input_mb * 1024 * 1024),
                       [](const std::string& sha) { return layout::stored_tensor(sha); },
                       [&](const std::string& sha) { return read_text_file(tensors / (sha + ".bin")); }};
  const Drafts drafts = draft_ops(launches, options);

  // Per kernel: what became ops, what could not, and why.
  std::vector<KernelSummary> kernels;
  std::map<std::string, size_t> kernel_index;
  auto summary_of = [&](const RawLaunch& launch) -> KernelSummary& {
    const std::string key = launch.kernel.module + ":" + launch.kernel.name + ":" + launch.kernel.file.string();
    auto [found, fresh] = kernel_index.try_emplace(key, kernels.size());
    if (fresh) {
      KernelSummary summary;
      summary.kernel = &launch.kernel;
      summary.tuner = launch.tuner.kind;
      kernels.push_back(std::move(summary));
    }
    return kernels[found->second];
  };
  for (const RawLaunch* launch : launches) {
    KernelSummary& summary = summary_of(*launch);
    summary.launches += launch->launches;
    summary.shim_s += launch->shim_s;
    ++summary.specializations;
  }
  for (const OpDraft& op : drafts.ops) {
    KernelSummary* summary = nullptr;
    for (KernelSummary& each : kernels)
      if (each.kernel->name == op.kernel->name && each.kernel->module == op.kernel->module && each.kernel->file == op.kernel->file)
        summary = &each;
    summary->captured += int(op.cases.size());
    summary->ops.push_back(op.name);
  }
  for (const Rejected& rejected : drafts.rejected)
    summary_of(*rejected.launch).not_captured.emplace_back(shape_words(*rejected.launch), rejected.why);

  int specializations = 0, captured = 0;
  long long total_launches = 0;
  std::map<MissReason, int> missed_by_reason;  // specializations not captured, counted once per kind of reason
  nlohmann::json kernel_list = nlohmann::json::array();
  for (const KernelSummary& summary : kernels) {
    specializations += summary.specializations;
    captured += summary.captured;
    total_launches += summary.launches;
    nlohmann::json not_captured = nlohmann::json::array();
    for (const auto& [shape, why] : summary.not_captured) {
      std::vector<std::string> texts, codes;
      std::set<MissReason> kinds;
      for (const Miss& miss : why) {
        texts.push_back(miss.text);
        if (kinds.insert(miss.reason).second) codes.emplace_back(spelling(miss.reason));
      }
      for (MissReason reason : kinds) ++missed_by_reason[reason];
      not_captured.push_back({{"shape", shape}, {"why", texts}, {"reasons", codes}});
    }
    kernel_list.push_back({{"kernel", summary.kernel->name}, {"module", summary.kernel->module},
                           {"file", summary.kernel->file.string()}, {"tuner", tuner_name(summary.tuner)},
                           {"launches", summary.launches}, {"shim_s", summary.shim_s},
                           {"specializations", summary.specializations},
                           {"captured", summary.captured}, {"ops", summary.ops}, {"not_captured", not_captured}});
  }
  nlohmann::json op_list = nlohmann::json::array();
  for (const OpDraft& op : drafts.ops) {
    nlohmann::json points = nlohmann::json::array();
    for (const DraftCase& entry : op.cases) points.push_back(entry.point_id);
    op_list.push_back({{"op", op.name}, {"kernel", op.kernel->name}, {"tuner", tuner_name(op.tuner)}, {"points", points},
                       {"notes", op.notes}});
  }
  nlohmann::json by_reason_json = nlohmann::json::object();
  std::vector<std::string> by_reason_words;
  for (const auto& [reason, count] : missed_by_reason) {
    by_reason_json[std::string(spelling(reason))] = count;
    by_reason_words.push_back(fmt::format("{} {}", spelling(reason), count));
  }
  const nlohmann::json manifest{{"schema", kCaptureFormat},
                                {"command", request.command},
                                {"versions", versions},
                                {"max_input_mb", request.max_input_mb},
                                {"processes", processes.size()},
                                {"wall_s", wall_s},
                                {"shim_overhead_s", overhead_s},
                                {"shim_phases_s", phases},
                                {"shim_errors", shim_errors},
                                {"summary", {{"kernels", kernels.size()}, {"specializations", specializations},
                                             {"captured", captured}, {"not_captured", specializations - captured},
                                             {"not_captured_by_reason", by_reason_json},
                                             {"launches", total_launches}}},
                                {"kernels", kernel_list},
                                {"ops", op_list}};

  for (const KernelSummary& summary : kernels) {
    const std::string where = summary.kernel->importable ? summary.kernel->module : summary.kernel->file.filename().string();
    if (summary.captured)
      out << fmt::format("  captured      {} ({}): {} of {} specialization(s), {} launch(es), tuner {} -> ops/{}\n",
                         summary.kernel->name, where, summary.captured, summary.specializations, summary.launches,
                         tuner_name(summary.tuner), fmt::join(summary.ops, ", ops/"));
    for (const auto& [shape, why] : summary.not_captured) {
      std::vector<std::string> texts;
      for (const Miss& miss : why) texts.push_back(miss.text);
      out << fmt::format("  not captured  {} ({}) at {}: {}\n", summary.kernel->name, where, shape, fmt::join(texts, "; "));
    }
  }
  for (const auto& message : shim_errors) out << "  shim: " << message << "\n";
  const std::string summary_line = fmt::format(
      "capture: {} kernel(s), {} specialization(s): {} captured ({:.0f}%), {} not{}; {} launch(es); workload {:.1f} s, shim {:.1f} s",
      kernels.size(), specializations, captured, 100.0 * captured / std::max(1, specializations), specializations - captured,
      by_reason_words.empty() ? "" : fmt::format(" ({})", fmt::join(by_reason_words, ", ")), total_launches, wall_s, overhead_s);
  if (drafts.ops.empty()) {
    out << summary_line << "\n";
    throw InputError("capture: none of the kernels the workload launched can be replayed (reasons above): no capture written");
  }
  write_capture(partial.path(), tensors, drafts, manifest);
  fs::remove_all(staging);
  fs::remove_all(shim);
  partial.become(request.out);
  out << summary_line << " -> " << request.out.string() << "\n";
  const std::string program = fs::path(request.command.front()).filename().string();
  out << fmt::format("next: abtool record --ops-dir {0}/ops --shapes {0}/shapes.yaml --compiler triton:{1}\n",
                     request.out.string(), program.rfind("python", 0) == 0 ? request.command.front() : "python3");
  return kExitOk;
}

}  // namespace abt
