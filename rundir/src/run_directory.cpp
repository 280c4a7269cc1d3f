#include "rundir/run_directory.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include "rundir/result_table.h"
#include "rundir/run_lock.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

// A new run's folder, claimed (and locked) before anything is written into it.
RunLock claimed(const fs::path& dir) {
  RunLock lock = claim_new_directory(dir);
  fs::create_directories(RunLayout(dir).autotune_records());
  return lock;
}

// A run that is written again (a resume, a crashed point) must not lead its writes out of itself:
// no link anywhere in it, and none of the files written in place (appended to, or SQLite's) a
// second name of another file. Checked before anything is written.
void refuse_links_in(const RunLayout& layout) {
  auto refuse = [](const fs::path& path, const std::string& what) {
    throw InputError(fmt::format("{}: {}; abtool writes a run only inside it (remove it, or record a new run)",
                                 path.string(), what));
  };
  std::error_code error;
  for (auto it = fs::recursive_directory_iterator(layout.dir(), error); !error && it != fs::recursive_directory_iterator();
       it.increment(error))
    if (it->is_symlink()) refuse(it->path(), "a link inside the run directory");
  for (const fs::path& file : {layout.results(), layout.samples(), layout.run_log(), layout.autotune_db(), layout.ir_index()}) {
    struct stat status {};
    if (::lstat(file.c_str(), &status) == 0 && S_ISREG(status.st_mode) && status.st_nlink > 1)
      refuse(file, "a second name of another file (a hard link)");
  }
}

}  // namespace

RunDirectory::RunDirectory(const fs::path& dir, MetaRecord meta, std::vector<std::string> planned_ids, Echo echo)
    : lock_(claimed(dir)), layout_(dir), meta_(std::move(meta)),
      writer_(ResultsWriter::create(layout_.results(), layout_.samples(), planned_ids)), echo_(std::move(echo)) {
  log_.open(layout_.run_log(), std::ios::app);
  if (!log_) throw std::runtime_error("cannot write " + layout_.run_log().string());
  results_.planned = std::move(planned_ids);
  build_ = build_name(meta_.abtool_version, meta_.abtool_git_sha);
  if (meta_.builds.empty()) meta_.builds = {build_};
  if (meta_.run_id.empty()) meta_.run_id = new_run_id();
  meta_.start_time = now_iso8601();
  meta_.status = RunStatus::running;
  write_meta();
}

RunDirectory::RunDirectory(RunLock lock, RunLayout layout, MetaRecord meta, ResultsFile results, ResultsWriter writer,
                           Echo echo)
    : lock_(std::move(lock)), layout_(std::move(layout)), meta_(std::move(meta)), results_(std::move(results)), writer_(std::move(writer)),
      echo_(std::move(echo)) {
  for (const auto& point : results_.points) finished_ids_.insert(point.id());
  log_.open(layout_.run_log(), std::ios::app);
  if (!log_) throw std::runtime_error("cannot write " + layout_.run_log().string());
}

RunDirectory RunDirectory::resume(const fs::path& dir, const std::string& build,
                                  const std::optional<std::vector<std::string>>& planned_ids, Echo echo) {
  RunLock lock(dir);
  RunLayout layout(dir);
  refuse_links_in(layout);
  MetaRecord meta = MetaRecord::read(layout.meta());
  if (meta.status == RunStatus::finished) throw InputError(dir.string() + ": this run finished; there is nothing to resume");
  if (planned_ids && ResultsFile::read(layout.results(), ResultsFile::Samples::skip).planned != *planned_ids)
    throw InputError(dir.string() + ": the points planned now differ from the run's (were the shape set or ops changed?)");
  lock.claim();  // every check passed: this process writes the run from here
  ResultsFile results;
  ResultsWriter writer = ResultsWriter::reopen(layout.results(), layout.samples(), results);
  meta.status = RunStatus::running;
  meta.end_time.clear();
  if (meta.builds.empty()) meta.builds = {build_name(meta.abtool_version, meta.abtool_git_sha)};  // an older run's
  if (meta.builds.back() != build) meta.builds.push_back(build);
  RunDirectory run(std::move(lock), std::move(layout), std::move(meta), std::move(results), std::move(writer), std::move(echo));
  run.build_ = build;
  run.write_meta();
  return run;
}

bool RunDirectory::finished_point(const std::string& id) const { return finished_ids_.count(id) > 0; }

void RunDirectory::write_shapes(const std::string& yaml) { write_file_atomically(layout_.shapes(), yaml); }

void RunDirectory::log(const std::string& line) {
  log_ << line << '\n';
  log_.flush();
  if (echo_) echo_(line);
}

void RunDirectory::add(const PointRecord& point) {
  PointRecord& kept = results_.points.emplace_back(point);  // the one copy a point costs
  if (kept.build.empty()) kept.build = build_;                // a merge's points keep their shard's
  writer_.append(kept);
  // Kept without its samples (they are on disk): a long run's memory does not grow with them.
  for (Measurement* side : {&kept.measurement, kept.baseline ? &kept.baseline->measurement : nullptr,
                            kept.retuned ? &kept.retuned->measurement : nullptr})
    if (side) side->samples_us = {}, side->round_sizes = {}, side->probe_us = {}, side->round_clock_mhz = {};
  finished_ids_.insert(kept.id());
  log(result_line(kept));
}

void RunDirectory::point_finished(const PointRecord& point) { add(point); }

void RunDirectory::add_points(const std::vector<PointRecord>& points) {
  for (const auto& point : points) add(point);
}

void RunDirectory::write_autotune_record(const std::string& op, const nlohmann::json& record) {
  write_file_atomically(layout_.autotune_record(op), record.dump(2) + "\n");
}

void RunDirectory::finish(RunStatus status, const std::string& closing_line) {
  log_ << "\n" << result_table(results_.points);
  if (!closing_line.empty()) log_ << closing_line << "\n";
  log_.flush();
  results_.complete = status == RunStatus::finished;
  writer_.finish(results_.complete);
  meta_.end_time = now_iso8601();
  meta_.status = status;
  write_meta();
}

void RunDirectory::write_meta() { write_file_atomically(layout_.meta(), meta_.to_json().dump(2) + "\n"); }

}  // namespace abt
