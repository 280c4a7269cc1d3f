// A compiled host variant, loaded with dlopen; the handle is closed when this goes away.
#pragma once
#include <filesystem>
#include <memory>
#include <string>

#include "util/dynamic_library.h"

namespace abt {

// A variant ready to run: what the verification gate and the timers call.
class LoadedVariant {
 public:
  virtual ~LoadedVariant() = default;
  virtual void launch(void* const* args) const = 0;
};

class HostKernel : public LoadedVariant {
 public:
  // Throws PointError (launch failure) when the library or its entry symbol cannot be loaded.
  HostKernel(const std::filesystem::path& library, const std::string& entry_symbol);
  ~HostKernel();
  HostKernel(const HostKernel&) = delete;
  HostKernel& operator=(const HostKernel&) = delete;

  void launch(void* const* args) const override { entry_(args); }

 private:
  std::unique_ptr<DynamicLibrary> library_;
  void (*entry_)(void* const*) = nullptr;
};

}  // namespace abt
