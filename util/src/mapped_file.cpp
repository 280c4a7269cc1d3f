#include "util/mapped_file.h"

#include <boost/interprocess/file_mapping.hpp>
#include <boost/interprocess/mapped_region.hpp>

#include "util/errors.h"

namespace abt {
namespace interprocess = boost::interprocess;

struct MappedFile::Mapping {
  interprocess::file_mapping file;
  interprocess::mapped_region region;
};

MappedFile::MappedFile(const std::filesystem::path& path) {
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) throw InputError(path.string() + ": cannot be read (" + error.message() + ")");
  if (size == 0) return;  // a mapping cannot be empty
  try {
    interprocess::file_mapping file(path.c_str(), interprocess::read_only);
    interprocess::mapped_region region(file, interprocess::read_only);
    mapping_ = std::make_unique<Mapping>(Mapping{std::move(file), std::move(region)});
  } catch (const interprocess::interprocess_exception& failure) {
    throw InputError(path.string() + ": cannot be read (" + failure.what() + ")");
  }
  text_ = std::string_view(static_cast<const char*>(mapping_->region.get_address()), mapping_->region.get_size());
}

MappedFile::~MappedFile() = default;

}  // namespace abt
