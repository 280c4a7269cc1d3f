// A shared library opened with dlopen and closed when the object goes away: compiled host
// variants, NVRTC builds chosen at run time, the CUDA driver.
#pragma once
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace abt {

class DynamicLibrary {
 public:
  // RTLD_LOCAL: two variants define the same symbols and must not resolve into each other.
  // Throws std::runtime_error with the loader's reason.
  explicit DynamicLibrary(const std::string& name);
  ~DynamicLibrary();
  DynamicLibrary(const DynamicLibrary&) = delete;
  DynamicLibrary& operator=(const DynamicLibrary&) = delete;

  // Throws std::runtime_error naming the library and the missing symbol.
  void* address(const std::string& symbol) const;
  template <typename Function>
  void resolve(Function& function, const std::string& symbol) const {
    function = reinterpret_cast<Function>(address(symbol));
  }
  // The file the library was loaded from (the resolved path of a name like libnvrtc.so.13).
  std::filesystem::path file() const;

 private:
  std::string name_;
  void* handle_ = nullptr;
};

// The first of `names` that opens (a versioned name before the toolkit's path); std::runtime_error
// with every loader's reason when none does.
std::unique_ptr<DynamicLibrary> open_first_library(const std::vector<std::string>& names);

// libcupti, as the CUPTI timer and the counter reader open it.
inline const std::vector<std::string>& cupti_library_names() {
  static const std::vector<std::string> names{"libcupti.so.13", "libcupti.so", "/usr/local/cuda/lib64/libcupti.so"};
  return names;
}

}  // namespace abt
