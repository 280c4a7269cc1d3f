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
  SqliteDb(const std::filesystem::path& path, bool create, int busy_ms = 5000);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;
  void exec(const std::string& sql);
  void rollback_quietly() noexcept;        // from destructors: never throws
  void undo_savepoint_quietly() noexcept;  // SqliteTransaction's, from its destructor
  bool in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
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
// are undone and nothing else.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDb& db) : db_(db) { db_.exec("SAVEPOINT abt_save"); }
  ~SqliteTransaction() {
    if (!committed_) db_.undo_savepoint_quietly();
  }
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;
  void commit() {
    db_.exec("RELEASE abt_save");
    committed_ = true;
  }

 private:
  SqliteDb& db_;
  bool committed_ = false;
};

}  // namespace abt
