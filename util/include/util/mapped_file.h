// A file's bytes read in place: mapped, not copied into memory of our own. A big run's
// results.json (tens of MB) is then read at the speed of the page cache, with no buffer to fill.
#pragma once
#include <filesystem>
#include <memory>
#include <string_view>

namespace abt {

class MappedFile {
 public:
  // Throws InputError when the file is missing or cannot be mapped.
  explicit MappedFile(const std::filesystem::path& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // Valid while this object lives. The file must not be changed in place meanwhile: abtool
  // replaces its files by renaming new ones over them (write_file_atomically), which leaves a
  // mapping of the old one intact.
  std::string_view text() const { return text_; }

 private:
  struct Mapping;
  std::unique_ptr<Mapping> mapping_;  // none for an empty file
  std::string_view text_;
};

}  // namespace abt
