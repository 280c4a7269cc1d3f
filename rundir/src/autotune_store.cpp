#include "rundir/autotune_store.h"

#include "model/config_json.h"
#include "model/json_fields.h"
#include "rundir/layout.h"
#include "util/sqlite_handle.h"
#include "util/errors.h"

namespace abt {
namespace {

nlohmann::json optional_json(const std::optional<double>& value) { return value ? nlohmann::json(*value) : nlohmann::json(); }

}  // namespace

AutotuneStore::AutotuneStore(std::unique_ptr<SqliteDb> db) : db_(std::move(db)) {}
AutotuneStore::~AutotuneStore() = default;

std::unique_ptr<AutotuneStore> AutotuneStore::create(const std::filesystem::path& file, RunMode mode,
                                                     const CompilerFingerprint& compiler) {
  auto db = std::make_unique<SqliteDb>(file, true);
  db->exec(
      "PRAGMA journal_mode=DELETE;"
      "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "CREATE TABLE IF NOT EXISTS choices(op TEXT, kernel TEXT, shape TEXT, dtype TEXT, config TEXT NOT NULL,"
      "  variant TEXT, time_us REAL, PRIMARY KEY(op, kernel, shape, dtype));"
      "CREATE TABLE IF NOT EXISTS candidates(op TEXT, kernel TEXT, shape TEXT, dtype TEXT, config TEXT NOT NULL,"
      "  variant TEXT, status TEXT NOT NULL, time_us REAL, error TEXT);"
      // Each save replaces a key's candidates: without the index every save scans them all, and a
      // run's cost grows with the square of its points.
      "CREATE INDEX IF NOT EXISTS candidates_of_key ON candidates(op, kernel, shape, dtype);");
  std::unique_ptr<AutotuneStore> store(new AutotuneStore(std::move(db)));
  for (const auto& [key, value] : {std::pair<std::string, std::string>{"mode", std::string(spelling(mode))},
                                   {"compiler_fingerprint", compiler.to_json().dump()}})
    SqliteStatement(*store->db_, "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)").bind(1, key).bind(2, value).run();
  return store;
}

std::unique_ptr<AutotuneStore> AutotuneStore::open_record(const std::filesystem::path& file) {
  if (!std::filesystem::is_regular_file(file)) throw RunFormatError(file.string() + ": missing");
  try {
    auto db = std::make_unique<SqliteDb>(file, false);
    int tables = 0;
    SqliteStatement query(*db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN ('meta','choices','candidates')");
    if (query.step()) tables = int(query.real(0).value_or(0));
    if (tables != 3) throw std::runtime_error("it lacks the meta, choices and candidates tables");
    return std::unique_ptr<AutotuneStore>(new AutotuneStore(std::move(db)));
  } catch (const RunFormatError&) {
    throw;
  } catch (const std::exception& error) {
    throw RunFormatError(file.string() + ": not an abtool autotune database: " + error.what());
  }
}

std::string AutotuneStore::meta(const std::string& key) const {
  SqliteStatement query(*db_, "SELECT value FROM meta WHERE key = ?");
  query.bind(1, key);
  if (!query.step()) throw RunFormatError(db_->path() + ": meta: no '" + key + "' entry");
  return query.text(0);
}

Config AutotuneStore::config_column(const std::string& text) const {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw RunFormatError(db_->path() + ": config: not a JSON object: " + text.substr(0, 80));
  }
  return config_from_json(JsonFields(nlohmann::json{{"config", json}}, db_->path()), "config");
}

void AutotuneStore::hold_commits() { holding_ = true; }

void AutotuneStore::commit_held() {
  if (!db_->in_transaction()) return;
  try {
    db_->exec("COMMIT");
  } catch (const std::runtime_error& error) {
    throw StorageError(std::string("cannot commit the autotune choices: ") + error.what());
  }
}

void AutotuneStore::stop_holding() noexcept {
  holding_ = false;
  try {
    commit_held();
  } catch (const std::exception&) {
    db_->rollback_quietly();  // only while an error unwinds: the run is stopping with that error
  }
}

void AutotuneStore::save(const ChoiceRecord& choice, const std::vector<CandidateRecord>& candidates) {
  if (holding_ && !db_->in_transaction()) db_->exec("BEGIN");
  SqliteTransaction transaction(*db_);
  const TuneKey& key = choice.key;
  SqliteStatement erase(*db_, "DELETE FROM candidates WHERE op=? AND kernel=? AND shape=? AND dtype=?");
  erase.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype).run();
  for (const auto& candidate : candidates) {
    SqliteStatement insert(*db_, "INSERT INTO candidates VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
    insert.bind(5, config_to_json(candidate.config).dump()).bind(6, candidate.variant);
    insert.bind(7, std::string(spelling(candidate.status)));
    if (candidate.time_us) insert.bind(8, *candidate.time_us);
    else insert.bind_null(8);
    insert.bind(9, candidate.error).run();
  }
  if (!choice.config.empty() || !choice.variant.empty()) {
    SqliteStatement upsert(*db_, "INSERT OR REPLACE INTO choices VALUES(?, ?, ?, ?, ?, ?, ?)");
    upsert.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
    upsert.bind(5, config_to_json(choice.config).dump()).bind(6, choice.variant);
    if (choice.time_us) upsert.bind(7, *choice.time_us);
    else upsert.bind_null(7);
    upsert.run();
  }
  transaction.commit();
}

std::optional<ChoiceRecord> AutotuneStore::find(const TuneKey& key) const {
  SqliteStatement query(*db_, "SELECT config, variant, time_us FROM choices WHERE op=? AND kernel=? AND shape=? AND dtype=?");
  query.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
  if (!query.step()) return std::nullopt;
  return ChoiceRecord{key, config_column(query.text(0)), query.text(1), query.real(2)};
}

std::vector<ChoiceRecord> AutotuneStore::choices(const std::string& op) const {
  std::vector<ChoiceRecord> result;
  SqliteStatement query(*db_, "SELECT kernel, shape, dtype, config, variant, time_us FROM choices WHERE op=? ORDER BY rowid");
  query.bind(1, op);
  while (query.step())
    result.push_back({TuneKey{op, query.text(0), query.text(1), query.text(2)}, config_column(query.text(3)),
                      query.text(4), query.real(5)});
  return result;
}

std::vector<CandidateRecord> AutotuneStore::candidates(const TuneKey& key) const {
  std::vector<CandidateRecord> result;
  SqliteStatement query(*db_, "SELECT config, variant, status, time_us, error FROM candidates "
                              "WHERE op=? AND kernel=? AND shape=? AND dtype=? ORDER BY rowid");
  query.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
  while (query.step()) {
    auto status = parse_spelling<CandidateStatus>(query.text(2));
    if (!status) throw RunFormatError(db_->path() + ": candidates: unknown status '" + query.text(2) + "'");
    result.push_back({config_column(query.text(0)), query.text(1), *status, query.real(3), query.text(4)});
  }
  return result;
}

nlohmann::json AutotuneStore::export_op(const std::string& op) const {
  nlohmann::json records = nlohmann::json::array();
  for (const auto& choice : choices(op)) {
    nlohmann::json candidates = nlohmann::json::array();
    for (const auto& candidate : this->candidates(choice.key))
      candidates.push_back({{"config", config_to_json(candidate.config)}, {"variant", candidate.variant},
                            {"status", spelling(candidate.status)}, {"time_us", optional_json(candidate.time_us)},
                            {"error", candidate.error}});
    records.push_back({{"kernel", choice.key.kernel}, {"shape", choice.key.shape}, {"dtype", choice.key.dtype},
                       {"config", config_to_json(choice.config)}, {"variant", choice.variant},
                       {"time_us", optional_json(choice.time_us)}, {"candidates", candidates}});
  }
  nlohmann::json fingerprint = nlohmann::json::parse(meta("compiler_fingerprint"));
  return {{"schema", kAutotuneRecordSchema}, {"op", op}, {"mode", meta("mode")}, {"compiler", fingerprint}, {"choices", records}};
}

}  // namespace abt
