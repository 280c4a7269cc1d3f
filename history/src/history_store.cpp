#include "history/history_store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

#include "util/errors.h"
#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

// Each step takes the schema one version up; a new version is a step at the end (never an edit).
// An observation's metric is its series' too, kept again as the first column of its key: the rows
// of one metric lie together, so a series' metric is read without scanning the others' rows.
const std::vector<const char*> kMigrations = {
    // 0 -> 1: the tables.
    R"(CREATE TABLE history(key TEXT PRIMARY KEY, value TEXT NOT NULL);
       CREATE TABLE builds(id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE, fingerprint TEXT NOT NULL,
                           order_kind TEXT NOT NULL, order_value REAL NOT NULL, order_text TEXT NOT NULL);
       CREATE TABLE runs(id INTEGER PRIMARY KEY, run_id TEXT NOT NULL UNIQUE, build INTEGER NOT NULL REFERENCES builds(id),
                         dir TEXT NOT NULL, mode TEXT NOT NULL, start_time TEXT NOT NULL, added TEXT NOT NULL,
                         points INTEGER NOT NULL, content TEXT NOT NULL);
       CREATE TABLE metrics(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, unit TEXT NOT NULL, better TEXT NOT NULL);
       CREATE TABLE points(id INTEGER PRIMARY KEY, point TEXT NOT NULL UNIQUE, op TEXT NOT NULL);
       CREATE TABLE series(id INTEGER PRIMARY KEY, point INTEGER NOT NULL REFERENCES points(id),
                           metric INTEGER NOT NULL REFERENCES metrics(id), UNIQUE(point, metric));
       CREATE TABLE observations(metric INTEGER NOT NULL REFERENCES metrics(id), run INTEGER NOT NULL REFERENCES runs(id),
                                 series INTEGER NOT NULL REFERENCES series(id), value REAL NOT NULL, low REAL, high REAL,
                                 PRIMARY KEY(metric, run, series)) WITHOUT ROWID;)",
    // 1 -> 2: why an observation is no evidence of the compiler (a replay's fallback sweep).
    "ALTER TABLE observations ADD COLUMN note TEXT;",
    // 2 -> 3: each point's outcome in each run, FAILED ones too, with the code it measured (what a
    // time step needs to be the compiler's); each build's compiler as meta.json says it.
    R"(ALTER TABLE builds ADD COLUMN compiler TEXT;
       CREATE TABLE outcomes(run INTEGER NOT NULL REFERENCES runs(id), point INTEGER NOT NULL REFERENCES points(id),
                             failed INTEGER NOT NULL, code_binary TEXT, code_ir TEXT, reason TEXT,
                             PRIMARY KEY(run, point)) WITHOUT ROWID;)",
};

int user_version(SqliteDb& db) {
  SqliteStatement query(db, "PRAGMA user_version");
  query.step();
  return int(query.integer(0));
}

std::string now_text() { return now_iso8601(); }

// Finds a metric's id by its name as a view, no string made.
struct TextHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

uint64_t series_key(int64_t point, int64_t metric) { return uint64_t(point) << 24 | uint64_t(metric); }

std::string ops_text(const std::set<std::string>& ops) { return ops.empty() ? "none" : fmt::format("{}", fmt::join(ops, ", ")); }

}  // namespace

// The ids of what a history already names, read once per store and kept as rows are added.
struct HistoryStore::Cache {
  std::unordered_map<std::string, int64_t, TextHash, std::equal_to<>> metrics;
  std::unordered_map<std::string, int64_t> points;
  std::unordered_map<uint64_t, int64_t> series;  // series_key(point, metric) -> series
};

HistoryStore::HistoryStore(const fs::path& file, HistoryAccess access) : file_(file) {
  const bool writing = access == HistoryAccess::write;
  std::error_code error;
  if (fs::is_directory(file, error)) fail("a folder, not a history file");
  if (!writing && !fs::exists(file, error)) fail("no history there (abtool history add --db FILE RUN... makes one)");
  const fs::path folder = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  if (!writing && ::access(folder.c_str(), W_OK) != 0) {  // a shared, read-only copy
    open_unwritable_folder();
    return;
  }
  try {
    db_ = std::make_unique<SqliteDb>(file, writing, /*busy_ms=*/2000);
    open_schema(writing);
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "opening it");
  }
}

// A reader in a folder it cannot write (a shared, read-only copy): SQLite cannot make the WAL
// index (-shm) there, so the file is read as immutable, which is what it is to this user; unless
// a -wal beside it holds changes not yet in the file, which an immutable read would miss.
void HistoryStore::open_unwritable_folder() {
  const fs::path wal = file_.string() + "-wal";
  std::error_code error;
  if (fs::exists(wal, error) && fs::file_size(wal, error) > 0 && !error)
    fail(fmt::format("cannot be read here: its folder cannot be written (SQLite keeps a WAL index beside the file) and {} holds "
                     "changes not yet in it: copy both files to a folder you can write, or read it as a user who can",
                     wal.string()));
  try {
    db_ = std::make_unique<SqliteDb>(file_, false, /*busy_ms=*/2000, /*immutable=*/true);
    open_schema(false);
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "opening it read-only");
  }
}

HistoryStore::~HistoryStore() = default;

void HistoryStore::fail(const std::string& what) const { throw InputError(fmt::format("{}: {}", file_.string(), what)); }

void HistoryStore::damaged(const std::string& what) const {
  fail(fmt::format("damaged: {} (a run removed by hand, or the file edited); add its runs to a new history", what));
}

void HistoryStore::reading(const std::string& what, const std::function<void()>& read) const {
  try {
    read();
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "reading " + what);
  }
}

void HistoryStore::fail_sqlite(const SqliteError& error, const std::string& doing) const {
  switch (error.code()) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      fail(fmt::format("locked by another writer (another `abtool history add`, or a record or replay adding itself) "
                       "while {}; try again when it is done", doing));
    case SQLITE_NOTADB: fail("not an abtool history: not an SQLite database");
    case SQLITE_CORRUPT: fail(fmt::format("damaged (SQLite: {}) while {}; nothing was added", error.what(), doing));
    case SQLITE_CANTOPEN: fail(fmt::format("cannot open it: {}", error.what()));
    case SQLITE_READONLY: fail(fmt::format("cannot write it: {}", error.what()));
    default: throw;
  }
}

void HistoryStore::open_schema(bool writing) {
  int version = user_version(*db_);
  if (version > kHistorySchema)
    fail(fmt::format("a history of schema {}, newer than this abtool reads ({}): use the abtool that wrote it, or a newer one",
                     version, kHistorySchema));
  if (version == 0) {
    SqliteStatement tables(*db_, "SELECT count(*) FROM sqlite_master");
    tables.step();
    if (tables.integer(0) > 0) fail("not an abtool history: an SQLite database with other tables");
    if (!writing) fail("no history there (abtool history add --db FILE RUN... makes one)");
  }
  db_->exec("PRAGMA foreign_keys = ON");
  if (writing) {
    std::string verdict;
    {
      SqliteStatement check(*db_, "PRAGMA quick_check");
      check.step();
      verdict = check.text(0);
    }
    if (verdict != "ok") fail(fmt::format("damaged (PRAGMA quick_check: {}); nothing was added", verdict));
    db_->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL");
    // An older history is brought up to date by its next writer; a reader reads it as it is.
    if (version < kHistorySchema) {
      SqliteTransaction transaction(*db_, SqliteTransaction::Lock::immediate);
      version = user_version(*db_);  // another writer may have migrated it meanwhile
      for (; version < kHistorySchema; ++version) db_->exec(kMigrations[size_t(version)]);
      db_->exec(fmt::format("PRAGMA user_version = {}", kHistorySchema));
      transaction.commit();
    }
  }
  version_ = version;
  SqliteStatement tables(*db_, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                               "('history', 'builds', 'runs', 'metrics', 'points', 'series', 'observations')");
  tables.step();
  if (tables.integer(0) != 7) fail("not an abtool history: it lacks its tables");
}

std::map<std::string, std::string> HistoryStore::family_keys() const {
  std::map<std::string, std::string> keys;
  reading("what family of runs it holds", [&] {
    SqliteStatement query(*db_, "SELECT key, value FROM history");
    while (query.step()) keys[query.text(0)] = query.text(1);
  });
  return keys;
}

std::optional<RunMode> HistoryStore::family_mode() const {
  const std::map<std::string, std::string> keys = family_keys();
  const auto mode = keys.find("mode");
  if (mode == keys.end()) return std::nullopt;
  const std::optional<RunMode> parsed = parse_spelling<RunMode>(mode->second);
  if (!parsed) damaged(fmt::format("its family's mode '{}' is no run mode", mode->second));
  return parsed;
}

std::string HistoryStore::family_text() const {
  std::map<std::string, std::string> keys = family_keys();
  if (!keys.count("mode")) return "empty";
  if (keys["mode"] == "replay") return fmt::format("replays of run {} ({})", keys["baseline_run_id"], keys["baseline_dir"]);
  std::set<std::string> ops;
  const nlohmann::json listed = nlohmann::json::parse(keys["ops"], nullptr, false);
  if (!listed.is_array()) damaged("its family's ops are no JSON list");
  for (const auto& op : listed)
    if (op.is_string()) ops.insert(op.get<std::string>());
  return "records of " + ops_text(ops);
}

std::string HistoryStore::baseline_dir() const {
  const std::map<std::string, std::string> keys = family_keys();
  const auto dir = keys.find("baseline_dir");
  return dir == keys.end() ? "" : dir->second;
}

// One history, one family: replays of one record, or records of the same ops.
void HistoryStore::check_family(const RunData& run) {
  const std::string name = fmt::format("run {} ({})", run.meta.run_id, run.layout.dir().string());
  std::map<std::string, std::string> keys;
  SqliteStatement query(*db_, "SELECT key, value FROM history");
  while (query.step()) keys[query.text(0)] = query.text(1);
  std::set<std::string> run_ops;
  for (const PointRecord& point : run.results.points) run_ops.insert(point.point.op);
  for (const std::string& id : run.results.planned) run_ops.insert(id.substr(0, id.find('/')));
  const std::string mode(spelling(run.meta.mode));
  if (keys.empty()) {
    SqliteStatement set(*db_, "INSERT INTO history(key, value) VALUES (?, ?)");
    auto put = [&](const std::string& key, const std::string& value) {
      set.bind(1, key).bind(2, value).run();
      set.reset();
    };
    put("mode", mode);
    if (run.meta.mode == RunMode::replay) {
      put("baseline_run_id", run.meta.replay_from_run_id);
      put("baseline_dir", run.meta.replay_from ? run.meta.replay_from->string() : "");
    }
    put("ops", nlohmann::json(std::vector<std::string>(run_ops.begin(), run_ops.end())).dump());
    return;
  }
  if (keys["mode"] != mode)
    fail(fmt::format("{} is a {}; this history holds {}s ({}): another family belongs in another --db", name, mode, keys["mode"],
                     family_text()));
  std::set<std::string> known;
  for (const auto& op : nlohmann::json::parse(keys["ops"])) known.insert(op.get<std::string>());
  if (run.meta.mode == RunMode::replay) {
    if (run.meta.replay_from_run_id != keys["baseline_run_id"])
      fail(fmt::format("{} replays run {}; this history holds replays of run {} ({}): a run against another baseline "
                       "belongs in another --db", name, run.meta.replay_from_run_id.empty() ? "?" : run.meta.replay_from_run_id,
                       keys["baseline_run_id"], keys["baseline_dir"]));
  } else if (std::none_of(run_ops.begin(), run_ops.end(), [&](const std::string& op) { return known.count(op); })) {
    fail(fmt::format("{} records {}; this history's records are of {}: no op in common, another family belongs in another --db",
                     name, ops_text(run_ops), ops_text(known)));
  }
  known.insert(run_ops.begin(), run_ops.end());
  SqliteStatement update(*db_, "UPDATE history SET value = ? WHERE key = 'ops'");
  update.bind(1, nlohmann::json(std::vector<std::string>(known.begin(), known.end())).dump()).run();
}

std::optional<std::string> build_request_problem(const BuildRequest& request) {
  if (!request.label.empty())
    if (const std::optional<std::string> problem = label_problem(request.label))
      return fmt::format("--build '{}': {}", request.label.substr(0, 40) + (request.label.size() > 40 ? "..." : ""), *problem);
  if (!request.order.empty() && !parse_order_key(request.order))
    return fmt::format("--build-order '{}': not a number or a date or time (1234, 2026-12-06, 2026-12-06T13:05:00)", request.order);
  return std::nullopt;
}

void HistoryStore::check_can_add(const BuildRequest& request) {
  if (const std::optional<std::string> problem = build_request_problem(request)) fail(*problem);
  // A run's start time (the default key) is a time.
  const OrderKey order = request.order.empty() ? OrderKey{OrderKind::time, 0, ""} : *parse_order_key(request.order);
  try {
    SqliteTransaction held(*db_, SqliteTransaction::Lock::immediate);  // as add will, then let go
    if (!request.label.empty()) {
      SqliteStatement existing(*db_, "SELECT order_text FROM builds WHERE label = ?");
      existing.bind(1, request.label);
      if (existing.step()) {
        if (!request.order.empty() && existing.text(0) != request.order)
          fail(fmt::format("build '{}' is ordered by '{}' in this history, not '{}'", request.label, existing.text(0), request.order));
        return;
      }
    }
    SqliteStatement kinds(*db_, "SELECT order_kind, order_text FROM builds LIMIT 1");
    if (kinds.step() && kinds.text(0) != spelling(order.kind))
      fail(fmt::format("{} is a {}; this history orders its builds by {} (as '{}'): give --build-order",
                       request.order.empty() ? "the run's start time (the default order key)" : "--build-order '" + request.order + "'",
                       spelling(order.kind), kinds.text(0), kinds.text(1)));
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "checking it before the run");
  }
}

Build HistoryStore::resolve_build(const RunData& run, const BuildRequest& request) {
  const std::string name = fmt::format("run {} ({})", run.meta.run_id, run.layout.dir().string());
  if (!request.label.empty())
    if (const std::optional<std::string> problem = label_problem(request.label))
      fail(fmt::format("--build '{}' for {}: {}", request.label.substr(0, 40) + (request.label.size() > 40 ? "..." : ""), name, *problem));
  Build build;
  build.fingerprint = compiler_fingerprint_digest(run.meta.compiler);
  build.label = request.label.empty() ? default_build_label(run.meta.compiler, build.fingerprint) : request.label;
  SqliteStatement existing(*db_, "SELECT id, fingerprint, order_kind, order_value, order_text FROM builds WHERE label = ?");
  existing.bind(1, build.label);
  if (existing.step()) {
    if (existing.text(1) != build.fingerprint)
      fail(fmt::format("build '{}' is another compiler in this history (fingerprint {}; {}'s is {}): give this one another --build",
                       build.label, existing.text(1).substr(0, 12), name, build.fingerprint.substr(0, 12)));
    if (!request.order.empty() && existing.text(4) != request.order)
      fail(fmt::format("build '{}' is ordered by '{}' in this history, not '{}' ({})", build.label, existing.text(4),
                       request.order, name));
    build.id = existing.integer(0);
    build.order = OrderKey{*parse_spelling<OrderKind>(existing.text(2)), *existing.real(3), existing.text(4)};
    SqliteStatement described(*db_, "UPDATE builds SET compiler = ? WHERE id = ? AND compiler IS NULL");  // a build of schema 2
    described.bind(1, run.meta.compiler.to_json().dump()).bind_integer(2, build.id).run();
    return build;
  }
  const std::string order_text = request.order.empty() ? run.meta.start_time : request.order;
  const std::optional<OrderKey> order = parse_order_key(order_text);
  if (!order) {
    if (!request.order.empty())
      fail(fmt::format("--build-order '{}' for {}: not a number or a date or time (1234, 2026-12-06, 2026-12-06T13:05:00)",
                       request.order, name));
    fail(fmt::format("{}: its start time '{}' is no order key; give one with --build-order", name, order_text));
  }
  build.order = *order;
  SqliteStatement kinds(*db_, "SELECT order_kind, order_text FROM builds LIMIT 1");
  if (kinds.step() && kinds.text(0) != spelling(order->kind))
    fail(fmt::format("build order '{}' of {} is a {}; this history orders its builds by {} (as '{}'): give --build-order", order_text,
                     name, spelling(order->kind), kinds.text(0), kinds.text(1)));
  SqliteStatement insert(*db_, "INSERT INTO builds(label, fingerprint, order_kind, order_value, order_text, compiler) "
                               "VALUES (?, ?, ?, ?, ?, ?)");
  insert.bind(1, build.label).bind(2, build.fingerprint).bind(3, std::string(spelling(order->kind))).bind(4, order->value);
  insert.bind(5, order->text).bind(6, run.meta.compiler.to_json().dump()).run();
  build.id = db_->last_insert_id();
  return build;
}

void HistoryStore::store_rows(int64_t run_row, const std::vector<PointObservations>& points) {
  if (!cache_) {
    cache_ = std::make_unique<Cache>();
    SqliteStatement known_metrics(*db_, "SELECT id, name FROM metrics");
    while (known_metrics.step()) cache_->metrics[known_metrics.text(1)] = known_metrics.integer(0);
    SqliteStatement known_points(*db_, "SELECT id, point FROM points");
    while (known_points.step()) cache_->points[known_points.text(1)] = known_points.integer(0);
    SqliteStatement known_series(*db_, "SELECT id, point, metric FROM series");
    while (known_series.step())
      cache_->series[series_key(known_series.integer(1), known_series.integer(2))] = known_series.integer(0);
  }
  try {
    SqliteStatement new_metric(*db_, "INSERT INTO metrics(name, unit, better) VALUES (?, ?, ?)");
    SqliteStatement new_point(*db_, "INSERT INTO points(point, op) VALUES (?, ?)");
    SqliteStatement new_series(*db_, "INSERT INTO series(point, metric) VALUES (?, ?)");
    SqliteStatement observe(*db_, "INSERT INTO observations(metric, run, series, value, low, high, note) VALUES (?, ?, ?, ?, ?, ?, ?)");
    SqliteStatement outcome(*db_, "INSERT INTO outcomes(run, point, failed, code_binary, code_ir, reason) VALUES (?, ?, ?, ?, ?, ?)");
    auto text_or_null = [](SqliteStatement& statement, int index, const std::string& text) {
      text.empty() ? statement.bind_null(index) : statement.bind(index, text);
    };
    for (const PointObservations& observed : points) {
      auto point = cache_->points.find(observed.point);
      if (point == cache_->points.end()) {
        new_point.bind(1, observed.point).bind(2, observed.op).run();
        new_point.reset();
        point = cache_->points.emplace(observed.point, db_->last_insert_id()).first;
      }
      outcome.bind_integer(1, run_row).bind_integer(2, point->second).bind_integer(3, observed.failed ? 1 : 0);
      text_or_null(outcome, 4, observed.code.binary);
      text_or_null(outcome, 5, observed.code.ir);
      text_or_null(outcome, 6, observed.note);
      outcome.run();
      outcome.reset();
      for (const RunObservation& row : observed.rows) {
        auto metric = cache_->metrics.find(row.metric);
        if (metric == cache_->metrics.end()) {
          new_metric.bind(1, std::string(row.metric)).bind(2, std::string(row.unit)).bind(3, std::string(spelling(row.better))).run();
          new_metric.reset();
          metric = cache_->metrics.emplace(std::string(row.metric), db_->last_insert_id()).first;
        }
        const uint64_t key = series_key(point->second, metric->second);
        auto series = cache_->series.find(key);
        if (series == cache_->series.end()) {
          new_series.bind_integer(1, point->second).bind_integer(2, metric->second).run();
          new_series.reset();
          series = cache_->series.emplace(key, db_->last_insert_id()).first;
        }
        observe.bind_integer(1, metric->second).bind_integer(2, run_row).bind_integer(3, series->second).bind(4, row.value);
        row.low ? observe.bind(5, *row.low) : observe.bind_null(5);
        row.high ? observe.bind(6, *row.high) : observe.bind_null(6);
        observed.note.empty() ? observe.bind_null(7) : observe.bind(7, observed.note);
        observe.run();
        observe.reset();
      }
    }
  } catch (...) {
    cache_.reset();  // it learned ids the rolled-back transaction made: read again next time
    throw;
  }
}

RunAdded HistoryStore::add(const RunData& run, const BuildRequest& request) {
  const std::string name = fmt::format("run {} ({})", run.meta.run_id, run.layout.dir().string());
  if (run.meta.run_id.empty()) fail(fmt::format("{}: the run has no run id (made by an older abtool): it cannot be kept once", name));
  if (run.meta.status == RunStatus::running || run.meta.status == RunStatus::interrupted)
    fail(fmt::format("{} did not finish ({}): `abtool {} --resume {}` finishes it, then add it", name, spelling(run.meta.status),
                     spelling(run.meta.mode), run.layout.dir().string()));
  const std::string content = run_content(run.layout);
  const std::vector<PointObservations> points = observations_of(run);
  size_t row_count = 0;
  size_t failed = 0;
  for (const PointObservations& point : points) {
    row_count += point.rows.size();
    failed += point.failed;
  }
  RunAdded added{run.meta.run_id, run.layout.dir(), RunAdded::Outcome::added, "", run.results.points.size(), failed, row_count};
  try {
    SqliteTransaction transaction(*db_, SqliteTransaction::Lock::immediate);
    check_family(run);
    BuildRequest asked = request;
    if (asked.label.empty()) {  // a run added before keeps the build it was added as
      SqliteStatement earlier(*db_, "SELECT b.label FROM runs r JOIN builds b ON b.id = r.build WHERE r.run_id = ?");
      earlier.bind(1, run.meta.run_id);
      if (earlier.step()) asked.label = earlier.text(0);
    }
    const Build build = resolve_build(run, asked);
    added.build = build.label;
    int64_t run_row = 0;
    SqliteStatement known(*db_, "SELECT id, build, content FROM runs WHERE run_id = ?");
    known.bind(1, run.meta.run_id);
    if (known.step()) {
      run_row = known.integer(0);
      if (known.integer(1) != build.id) {
        SqliteStatement label(*db_, "SELECT label FROM builds WHERE id = ?");
        label.bind_integer(1, known.integer(1)).step();
        fail(fmt::format("{} is in this history as build '{}', not '{}'", name, label.text(0), build.label));
      }
      if (known.text(2) == content) {
        added.outcome = RunAdded::Outcome::unchanged;
        added.rows = 0;
        transaction.commit();
        return added;
      }
      added.outcome = RunAdded::Outcome::replaced;  // re-measured (--resume): its rows are these now
      SqliteStatement drop(*db_, "DELETE FROM observations WHERE metric IN (SELECT id FROM metrics) AND run = ?");
      drop.bind_integer(1, run_row).run();
      SqliteStatement drop_outcomes(*db_, "DELETE FROM outcomes WHERE run = ?");
      drop_outcomes.bind_integer(1, run_row).run();
      SqliteStatement update(*db_, "UPDATE runs SET dir = ?, added = ?, points = ?, content = ? WHERE id = ?");
      update.bind(1, fs::absolute(run.layout.dir()).string()).bind(2, now_text()).bind_integer(3, int64_t(run.results.points.size()));
      update.bind(4, content).bind_integer(5, run_row).run();
    } else {
      SqliteStatement insert(*db_, "INSERT INTO runs(run_id, build, dir, mode, start_time, added, points, content) "
                                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
      insert.bind(1, run.meta.run_id).bind_integer(2, build.id).bind(3, fs::absolute(run.layout.dir()).string());
      insert.bind(4, std::string(spelling(run.meta.mode))).bind(5, run.meta.start_time).bind(6, now_text());
      insert.bind_integer(7, int64_t(run.results.points.size())).bind(8, content).run();
      run_row = db_->last_insert_id();
    }

    store_rows(run_row, points);
    transaction.commit();
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "adding " + name);
  }
  return added;
}

std::string run_content(const RunLayout& layout) {
  std::error_code error;
  const uintmax_t size = fs::file_size(layout.results(), error);
  return sha256_hex(read_text_file(layout.meta()) + fmt::format("\nresults.json {} bytes", error ? 0 : size));
}

bool HistoryStore::holds(const std::string& run_id, const std::string& content, const std::string& label) const {
  SqliteStatement known(*db_, "SELECT r.content, b.label FROM runs r JOIN builds b ON b.id = r.build WHERE r.run_id = ?");
  known.bind(1, run_id);
  return known.step() && known.text(0) == content && (label.empty() || known.text(1) == label);
}

std::vector<Build> HistoryStore::builds() const {
  std::vector<Build> builds;
  reading("its builds", [&] {
    SqliteStatement query(*db_, fmt::format("SELECT b.id, b.label, b.fingerprint, b.order_kind, b.order_value, b.order_text, "
                                            "(SELECT count(*) FROM runs r WHERE r.build = b.id), {} FROM builds b "
                                            "ORDER BY b.order_value, b.id",
                                            version_ >= 3 ? "coalesce(b.compiler, '')" : "''"));
    while (query.step())
      builds.push_back({query.integer(0), query.text(1), query.text(2),
                        OrderKey{parse_spelling<OrderKind>(query.text(3)).value_or(OrderKind::time), query.real(4).value_or(0),
                                 query.text(5)},
                        int(query.integer(6)), query.text(7)});
  });
  return builds;
}

std::vector<StoredOutcome> HistoryStore::outcomes() const {
  std::vector<StoredOutcome> outcomes;
  if (version_ < 3) return outcomes;  // a history of schema 2 kept neither failures nor code
  reading("its points' outcomes", [&] {
    std::unordered_map<int64_t, int64_t> build_of;
    SqliteStatement runs(*db_, "SELECT id, build FROM runs");
    while (runs.step()) build_of[runs.integer(0)] = runs.integer(1);
    SqliteStatement query(*db_, "SELECT run, point, failed, coalesce(code_binary, ''), coalesce(code_ir, ''), coalesce(reason, '') "
                                "FROM outcomes");
    while (query.step()) {
      const auto build = build_of.find(query.integer(0));
      if (build == build_of.end()) damaged(fmt::format("an outcome of run row {}, which it does not hold", query.integer(0)));
      outcomes.push_back({query.integer(1), build->second, query.integer(0), query.integer(2) != 0,
                          CodeIdentity{query.text(3), query.text(4)}, query.text(5)});
    }
  });
  return outcomes;
}

std::vector<StoredRun> HistoryStore::runs() const {
  std::vector<StoredRun> runs;
  reading("its runs", [&] {
    SqliteStatement query(*db_, "SELECT id, run_id, dir, build, start_time, points FROM runs ORDER BY id");
    while (query.step())
      runs.push_back({query.integer(0), query.text(1), query.text(2), query.integer(3), query.text(4), size_t(query.integer(5))});
  });
  return runs;
}

std::map<int64_t, std::string> HistoryStore::point_names() const {
  std::map<int64_t, std::string> names;
  reading("its points", [&] {
    SqliteStatement query(*db_, "SELECT id, point FROM points");
    while (query.step()) names[query.integer(0)] = query.text(1);
  });
  return names;
}

std::vector<StoredMetric> HistoryStore::metrics() const {
  std::vector<StoredMetric> metrics;
  reading("its metrics", [&] {
    SqliteStatement query(*db_, "SELECT name, unit, better FROM metrics ORDER BY id");
    while (query.step())
      metrics.push_back({query.text(0), query.text(1), parse_spelling<Better>(query.text(2)).value_or(Better::lower)});
  });
  return metrics;
}

std::optional<StoredMetric> HistoryStore::metric(const std::string& name) const {
  for (StoredMetric& metric : metrics())
    if (metric.name == name) return metric;
  return std::nullopt;
}

std::vector<StoredObservation> HistoryStore::observations(const std::string& metric) const {
  std::vector<StoredObservation> rows;
  try {
    // Series and runs are few: mapped here, so the scan of the rows joins nothing.
    std::unordered_map<int64_t, int64_t> point_of, build_of;
    SqliteStatement series(*db_, "SELECT id, point FROM series WHERE metric = (SELECT id FROM metrics WHERE name = ?)");
    series.bind(1, metric);
    while (series.step()) point_of[series.integer(0)] = series.integer(1);
    SqliteStatement runs(*db_, "SELECT id, build FROM runs");
    while (runs.step()) build_of[runs.integer(0)] = runs.integer(1);
    SqliteStatement query(*db_, fmt::format("SELECT series, run, value, low, high, {} FROM observations "
                                            "WHERE metric = (SELECT id FROM metrics WHERE name = ?)",
                                            version_ >= 2 ? "note IS NOT NULL" : "0"));
    query.bind(1, metric);
    while (query.step()) {
      const auto point = point_of.find(query.integer(0));
      const auto build = build_of.find(query.integer(1));
      if (point == point_of.end() || build == build_of.end())
        damaged(fmt::format("a {} row of {} it does not hold", metric,
                            point == point_of.end() ? fmt::format("series row {}", query.integer(0))
                                                    : fmt::format("run row {}", query.integer(1))));
      rows.push_back({point->second, build->second, query.integer(1), query.real(2).value_or(0), query.real(3), query.real(4),
                      query.integer(5) != 0});
    }
  } catch (const SqliteError& failure) {
    fail_sqlite(failure, "reading its " + metric + " rows");
  }
  return rows;
}

}  // namespace abt
