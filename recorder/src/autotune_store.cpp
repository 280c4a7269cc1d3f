#include "recorder/autotune_store.h"

#include "sqlite_handle.h"

namespace abt {

nlohmann::json config_to_json(const Config& config) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [name, value] : config) object[name] = value;
  return object;
}

Config config_from_json(const nlohmann::json& json) {
  Config config;
  for (const auto& [name, value] : json.items()) config.emplace_back(name, value.get<std::string>());
  return config;
}

AutotuneStore::AutotuneStore(const std::filesystem::path& file, bool create)
    : db_(std::make_unique<SqliteDb>(file, create)) {
  if (!create) return;
  db_->exec(
      "PRAGMA journal_mode=DELETE;"
      "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
      "CREATE TABLE IF NOT EXISTS choices(op TEXT, kernel TEXT, shape TEXT, dtype TEXT, config TEXT NOT NULL,"
      "  variant TEXT, time_us REAL, PRIMARY KEY(op, kernel, shape, dtype));"
      "CREATE TABLE IF NOT EXISTS candidates(op TEXT, kernel TEXT, shape TEXT, dtype TEXT, config TEXT NOT NULL,"
      "  variant TEXT, status TEXT NOT NULL, time_us REAL, error TEXT);");
}

AutotuneStore::~AutotuneStore() = default;

void AutotuneStore::set_meta(const std::string& key, const std::string& value) {
  SqliteStatement(*db_, "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)").bind(1, key).bind(2, value).run();
}

std::optional<std::string> AutotuneStore::meta(const std::string& key) const {
  SqliteStatement query(*db_, "SELECT value FROM meta WHERE key = ?");
  query.bind(1, key);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void AutotuneStore::save(const ChoiceRecord& choice, const std::vector<CandidateRecord>& candidates) {
  db_->exec("BEGIN");
  try {
    const TuneKey& key = choice.key;
    SqliteStatement erase(*db_, "DELETE FROM candidates WHERE op=? AND kernel=? AND shape=? AND dtype=?");
    erase.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype).run();
    for (const auto& candidate : candidates) {
      SqliteStatement insert(*db_, "INSERT INTO candidates VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)");
      insert.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
      insert.bind(5, config_to_json(candidate.config).dump()).bind(6, candidate.variant).bind(7, candidate.status);
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
    db_->exec("COMMIT");
  } catch (...) {
    db_->exec("ROLLBACK");
    throw;
  }
}

std::optional<ChoiceRecord> AutotuneStore::find(const TuneKey& key) const {
  SqliteStatement query(*db_, "SELECT config, variant, time_us FROM choices WHERE op=? AND kernel=? AND shape=? AND dtype=?");
  query.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
  if (!query.step()) return std::nullopt;
  return ChoiceRecord{key, config_from_json(nlohmann::json::parse(query.text(0))), query.text(1), query.real(2)};
}

std::vector<ChoiceRecord> AutotuneStore::choices(const std::string& op) const {
  std::vector<ChoiceRecord> result;
  SqliteStatement query(*db_, "SELECT kernel, shape, dtype, config, variant, time_us FROM choices WHERE op=? ORDER BY rowid");
  query.bind(1, op);
  while (query.step())
    result.push_back({TuneKey{op, query.text(0), query.text(1), query.text(2)},
                      config_from_json(nlohmann::json::parse(query.text(3))), query.text(4), query.real(5)});
  return result;
}

std::vector<CandidateRecord> AutotuneStore::candidates(const TuneKey& key) const {
  std::vector<CandidateRecord> result;
  SqliteStatement query(*db_, "SELECT config, variant, status, time_us, error FROM candidates "
                              "WHERE op=? AND kernel=? AND shape=? AND dtype=? ORDER BY rowid");
  query.bind(1, key.op).bind(2, key.kernel).bind(3, key.shape).bind(4, key.dtype);
  while (query.step())
    result.push_back({config_from_json(nlohmann::json::parse(query.text(0))), query.text(1), query.text(2),
                      query.real(3), query.text(4)});
  return result;
}

nlohmann::json AutotuneStore::export_op(const std::string& op) const {
  nlohmann::json records = nlohmann::json::array();
  for (const auto& choice : choices(op)) {
    nlohmann::json candidates = nlohmann::json::array();
    for (const auto& candidate : this->candidates(choice.key))
      candidates.push_back({{"config", config_to_json(candidate.config)}, {"variant", candidate.variant},
                            {"status", candidate.status}, {"time_us", candidate.time_us ? nlohmann::json(*candidate.time_us) : nlohmann::json()},
                            {"error", candidate.error}});
    records.push_back({{"kernel", choice.key.kernel}, {"shape", choice.key.shape}, {"dtype", choice.key.dtype},
                       {"config", config_to_json(choice.config)}, {"variant", choice.variant},
                       {"time_us", choice.time_us ? nlohmann::json(*choice.time_us) : nlohmann::json()},
                       {"candidates", candidates}});
  }
  nlohmann::json fingerprint;
  if (auto text = meta("compiler_fingerprint")) fingerprint = nlohmann::json::parse(*text);
  return {{"op", op}, {"mode", meta("mode").value_or("")}, {"compiler", fingerprint}, {"choices", records}};
}

}  // namespace abt
