#include "launch/host_kernel.h"

#include <dlfcn.h>

#include "util/errors.h"

namespace abt {

HostKernel::HostKernel(const std::filesystem::path& library, const std::string& entry_symbol) {
  // RTLD_LOCAL: two variants define the same symbols and must not resolve into each other.
  handle_ = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw PointError(std::string("dlopen failed: ") + ::dlerror());
  entry_ = reinterpret_cast<void (*)(void* const*)>(::dlsym(handle_, entry_symbol.c_str()));
  if (!entry_) {
    std::string reason = ::dlerror();
    ::dlclose(handle_);
    throw PointError("entry symbol " + entry_symbol + " not found: " + reason);
  }
}

HostKernel::~HostKernel() {
  if (handle_) ::dlclose(handle_);
}

}  // namespace abt
