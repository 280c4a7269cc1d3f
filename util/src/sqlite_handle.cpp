#include "util/sqlite_handle.h"

#include <fmt/format.h>

#include <stdexcept>

#include "util/errors.h"

namespace abt {
namespace {

// A write that failed for want of room or permission is the machine's, not abtool's:
// StorageError (exit 3; the run's files stay as they were, to be resumed once there is room).
[[noreturn]] void fail(const std::string& path, int code, const std::string& reason, const std::string& context = "") {
  const int primary = code & 0xff;
  if (primary == SQLITE_FULL || primary == SQLITE_IOERR || primary == SQLITE_READONLY)
    throw StorageError("cannot write " + path + ": " + reason);
  throw SqliteError(path + ": " + reason + context, code);
}

}  // namespace

SqliteDb::SqliteDb(const std::filesystem::path& path, bool create, int busy_ms, bool immutable) : path_(path.string()) {
  int flags = create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  std::string name = path_;
  if (immutable && !create) {  // a URI: the characters it reserves in a path escaped
    name = "file:";
    for (unsigned char ch : path_)
      name += ch == '%' || ch == '?' || ch == '#' || ch < 0x20 || ch >= 0x7f ? fmt::format("%{:02X}", ch) : std::string(1, char(ch));
    name += "?immutable=1";
    flags |= SQLITE_OPEN_URI;
  }
  if (const int code = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr); code != SQLITE_OK) {
    std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(path_ + ": cannot open SQLite database: " + reason, code);
  }
  sqlite3_busy_timeout(db_, busy_ms);
}

SqliteDb::~SqliteDb() { sqlite3_close(db_); }

void SqliteDb::exec(const std::string& sql) {
  char* error = nullptr;
  if (const int code = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error); code != SQLITE_OK) {
    std::string reason = error ? error : "unknown error";
    sqlite3_free(error);
    fail(path_, sqlite3_extended_errcode(db_) ? sqlite3_extended_errcode(db_) : code, reason);
  }
}

void SqliteDb::rollback_quietly() noexcept { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }

void SqliteDb::undo_savepoint_quietly() noexcept {
  sqlite3_exec(db_, "ROLLBACK TO abt_save; RELEASE abt_save", nullptr, nullptr, nullptr);
}

SqliteStatement::SqliteStatement(const SqliteDb& db, const std::string& sql) : db_(db) {
  if (sqlite3_prepare_v2(db.get(), sql.c_str(), -1, &statement_, nullptr) != SQLITE_OK)
    throw SqliteError(db.path() + ": " + sqlite3_errmsg(db.get()) + " in: " + sql, sqlite3_errcode(db.get()));
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(statement_); }

SqliteStatement& SqliteStatement::bind(int index, const std::string& text) {
  sqlite3_bind_text(statement_, index, text.c_str(), int(text.size()), SQLITE_TRANSIENT);
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
  sqlite3_bind_double(statement_, index, value);
  return *this;
}

SqliteStatement& SqliteStatement::bind_integer(int index, int64_t value) {
  sqlite3_bind_int64(statement_, index, value);
  return *this;
}

void SqliteStatement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

int64_t SqliteStatement::integer(int column) const { return sqlite3_column_int64(statement_, column); }

SqliteStatement& SqliteStatement::bind_null(int index) {
  sqlite3_bind_null(statement_, index);
  return *this;
}

bool SqliteStatement::step() {
  int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW) return true;
  if (code == SQLITE_DONE) return false;
  fail(db_.path(), code, sqlite3_errmsg(db_.get()));
}

std::string SqliteStatement::text(int column) const {
  auto* value = sqlite3_column_text(statement_, column);
  return value ? reinterpret_cast<const char*>(value) : "";
}

std::optional<double> SqliteStatement::real(int column) const {
  if (sqlite3_column_type(statement_, column) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_double(statement_, column);
}

}  // namespace abt
