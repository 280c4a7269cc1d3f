// File helpers whose point is crash safety: a reader never sees a half-written file.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace abt {

std::string read_text_file(const std::filesystem::path& path);  // throws InputError if unreadable
std::optional<std::string> read_file_if_present(const std::filesystem::path& path);

// A name that becomes one path component (an op, kernel, variant or shape folder or file name):
// letters, digits, '_', '.', '-', not starting with '.', so never "..", never a separator.
bool is_plain_name(std::string_view name);

// Writes to a sibling temporary and renames it over `path`, so a crash leaves the old or new file.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

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
