#include "util/dynamic_library.h"

#include <dlfcn.h>
#include <link.h>

#include <stdexcept>

namespace abt {

DynamicLibrary::DynamicLibrary(const std::string& name) : name_(name) {
  handle_ = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) throw std::runtime_error(std::string("cannot open ") + ::dlerror());
}

DynamicLibrary::~DynamicLibrary() { ::dlclose(handle_); }

void* DynamicLibrary::address(const std::string& symbol) const {
  ::dlerror();
  void* found = ::dlsym(handle_, symbol.c_str());
  if (!found) throw std::runtime_error(name_ + " has no symbol " + symbol);
  return found;
}

std::filesystem::path DynamicLibrary::file() const {
  ::link_map* map = nullptr;
  if (::dlinfo(handle_, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name || !*map->l_name) return {};
  std::error_code ignored;
  auto path = std::filesystem::canonical(map->l_name, ignored);
  return ignored ? std::filesystem::path(map->l_name) : path;
}

std::unique_ptr<DynamicLibrary> open_first_library(const std::vector<std::string>& names) {
  std::string errors;
  for (const auto& name : names) {
    try {
      return std::make_unique<DynamicLibrary>(name);
    } catch (const std::runtime_error& error) {
      errors += std::string(errors.empty() ? "" : "; ") + error.what();
    }
  }
  throw std::runtime_error(errors.empty() ? "no library name given" : errors);
}

}  // namespace abt
