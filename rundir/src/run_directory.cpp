#include "rundir/run_directory.h"

#include "rundir/result_table.h"
#include "rundir/run_lock.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

RunDirectory::RunDirectory(const fs::path& dir, MetaRecord meta, std::vector<std::string> planned_ids, Echo echo)
    : layout_(dir), meta_(std::move(meta)), echo_(std::move(echo)) {
  claim_new_directory(dir);
  fs::create_directories(layout_.autotune_records());
  log_.open(layout_.run_log(), std::ios::app);
  if (!log_) throw std::runtime_error("cannot write " + layout_.run_log().string());
  results_.planned = std::move(planned_ids);
  meta_.start_time = now_iso8601();
  meta_.status = RunStatus::running;
  write_meta();
  write_results();
}

RunDirectory::RunDirectory(RunLayout layout, MetaRecord meta, ResultsFile results, Echo echo)
    : layout_(std::move(layout)), meta_(std::move(meta)), results_(std::move(results)), echo_(std::move(echo)) {
  for (const auto& point : results_.points) finished_ids_.insert(point.id());
  log_.open(layout_.run_log(), std::ios::app);
  if (!log_) throw std::runtime_error("cannot write " + layout_.run_log().string());
}

RunDirectory RunDirectory::resume(const fs::path& dir, const std::optional<std::vector<std::string>>& planned_ids,
                                  Echo echo) {
  RunLayout layout(dir);
  MetaRecord meta = MetaRecord::read(layout.meta());
  ResultsFile results = ResultsFile::read(layout.results());
  if (meta.status == RunStatus::finished) throw InputError(dir.string() + ": this run finished; there is nothing to resume");
  if (planned_ids && results.planned != *planned_ids)
    throw InputError(dir.string() + ": the points planned now differ from the run's (were the shape set or ops changed?)");
  meta.status = RunStatus::running;
  meta.end_time.clear();
  RunDirectory run(std::move(layout), std::move(meta), std::move(results), std::move(echo));
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

void RunDirectory::point_finished(const PointRecord& point) {
  results_.points.push_back(point);
  finished_ids_.insert(point.id());
  log(result_line(point));
  write_results();
}

void RunDirectory::add_points(const std::vector<PointRecord>& points) {
  for (const auto& point : points) {
    results_.points.push_back(point);
    finished_ids_.insert(point.id());
    log(result_line(point));
  }
  write_results();
}

void RunDirectory::write_autotune_record(const std::string& op, const nlohmann::json& record) {
  write_file_atomically(layout_.autotune_record(op), record.dump(2) + "\n");
}

void RunDirectory::finish(RunStatus status) {
  log_ << "\n" << result_table(results_.points);
  log_.flush();
  results_.complete = status == RunStatus::finished;
  meta_.end_time = now_iso8601();
  meta_.status = status;
  write_meta();
  write_results();
}

void RunDirectory::write_results() { write_file_atomically(layout_.results(), results_.to_json().dump(1) + "\n"); }

void RunDirectory::write_meta() { write_file_atomically(layout_.meta(), meta_.to_json().dump(2) + "\n"); }

}  // namespace abt
