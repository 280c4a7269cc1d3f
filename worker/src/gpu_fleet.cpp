#include "worker/gpu_fleet.h"

#include <fmt/format.h>
#include <sys/wait.h>

#include <boost/filesystem/path.hpp>
#include <boost/process.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "fleet_progress.h"
#include "engine/progress_snapshot.h"
#include "rundir/gpu_parts.h"
#include "shards/merge.h"
#include "rundir/result_table.h"
#include "util/terminal.h"
#include "rundir/run_data.h"
#include "rundir/run_lock.h"
#include "model/shard.h"
#include "util/child_lifetime.h"
#include "util/errors.h"
#include "util/files.h"
#include "worker/messages.h"
#include "util/stop_signals.h"
#include "worker/supervisor.h"

namespace bp = boost::process;

namespace abt {
namespace fs = std::filesystem;
namespace {

constexpr auto kFleetPoll = std::chrono::milliseconds(100);  // how often the workers of the GPUs are looked at

std::optional<int> index_in(const std::string& text) {
  if (text.empty() || text.size() > 4 || !std::all_of(text.begin(), text.end(), ::isdigit)) return std::nullopt;
  return std::stoi(text);
}

fs::path output_file(const fs::path& out, const GpuPart& part) { return GpuPartsRecord::parts_dir(out) / (part.dir + ".out"); }
fs::path progress_file(const fs::path& out, const GpuPart& part) {
  return GpuPartsRecord::parts_dir(out) / (part.dir + ".progress.json");
}
fs::path outcome_file(const fs::path& out, const GpuPart& part) {
  return GpuPartsRecord::parts_dir(out) / (part.dir + ".outcome.jsonl");
}

struct PartEnd {
  const GpuPart* part = nullptr;
  int code = 0;  // the part's abtool exit code
};

// Every part that is not finished runs (a resumed part with --resume), all at once, to its end.
std::vector<PartEnd> run_parts(const GpuPartsRecord& record, const fs::path& out, std::optional<double> point_timeout_s) {
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const std::string mode(spelling(record.mode));
  std::vector<PartEnd> ends;
  std::vector<std::unique_ptr<bp::child>> children;
  for (const auto& part : record.parts) {
    const fs::path dir = record.part_dir(out, part);
    std::vector<std::string> args = part.args;
    if (fs::exists(RunLayout(dir).meta())) {
      if (MetaRecord::read(RunLayout(dir).meta()).status == RunStatus::finished) continue;
      args = {mode, "--resume", dir.string()};
      if (point_timeout_s) args.insert(args.end(), {"--point-timeout-s", fmt::format("{}", *point_timeout_s)});
    } else {
      fs::remove_all(dir);  // a part stopped before its run directory existed: it starts again
    }
    bp::environment env = boost::this_process::environment();
    env[kProgressFileVariable] = progress_file(out, part).string();
    env["ABTOOL_OUTCOME_FILE"] = outcome_file(out, part).string();
    fs::remove(progress_file(out, part));
    fs::remove(outcome_file(out, part));
    children.push_back(std::make_unique<bp::child>(self, bp::args(args), (bp::std_out & bp::std_err) > output_file(out, part).string(),
                                                   bp::start_dir(record.working_directory.string()), env, dies_with_parent()));
    ends.push_back({&part, 0});
  }
  std::vector<FleetPart> watched;
  for (const auto& part : record.parts) watched.push_back({part.gpu, progress_file(out, part)});
  FleetProgress progress(mode, std::move(watched));
  int passed_on = 0;
  for (bool running = true; running;) {
    std::this_thread::sleep_for(kFleetPoll);
    running = false;
    for (auto& child : children) running |= child->running();
    if (int signal = stop_signal(); signal && signal != passed_on) {
      for (auto& child : children)
        if (child->running()) ::kill(child->id(), signal);  // each part stops at its next step and marks its run
      passed_on = signal;
    }
    if (running) progress.update();
  }
  progress.finish();
  for (size_t i = 0; i < children.size(); ++i) {
    children[i]->wait();
    const int status = children[i]->native_exit_code();
    ends[i].code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : kExitInternal;
  }
  return ends;
}

// A part's exit as one of abtool's codes (SPEC section 4): a part killed by a signal other than
// SIGINT or SIGTERM (the kernel's OOM killer: 137) is a broken environment, 3.
int contract_exit_code(int code) {
  switch (code) {
    case kExitOk:
    case kExitPointFailed:
    case kExitBadInput:
    case kExitInternal:
    case 128 + SIGINT:
    case 128 + SIGTERM: return code;
    default: return kExitInternal;
  }
}

// What a part said about why it ended (worker/messages.h), the last few, as its stderr showed them.
std::vector<std::string> last_words(const fs::path& outcome) {
  std::vector<std::string> said;
  for (const Message& message : messages_in(outcome)) said.push_back(message.line());
  if (said.size() > 4) said.erase(said.begin(), said.end() - 4);
  return said;
}

bool any_part_started(const GpuPartsRecord& record, const fs::path& out) {
  for (const auto& part : record.parts)
    if (fs::exists(RunLayout(record.part_dir(out, part)).meta())) return true;
  return false;
}

// Every part finished: one run directory in OUT, the parts removed.
int merge_parts(const GpuPartsRecord& record, const fs::path& out) {
  const fs::path staging = GpuPartsRecord::parts_dir(out) / "merged";
  fs::remove_all(staging);
  std::vector<fs::path> dirs;
  std::vector<std::string> devices;
  for (const auto& part : record.parts) {
    dirs.push_back(record.part_dir(out, part));
    devices.push_back(fmt::format("GPU {} {}", part.gpu, part.uuid));
  }
  const std::string heading = fmt::format("abtool {} on {} GPUs of one model ({}): {} parts merged -> {}",
                                          spelling(record.mode), record.parts.size(), fmt::join(devices, ", "),
                                          record.parts.size(), out.string());
  const MergeOutcome merged = merge_runs(staging, dirs, record.command_line, {}, heading);
  for (const auto& entry : fs::directory_iterator(staging))
    if (entry.path().filename() != "lock") fs::rename(entry.path(), out / entry.path().filename());
  fs::remove(GpuPartsRecord::file(out));
  fs::remove_all(GpuPartsRecord::parts_dir(out));
  fmt::print("\n{}", result_table(read_run(out).results.points, stdout_width()));
  fmt::print("{} points on {} GPUs, merged\nrun directory: {}\n", merged.points, record.parts.size(), out.string());
  return merged.failed ? kExitPointFailed : kExitOk;
}

int finish_parts(const GpuPartsRecord& record, const fs::path& out, std::optional<double> point_timeout_s) {
  const std::vector<PartEnd> ends = run_parts(record, out, point_timeout_s);
  const std::string resume_hint =
      fmt::format("`abtool {} --resume {}` finishes every part and merges them", spelling(record.mode), out.string());
  if (int signal = stop_signal()) {
    fmt::print(stderr, "abtool: stopped by {}; the parts are in {}; {}\n", signal == SIGINT ? "SIGINT" : "SIGTERM",
               GpuPartsRecord::parts_dir(out).string(), resume_hint);
    return 128 + signal;
  }
  int worst = kExitOk;
  std::vector<const PartEnd*> failed;
  std::set<std::vector<std::string>> said;
  for (const auto& end : ends) {
    if (end.code == kExitOk || end.code == kExitPointFailed) continue;
    failed.push_back(&end);
    said.insert(last_words(outcome_file(out, *end.part)));
    worst = std::max(worst, contract_exit_code(end.code));
  }
  if (failed.size() == ends.size() && said.size() == 1 && !said.begin()->empty()) {
    for (const auto& line : *said.begin()) fmt::print(stderr, "{}\n", line);  // every part said the same: say it once
  } else {
    for (const PartEnd* end : failed) {
      fmt::print(stderr, "abtool: the part on GPU {} ended with exit code {} ({}):\n", end->part->gpu, end->code,
                 output_file(out, *end->part).string());
      for (const auto& line : last_words(outcome_file(out, *end->part))) fmt::print(stderr, "  {}\n", line);
    }
  }
  if (worst == kExitOk) return merge_parts(record, out);
  if (!any_part_started(record, out)) {  // refused before measuring anything (bad input): leave no empty run behind
    fs::remove_all(out);
    return worst;
  }
  fmt::print(stderr, "abtool: the finished parts are kept in {}; {}\n", GpuPartsRecord::parts_dir(out).string(), resume_hint);
  return worst;
}

}  // namespace

std::vector<GpuIdentity> select_gpus(const std::string& list) {
  std::string why;
  const std::vector<GpuIdentity> visible = visible_gpus(&why);
  if (visible.empty()) throw InputError(fmt::format("--gpus {}: no GPU here ({})", list, why));
  std::vector<GpuIdentity> chosen;
  if (list == "all") {
    chosen = visible;
  } else {
    std::istringstream items(list);
    std::set<int> seen;
    for (std::string item; std::getline(items, item, ',');) {
      const auto index = index_in(item);
      if (!index) throw InputError(fmt::format("--gpus {}: '{}' is not a GPU index (a list such as 0,1, or all)", list, item));
      if (*index >= int(visible.size()))
        throw InputError(fmt::format("--gpus {}: there is no GPU {} (this machine shows {}: 0 to {})", list, *index,
                                     visible.size(), visible.size() - 1));
      if (!seen.insert(*index).second) throw InputError(fmt::format("--gpus {}: GPU {} is named twice", list, *index));
      chosen.push_back(visible[size_t(*index)]);
    }
    if (chosen.empty()) throw InputError("--gpus: name GPU indices (0,1) or all");
  }
  for (const auto& gpu : chosen)
    if (gpu.name != chosen.front().name)
      throw InputError(fmt::format("--gpus {}: one run measures one GPU model, but GPU {} is {} and GPU {} is {}; "
                                   "measure each model in a run of its own",
                                   list, chosen.front().index, chosen.front().name, gpu.index, gpu.name));
  return chosen;
}

int supervise_on_gpus(const FleetRun& run) {
  catch_stop_signals();
  const fs::path out = fs::absolute(run.out).lexically_normal();
  const RunLock lock = claim_new_directory(out);
  GpuPartsRecord record;
  record.mode = run.mode;
  record.command_line = run.command_line;
  record.working_directory = fs::current_path();
  const std::vector<std::string> base = without_option(without_option(run.args, "--gpus"), "--out");
  const int count = int(run.gpus.size());
  for (int i = 0; i < count; ++i) {
    GpuPart part{run.gpus[size_t(i)].index, run.gpus[size_t(i)].name, run.gpus[size_t(i)].uuid,
                 fmt::format("gpu{}", run.gpus[size_t(i)].index), base};
    part.args.insert(part.args.end(), {"--gpu", std::to_string(part.gpu), "--shard", Shard{i, count}.text(), "--out",
                                       record.part_dir(out, part).string()});
    record.parts.push_back(std::move(part));
  }
  fs::create_directories(GpuPartsRecord::parts_dir(out));
  record.write(out);
  std::vector<std::string> devices;
  for (const auto& gpu : run.gpus) devices.push_back(fmt::format("{} ({})", gpu.index, gpu.uuid));
  fmt::print("abtool {} on {} {} GPUs: {}; one part each, merged into {} at the end\n", spelling(run.mode), count,
             run.gpus.front().name, fmt::join(devices, ", "), out.string());
  std::fflush(stdout);
  return finish_parts(record, out, std::nullopt);
}

bool is_unmerged_gpu_run(const fs::path& dir) { return fs::exists(GpuPartsRecord::file(dir)); }

int resume_on_gpus(const fs::path& dir, RunMode mode, std::optional<double> point_timeout_s) {
  catch_stop_signals();
  const fs::path out = fs::absolute(dir).lexically_normal();
  RunLock lock(out);
  const GpuPartsRecord record = GpuPartsRecord::read(out);
  if (record.mode != mode)
    throw InputError(fmt::format("--resume {}: a {} run; resume it with `abtool {} --resume`", dir.string(),
                                 spelling(record.mode), spelling(record.mode)));
  if (fs::exists(RunLayout(out).meta()) && MetaRecord::read(RunLayout(out).meta()).status == RunStatus::finished) {
    fs::remove(GpuPartsRecord::file(out));  // merged, then stopped while removing the parts
    fs::remove_all(GpuPartsRecord::parts_dir(out));
    throw InputError("--resume " + dir.string() + ": this run finished; there is nothing to resume");
  }
  lock.claim();
  fmt::print("abtool {} --resume: {} parts on GPUs {}\n", spelling(mode), record.parts.size(),
             fmt::join([&] {
               std::vector<int> gpus;
               for (const auto& part : record.parts) gpus.push_back(part.gpu);
               return gpus;
             }(), ","));
  std::fflush(stdout);
  return finish_parts(record, out, point_timeout_s);
}

}  // namespace abt
