// autotune.sqlite: per tune key the chosen config, every candidate's time or failure, and the
// compiler fingerprint. Each key is committed as soon as it is decided.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "opspec/op_spec.h"

namespace abt {

struct TuneKey {
  std::string op, kernel, shape, dtype;
  std::string text() const { return op + "/" + kernel + "/" + shape + "/" + dtype; }
};

struct CandidateRecord {
  Config config;
  std::string variant;
  std::string status;  // ok | compile_failed | launch_failed | verify_failed | timing_failed
  std::optional<double> time_us;
  std::string error;
};

struct ChoiceRecord {
  TuneKey key;
  Config config;
  std::string variant;
  std::optional<double> time_us;
};

class SqliteDb;

class AutotuneStore {
 public:
  // `create`: a new store for this run; otherwise opened read-only (A's record, for replay).
  AutotuneStore(const std::filesystem::path& file, bool create);
  ~AutotuneStore();

  void set_meta(const std::string& key, const std::string& value);
  std::optional<std::string> meta(const std::string& key) const;

  void save(const ChoiceRecord& choice, const std::vector<CandidateRecord>& candidates);
  std::optional<ChoiceRecord> find(const TuneKey& key) const;
  std::vector<ChoiceRecord> choices(const std::string& op) const;
  std::vector<CandidateRecord> candidates(const TuneKey& key) const;

  // The same choices as JSON (autotune_records/<op>.json), for humans and for diffing records.
  nlohmann::json export_op(const std::string& op) const;

 private:
  std::unique_ptr<SqliteDb> db_;
};

nlohmann::json config_to_json(const Config& config);
// A JSON object's keys come back sorted: put them in spec order with OpSpec::canonical_config.
Config config_from_json(const nlohmann::json& json);

}  // namespace abt
