// Thin RAII over the SQLite C API: a database and its prepared statements (the autotune store of a
// run, the history of many).
#pragma once
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace abt {

// What SQLite refused, with its result code (SQLITE_BUSY: another writer holds the database;
// SQLITE_CORRUPT, SQLITE_NOTADB: damaged), so a caller can name the cause.
class SqliteError : public std::runtime_error {
 public:
  SqliteError(const std::string& what, int code) : std::runtime_error(what), code_(code) {}
  int code() const { return code_ & 0xff; }

 private:
  int code_;
};

class SqliteDb {
 public:
  // Throws SqliteError. `busy_ms`: how long a statement waits for another writer's lock.
  // `immutable` (reading only): SQLite is told nobody changes the file while it is open, so it
  // needs no WAL index (-shm) beside it: a history in a folder this user cannot write.
  SqliteDb(const std::filesystem::path& path, bool create, int busy_ms = 5000, bool immutable = false);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;
  void exec(const std::string& sql);
  void rollback_quietly() noexcept;        // from destructors: never throws
  void undo_savepoint_quietly() noexcept;  // SqliteTransaction's, from its destructor
  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
  int64_t last_insert_id() const { return sqlite3_last_insert_rowid(db_); }  // of this connection's last INSERT
  sqlite3* get() const { return db_; }
  const std::string& path() const { return path_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

class SqliteStatement {
 public:
  SqliteStatement(const SqliteDb& db, const std::string& sql);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  SqliteStatement& bind(int index, const std::string& text);
  SqliteStatement& bind(int index, double value);
  SqliteStatement& bind_integer(int index, int64_t value);
  SqliteStatement& bind_null(int index);
  bool step();  // true while a row is available; throws on error
  void run() { step(); }
  void reset();  // ready to bind and run again (a statement prepared once, run per row)
  std::string text(int column) const;
  std::optional<double> real(int column) const;
  int64_t integer(int column) const;

 private:
  const SqliteDb& db_;
  sqlite3_stmt* statement_ = nullptr;
};

// A savepoint: its own transaction (committed by commit()) when none is open, a part of the open
// one (AutotuneStore's held commits) otherwise. Left without commit() (an exception), its writes
// are undone and nothing else. `Lock::immediate` takes the writer's lock at once when it opens the
// transaction (BEGIN IMMEDIATE): a second writer is told now, not after it read what it would change.
class SqliteTransaction {
 public:
  enum class Lock { deferred, immediate };
  explicit SqliteTransaction(SqliteDb& db, Lock lock = Lock::deferred) : db_(db) {
    if (lock == Lock::immediate && !db_.in_transaction()) {
      db_.exec("BEGIN IMMEDIATE");
      owns_ = true;
    }
    try {
      db_.exec("SAVEPOINT abt_save");
    } catch (...) {
      if (owns_) db_.rollback_quietly();
      throw;
    }
  }
  ~SqliteTransaction() {
    if (committed_) return;
    db_.undo_savepoint_quietly();
    if (owns_) db_.rollback_quietly();
  }
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  void commit() {
    db_.exec("RELEASE abt_save");
    if (owns_) db_.exec("COMMIT");
    committed_ = true;
  }

 private:
  SqliteDb& db_;
  bool owns_ = false;
  bool committed_ = false;
};

}  // namespace abt
