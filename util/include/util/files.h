// File helpers whose point is crash safety: a reader never sees a half-written file.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace abt {

std::string read_text_file(const std::filesystem::path& path);  // throws InputError if unreadable
std::optional<std::string> read_file_if_present(const std::filesystem::path& path);
// Where `relative` leads under `dir`: a regular file reached through no symbolic link, nothing
// (a name on the way is missing), or a link, a name that climbs out (.., absolute) or another
// kind of file.
enum class PlaceWithin { file, missing, link_or_outside };
PlaceWithin place_within(const std::filesystem::path& dir, const std::filesystem::path& relative);
// `relative`'s contents under `dir` when it is a regular file reached through no symbolic link;
// nullopt when it is missing, a link or under one, or climbs out (a run directory shared between
// people never leads a reader out of itself).
std::optional<std::string> read_file_within(const std::filesystem::path& dir, const std::filesystem::path& relative);

// A name that becomes one path component (an op, kernel, variant or shape folder or file name):
// letters, digits, '_', '.', '-', not starting with '.', so never "..", never a separator.
bool is_plain_name(std::string_view name);

// An output must never overwrite what the command reads: throws InputError (naming `option`) when
// `out`, its links resolved, is one of `inputs` or lies inside one of them (a run directory).
void refuse_output_inside(const std::filesystem::path& out, const std::vector<std::filesystem::path>& inputs,
                          std::string_view option);

// A file a command is to write, checked before any work: throws InputError (naming `option`)
// when it is empty, a directory, or in a folder that is missing or cannot be written.
void check_output_file(const std::filesystem::path& out, std::string_view option);

// Writes to a sibling temporary and renames it over `path`, so a crash leaves the old or new file.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

// `source`'s bytes into `target` by write_file_atomically: a full disk is a StorageError naming
// `target` with the OS's reason and leaves no partial file; a link at `target` is replaced, not
// followed. Throws std::runtime_error when `source` cannot be read.
void copy_file_atomically(const std::filesystem::path& source, const std::filesystem::path& target);

// Writes `content` into `path` at `offset` (the file made if missing; nothing truncated; a link at
// `path` is refused, not followed), in place:
// a reader may see a write half done, so the format must tell (worker/heartbeat.cpp's slots).
void write_file_at(const std::filesystem::path& path, size_t offset, std::string_view content);

// A private directory removed (with its contents) when the object goes out of scope.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace abt
