// autotune.sqlite: per tune key the chosen config, every candidate's time or failure, and the
// compiler fingerprint. Each key is committed as soon as it is decided, or, inside HeldCommits,
// with its batch of points before they are written; autotune_records/<op>.json
// is the same per op, as JSON, for humans and for diffing two records.
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "opspec/op_spec.h"
#include "model/compiler_fingerprint.h"
#include "model/vocabulary.h"

namespace abt {

struct TuneKey {
  std::string op, kernel, shape, dtype;
  std::string text() const { return op + "/" + kernel + "/" + shape + "/" + dtype; }
};

struct CandidateRecord {
  Config config;
  std::string variant;
  CandidateStatus status = CandidateStatus::ok;
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
  // A new store for this run, stamped with its mode and compiler.
  static std::unique_ptr<AutotuneStore> create(const std::filesystem::path& file, RunMode mode,
                                               const CompilerFingerprint& compiler);
  // A's record, read-only, for replay. A file that is not an abtool autotune database is a
  // RunFormatError naming it.
  static std::unique_ptr<AutotuneStore> open_record(const std::filesystem::path& file);
  ~AutotuneStore();

  void save(const ChoiceRecord& choice, const std::vector<CandidateRecord>& candidates);
  // Between hold_commits() and stop_holding(), saves join one transaction that commit_held()
  // commits: see HeldCommits.
  void hold_commits();
  void commit_held();
  void stop_holding() noexcept;
  std::optional<ChoiceRecord> find(const TuneKey& key) const;
  std::vector<ChoiceRecord> choices(const std::string& op) const;
  std::vector<CandidateRecord> candidates(const TuneKey& key) const;

  // autotune_records/<op>.json (schema abtool.autotune_record/2).
  nlohmann::json export_op(const std::string& op) const;

 private:
  explicit AutotuneStore(std::unique_ptr<SqliteDb> db);
  std::string meta(const std::string& key) const;
  Config config_column(const std::string& text) const;
  std::unique_ptr<SqliteDb> db_;
  bool holding_ = false;
};

// Saves of a batch of points committed together, before the points are written: a commit is
// several fsyncs (about 0.4 ms each point here, many ms on a network file system), and a killed
// run loses a batch's choices only with its unwritten points. Leaving the scope commits what is
// held (an exception too: what was decided stays, as with a commit per key).
class HeldCommits {
 public:
  explicit HeldCommits(AutotuneStore& store) : store_(store) { store_.hold_commits(); }
  ~HeldCommits() { store_.stop_holding(); }
  HeldCommits(const HeldCommits&) = delete;
  HeldCommits& operator=(const HeldCommits&) = delete;
  void commit() { store_.commit_held(); }

 private:
  AutotuneStore& store_;
};

}  // namespace abt
