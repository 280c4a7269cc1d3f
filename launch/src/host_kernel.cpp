#include "launch/host_kernel.h"

#include "util/errors.h"

namespace abt {

HostKernel::HostKernel(const std::filesystem::path& library, const std::string& entry_symbol) {
  try {
    library_ = std::make_unique<DynamicLibrary>(library.string());
    library_->resolve(entry_, entry_symbol);
  } catch (const std::runtime_error& error) {
    throw PointError(std::string("cannot load the variant: ") + error.what());
  }
}

HostKernel::~HostKernel() = default;

}  // namespace abt
