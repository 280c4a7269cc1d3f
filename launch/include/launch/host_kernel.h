// A compiled host variant, loaded with dlopen; the handle is closed when this goes away.
#pragma once
#include <filesystem>
#include <string>

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
  void* handle_ = nullptr;
  void (*entry_)(void* const*) = nullptr;
};

}  // namespace abt
