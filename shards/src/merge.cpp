#include "shards/merge.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "rundir/autotune_store.h"
#include "rundir/index_row.h"
#include "rundir/run_data.h"
#include "rundir/stored_binary.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

std::string gpu_model(const MetaRecord& meta) { return meta.gpu.name; }

// What must be the same in every shard for their points to belong to one run.
void check_same_run(const RunData& first, const RunData& run) {
  const MetaRecord &a = first.meta, &b = run.meta;
  const std::string pair = fmt::format("{} and {}", first.layout.dir().string(), run.layout.dir().string());
  auto differ = [&](const std::string& what) { throw InputError(fmt::format("merge: {} differ in {}", pair, what)); };
  if (a.mode != b.mode) differ("mode (record or replay)");
  if (a.selection.ops != b.selection.ops || a.selection.ops_dir != b.selection.ops_dir ||
      a.selection.shapes_file != b.selection.shapes_file || a.selection.dtypes != b.selection.dtypes)
    differ("selection (ops, ops folder, shape set or dtypes)");
  if (a.selection.compiler != b.selection.compiler || !(a.compiler == b.compiler))
    differ(fmt::format("compiler fingerprint ({} [{}] {} vs {} [{}] {})", a.compiler.path, a.compiler.version,
                       fmt::join(a.compiler.flags, " "), b.compiler.path, b.compiler.version, fmt::join(b.compiler.flags, " ")));
  if (a.timing != b.timing) differ("timer settings");
  if (a.seed != b.seed) differ("seed");
  const bool same_a = !a.replay_from_run_id.empty() && !b.replay_from_run_id.empty()
                          ? a.replay_from_run_id == b.replay_from_run_id
                          : a.replay_from == b.replay_from;
  if (!same_a) differ("the run they replay");
  if (gpu_model(a) != gpu_model(b)) differ(fmt::format("GPU model ({} vs {})", gpu_model(a), gpu_model(b)));
}

// Where each file of the shards' ir/ and bin/ goes in OUT (relative path -> a shard's file); a
// path two shards both have must hold the same bytes. Checked before anything is written.
// A link anywhere in them is refused: a shard is shared input, and a copy through a link would
// write or read outside it.
void plan_tree(const fs::path& root, const fs::path& relative_root, const std::set<std::string>& skip,
               std::map<fs::path, fs::path>& sources) {
  auto refuse_link = [](const fs::path& path) {
    throw InputError(fmt::format("merge: {} is a link; a shard's files must be its own", path.string()));
  };
  if (fs::is_symlink(fs::symlink_status(root))) refuse_link(root);
  if (!fs::is_directory(root)) return;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_symlink()) refuse_link(entry.path());
    if (!entry.is_regular_file() || skip.count(entry.path().filename().string())) continue;
    const fs::path target = relative_root / fs::relative(entry.path(), root);
    if (auto [known, added] = sources.try_emplace(target, entry.path()); !added &&
        read_text_file(known->second) != read_text_file(entry.path()))
      throw InputError(fmt::format("merge: {} and {} differ, but both would be {}", known->second.string(),
                                   entry.path().string(), target.string()));
  }
}

std::string some_of(const std::vector<std::string>& ids) {
  const size_t shown = std::min<size_t>(ids.size(), 5);
  return fmt::format("{}{}", fmt::join(ids.begin(), ids.begin() + long(shown), ", "),
                     ids.size() > shown ? fmt::format(" and {} more", ids.size() - shown) : "");
}

// Each shard's results plan exactly the part it was cut (its meta.json), and the parts together are
// the selection they were cut from: a shard edited or damaged to hold fewer points is refused,
// naming them, rather than merged into a "finished" run without them. Shards of an older abtool
// carry no cut: their plans are taken as they are.
void check_parts(const std::map<int, const RunData*>& shards, std::vector<std::string> planned) {
  const SelectionRecord::ShardPlan* whole = nullptr;
  for (const auto& [index, run] : shards) {
    const auto& cut = run->meta.selection.shard_plan;
    if (!cut) return;
    const std::string dir = run->layout.dir().string();
    const std::set<std::string> part(cut->part.begin(), cut->part.end()), held(run->results.planned.begin(), run->results.planned.end());
    std::vector<std::string> missing, foreign;
    for (const auto& id : cut->part)
      if (!held.count(id)) missing.push_back(id);
    for (const auto& id : run->results.planned)
      if (!part.count(id)) foreign.push_back(id);
    if (!missing.empty())
      throw InputError(fmt::format("merge: {}: its results.json lacks {} point(s) of the part it was cut (meta.json): {} "
                                   "(edited or damaged)", dir, missing.size(), some_of(missing)));
    if (!foreign.empty())
      throw InputError(fmt::format("merge: {}: its results.json plans {} point(s) not of its part (meta.json): {}", dir,
                                   foreign.size(), some_of(foreign)));
    if (whole && (whole->selection_points != cut->selection_points || whole->selection_sha256 != cut->selection_sha256))
      throw InputError(fmt::format("merge: {} was cut from another selection than {} ({} points vs {})", dir,
                                   shards.begin()->second->layout.dir().string(), cut->selection_points, whole->selection_points));
    whole = &*cut;
  }
  std::sort(planned.begin(), planned.end());
  if (whole && (planned.size() != whole->selection_points || point_ids_sha256(planned) != whole->selection_sha256))
    throw InputError(fmt::format("merge: the shards' parts hold {} point(s), but the selection they were cut from has {} "
                                 "(a shard's meta.json was edited)", planned.size(), whole->selection_points));
}

// A shard's results must be whole and its binaries what it measured: every planned point has a
// record (an edited results.json can drop one), and every point's binary is in the shard, its
// bytes hashing to the sha256 the point was measured with.
void check_shard_contents(const RunData& run) {
  const std::string dir = run.layout.dir().string();
  std::set<std::string> finished;
  for (const auto& point : run.results.points) finished.insert(point.id());
  for (const auto& id : run.results.planned)
    if (!finished.count(id))
      throw InputError(fmt::format("merge: {}: planned point {} has no result, though the shard finished (its "
                                   "results.json was edited or damaged)",
                                   dir, id));
  for (const auto& point : run.results.points) {
    if (!point.binary) continue;
    const StoredBinary binary = read_stored_binary(run.layout.dir(), *point.binary, point.binary_hash);
    if (!binary.bytes)
      throw InputError(fmt::format("merge: {}: point {}: its binary {}: {}", dir, point.id(), point.binary->file, binary.why));
  }
}

// OUT is written in a sibling folder and renamed into place once whole, so a merge that fails
// midway (a full disk, a kill) leaves no half-made OUT; the folder is removed if it never was.
class StagedOutput {
 public:
  explicit StagedOutput(const fs::path& out)
      : out_(out), staging_(out.parent_path() / fmt::format(".{}.merging-{}", out.filename().string(), ::getpid())) {
    std::error_code error;
    const fs::file_status status = fs::symlink_status(out, error);
    if (fs::exists(status) && !(fs::is_directory(status) && fs::is_empty(out)))
      throw InputError("merge " + out.string() + ": exists and is not empty; abtool never overwrites a run");
    fs::remove_all(staging_, error);  // left by a merge of this pid that was killed
  }
  ~StagedOutput() {
    std::error_code ignored;
    if (!placed_) fs::remove_all(staging_, ignored);
  }
  StagedOutput(const StagedOutput&) = delete;
  StagedOutput& operator=(const StagedOutput&) = delete;
  const fs::path& staging() const { return staging_; }
  // Renames the staging folder to OUT, which must still be absent or an empty folder.
  void place() {
    std::error_code error;
    if (fs::is_directory(fs::symlink_status(out_, error)) && fs::is_empty(out_, error)) fs::remove(out_, error);
    if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, out_.c_str(), RENAME_NOREPLACE) != 0)
      throw InputError(fmt::format("merge {}: cannot put the merged run in place: {}", out_.string(), std::strerror(errno)));
    placed_ = true;
  }

 private:
  fs::path out_, staging_;
  bool placed_ = false;
};

// Every device the shards ran on, when there is more than one (meta.json "gpus").
std::vector<DeviceRecord> devices_of(const std::map<int, const RunData*>& shards) {
  std::vector<DeviceRecord> devices;
  std::set<std::pair<std::string, int>> seen;
  for (const auto& [index, run] : shards) {
    const DeviceRecord& gpu = run->meta.gpu;
    if (gpu.present() && seen.insert({gpu.uuid, gpu.index}).second) devices.push_back(gpu);
  }
  if (devices.size() < 2) devices.clear();
  return devices;
}

}  // namespace

MergeOutcome merge_runs(const fs::path& out_given, const std::vector<fs::path>& dirs,
                        const std::vector<std::string>& command_line, const RunDirectory::Echo& echo,
                        const std::string& heading) {
  // OUT as a folder name: "M/" is M (its staging folder is M's sibling, not inside it).
  fs::path out = out_given.lexically_normal();
  if (out.filename().empty() && out.has_parent_path()) out = out.parent_path();
  if (dirs.empty()) throw InputError("merge: name the shard runs to merge");
  // `merge runs/S1 runs/S0`: OUT forgotten, the first shard taken for it. Named before any other check
  // (else the shard it took reads as missing).
  std::error_code ignored;
  if (fs::exists(out / "meta.json", ignored) || fs::exists(out / "results.json", ignored))
    throw InputError(fmt::format("merge: {} is a run; the first argument is the new run to write, the shards follow "
                                 "(abtool merge OUT {} ...)", out.string(), out.string()));
  std::vector<RunData> runs;
  for (const auto& dir : dirs) runs.push_back(read_run(dir));

  // Checks, all before anything is written.
  std::map<int, const RunData*> by_index;
  int count = 0;
  for (const RunData& run : runs) {
    const std::string dir = run.layout.dir().string();
    const auto& shard = run.meta.selection.shard;
    if (!shard) throw InputError("merge: " + dir + " is not a shard run (it was not made with --shard)");
    if (run.meta.status != RunStatus::finished)
      throw InputError(fmt::format("merge: {} did not finish (status {}); `abtool {} --resume {}` finishes it", dir,
                                   spelling(run.meta.status), spelling(run.meta.mode), dir));
    if (count && shard->count != count)
      throw InputError(fmt::format("merge: {} is shard {} but {} is a shard of {}", dir, shard->text(),
                                   runs.front().layout.dir().string(), count));
    count = shard->count;
    if (auto [known, added] = by_index.try_emplace(shard->index, &run); !added)
      throw InputError(fmt::format("merge: {} and {} are both shard {}", known->second->layout.dir().string(), dir,
                                   shard->text()));
    check_same_run(runs.front(), run);
  }
  std::vector<std::string> missing;
  for (int index = 0; index < count; ++index)
    if (!by_index.count(index)) missing.push_back(Shard{index, count}.text());
  if (!missing.empty())
    throw InputError(fmt::format("merge: shard {} missing (a merge takes all {} shards)", fmt::join(missing, ", "), count));
  std::map<std::string, const RunData*> owner;
  std::vector<std::string> planned;
  for (const auto& [index, run] : by_index)  // shards are consecutive parts: in index order, the plan's order
    for (const auto& id : run->results.planned) {
      if (auto [known, added] = owner.try_emplace(id, run); !added)
        throw InputError(fmt::format("merge: point {} is in {} and in {}", id, known->second->layout.dir().string(),
                                     run->layout.dir().string()));
      planned.push_back(id);
    }

  check_parts(by_index, planned);

  std::map<fs::path, fs::path> files;  // OUT-relative path -> the shard file it copies
  for (const auto& [index, run] : by_index) {
    plan_tree(run->layout.ir(), "ir", {"index.tsv"}, files);
    plan_tree(run->layout.dir() / "bin", "bin", {}, files);
    check_shard_contents(*run);
  }
  StagedOutput staged(out);

  MetaRecord meta = runs.front().meta;
  meta.selection.shard.reset();
  meta.selection.shard_plan.reset();
  meta.run_id.clear();  // the merged run is a run of its own (RunDirectory names it)
  if (meta.replay_from) meta.replay_from_relative = path_between(out, *meta.replay_from);
  meta.gpus = devices_of(by_index);
  meta.command_line = command_line;
  meta.working_directory = fs::current_path();
  RunDirectory merged(staged.staging(), meta, planned, echo);  // holds its lock
  const RunLayout& layout = merged.layout();
  merged.log(heading.empty() ? fmt::format("abtool merge: {} shards of one {} run -> {}", count, spelling(meta.mode), out.string())
                             : heading);
  for (const auto& [target, source] : files) {
    fs::create_directories((layout.dir() / target).parent_path());
    fs::copy_file(source, layout.dir() / target);
  }
  std::vector<std::string> index_lines;
  MergeOutcome outcome;
  outcome.shards = count;
  auto store = AutotuneStore::create(layout.autotune_db(), meta.mode, meta.compiler);
  for (const auto& [index, run] : by_index) {
    merged.log(fmt::format("shard {}: {} ({} points, {} to {})", Shard{index, count}.text(), run->layout.dir().string(),
                           run->results.points.size(), run->meta.start_time, run->meta.end_time));
    if (auto index_text = read_file_if_present(run->layout.ir_index())) {
      std::istringstream lines(*index_text);
      std::string line;
      std::getline(lines, line);  // the header
      while (std::getline(lines, line))
        if (!line.empty()) index_lines.push_back(line + "\n");
    }
    auto record = AutotuneStore::open_record(run->layout.autotune_db());
    for (const auto& op : meta.selection.ops)
      for (const auto& choice : record->choices(op)) store->save(choice, record->candidates(choice.key));
    merged.add_points(run->results.points);
    for (const auto& point : run->results.points) outcome.failed += !point.success;
    outcome.points += run->results.points.size();
  }
  std::string index = IndexRow::tsv_header();
  for (const auto& line : index_lines) index += line;
  fs::create_directories(layout.ir());
  write_file_atomically(layout.ir_index(), index);
  if (auto shapes = read_file_if_present(runs.front().layout.shapes())) merged.write_shapes(*shapes);
  for (const auto& op : meta.selection.ops) merged.write_autotune_record(op, store->export_op(op));
  for (const auto& [index, run] : by_index) {  // each shard's log, after the merged table's lines
    merged.log(fmt::format("--- run.log of shard {} ({})", Shard{index, count}.text(), run->layout.dir().string()));
    if (auto text = read_file_if_present(run->layout.run_log())) {
      std::istringstream lines(*text);
      for (std::string line; std::getline(lines, line);) merged.log("  " + line);
    }
  }
  merged.finish(RunStatus::finished);
  staged.place();
  return outcome;
}

}  // namespace abt
