// A compiler's history: one SQLite file (WAL) holding every run added to it, each under its build,
// and every metric of every point a row (docs/history.md). One history is one family of runs:
// replays of one record (their series are against that record's code, the control), or records of
// the same ops. A run is added once by its run id; a run re-measured by --resume replaces its rows.
// Bad input (a newer schema, a database another writer holds, a damaged one, a run of another
// family, an order key that is none, a label given to a second compiler) is an InputError naming
// the file and the run, and nothing already stored changes.
#pragma once
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "history/build.h"
#include "history/run_observations.h"
#include "rundir/run_data.h"
#include "util/sqlite_handle.h"

namespace abt {

inline constexpr int kHistorySchema = 3;  // PRAGMA user_version; a writer applies the migrations below it

enum class HistoryAccess { read, write };

// What `history add --build LABEL --build-order KEY` asked for (empty: the defaults).
struct BuildRequest {
  std::string label;
  std::string order;
};

// What is wrong with a label or an order key given for a build (add refuses them), if anything.
std::optional<std::string> build_request_problem(const BuildRequest& request);

struct RunAdded {
  enum class Outcome { added, replaced, unchanged };
  std::string run_id;
  std::filesystem::path dir;
  Outcome outcome = Outcome::added;
  std::string build;
  size_t points = 0, failed = 0, rows = 0;
};

// One stored row of one metric, with its point, run and build: what series are made of.
struct StoredObservation {
  int64_t point = 0;   // HistoryStore::point_names()
  int64_t build = 0;   // Build::id
  int64_t run = 0;     // HistoryStore::runs()
  double value = 0;
  std::optional<double> low, high;
  bool excluded = false;  // a note says it is no evidence of the compiler
};

// A point's outcome in one run: FAILED (and why), or the code it measured.
struct StoredOutcome {
  int64_t point = 0, build = 0, run = 0;
  bool failed = false;
  CodeIdentity code;
  std::string reason;  // failed: why; else why it is no evidence (a fallback sweep), or empty
};

struct StoredRun {
  int64_t id = 0;
  std::string run_id;
  std::filesystem::path dir;
  int64_t build = 0;
  std::string start_time;
  size_t points = 0;
};

struct StoredMetric {
  std::string name, unit;
  Better better = Better::lower;
};

// What says whether a run changed since it was added: its meta.json (a --resume rewrites it) and
// the size of its results.json (points are appended), not a digest of every byte of it.
std::string run_content(const RunLayout& layout);

class HistoryStore {
 public:
  HistoryStore(const std::filesystem::path& file, HistoryAccess access);
  ~HistoryStore();
  HistoryStore(const HistoryStore&) = delete;
  HistoryStore& operator=(const HistoryStore&) = delete;

  const std::filesystem::path& file() const { return file_; }
  RunAdded add(const RunData& run, const BuildRequest& build);
  // What can be told before a run is measured (record/replay --history): the label and order key
  // are ones add takes, the order is of this history's kind, and no other writer holds the file.
  // What only the run tells (its compiler, its family) add checks at the end.
  void check_can_add(const BuildRequest& build);
  // The run is in the history as it is now (run_content), under `label` where one is given: adding
  // it again would change nothing.
  bool holds(const std::string& run_id, const std::string& content, const std::string& label) const;

  std::vector<Build> builds() const;  // in build order
  std::vector<StoredRun> runs() const;
  std::map<int64_t, std::string> point_names() const;  // id -> "op/shape/dtype"
  std::vector<StoredMetric> metrics() const;
  std::optional<StoredMetric> metric(const std::string& name) const;
  std::vector<StoredObservation> observations(const std::string& metric) const;
  std::vector<StoredOutcome> outcomes() const;  // none in a history of schema 2
  // The family's kind (replay: series against one record's code; record: plain records); nullopt while empty.
  std::optional<RunMode> family_mode() const;
  std::string family_text() const;  // "replays of run 3f2a... (runs/A)" or "records of cpu_saxpy, cpu_matmul"
  std::string baseline_dir() const;  // the record a family of replays replays, where it was; empty otherwise

 private:
  struct Cache;
  void open_schema(bool writing);
  void open_unwritable_folder();
  std::map<std::string, std::string> family_keys() const;
  void check_family(const RunData& run);
  Build resolve_build(const RunData& run, const BuildRequest& request);
  // A run's rows, inside add's transaction; the ids it learns are forgotten again if it fails.
  void store_rows(int64_t run_row, const std::vector<PointObservations>& points);
  [[noreturn]] void fail(const std::string& what) const;
  [[noreturn]] void damaged(const std::string& what) const;
  // `read`'s SQLite errors said as bad input naming the file (damaged, locked, unreadable).
  void reading(const std::string& what, const std::function<void()>& read) const;
  [[noreturn]] void fail_sqlite(const SqliteError& error, const std::string& doing) const;

  std::filesystem::path file_;
  std::unique_ptr<SqliteDb> db_;
  std::unique_ptr<Cache> cache_;
  int version_ = kHistorySchema;  // the schema as found (a reader migrates nothing)
};

}  // namespace abt
