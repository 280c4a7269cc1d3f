// Writing a run directory (SPEC section 5). A finished point is on disk at once (results.json
// and samples.bin are appended to; the small files are rewritten whole, write + rename), so a
// run killed midway stays readable by `diff`.
#pragma once
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rundir/layout.h"
#include "rundir/meta_record.h"
#include "rundir/results_file.h"
#include "rundir/run_lock.h"

namespace abt {

// Where the run engine sends what happens: log lines and finished points.
class RunSink {
 public:
  virtual ~RunSink() = default;
  virtual void log(const std::string& line) = 0;  // one plain line of run.log
  virtual void point_finished(const PointRecord& point) = 0;
};

class RunDirectory : public RunSink {
 public:
  using Echo = std::function<void(const std::string&)>;
  // Creates `dir` with meta.json (status running) and results.json (no points yet), and holds its
  // lock while it lives. Throws InputError if `dir` exists and is not empty: a run is never
  // overwritten. `echo` sees every
  // log line too (the terminal).
  RunDirectory(const std::filesystem::path& dir, MetaRecord meta, std::vector<std::string> planned_ids, Echo echo = {});
  // An existing, unfinished run, to finish (--resume) or to add a crashed point to (the
  // supervisor): its finished points are kept and its status is running again. InputError when
  // another process writes it (its lock), when it finished, or when `planned_ids` (the points
  // planned now) differ from the run's; RunFormatError if its files are damaged.
  // `build`: the abtool resuming it ("version (git sha)", build_name), added to meta.json's builds
  // and named by each point it adds.
  static RunDirectory resume(const std::filesystem::path& dir, const std::string& build,
                             const std::optional<std::vector<std::string>>& planned_ids = std::nullopt, Echo echo = {});

  const RunLayout& layout() const { return layout_; }
  const MetaRecord& meta() const { return meta_; }
  void write_shapes(const std::string& yaml);
  void log(const std::string& line) override;
  void point_finished(const PointRecord& point) override;
  // Many finished points at once (abtool merge).
  void add_points(const std::vector<PointRecord>& points);
  void write_autotune_record(const std::string& op, const nlohmann::json& record);
  // Ends the run: the result table into run.log, end time and status into meta.json.
  // Ends run.log with the result table (and `closing_line`, when given: where the time went).
  void finish(RunStatus status, const std::string& closing_line = {});
  // The finished points, with their summaries; their samples are in samples.bin only.
  const std::vector<PointRecord>& points() const { return results_.points; }
  bool finished_point(const std::string& id) const;

 private:
  RunDirectory(RunLock lock, RunLayout layout, MetaRecord meta, ResultsFile results, ResultsWriter writer, Echo echo);
  void write_meta();
  void add(const PointRecord& point);  // its build named, written, kept without its samples

  RunLock lock_;  // held while this object writes the run (run_lock.h)
  std::string build_;  // the abtool writing it now: each point it adds names it
  RunLayout layout_;
  MetaRecord meta_;
  ResultsFile results_;  // the finished points: a resumed run's earlier ones without their samples
  ResultsWriter writer_;
  std::set<std::string> finished_ids_;
  std::ofstream log_;
  Echo echo_;
};

}  // namespace abt
