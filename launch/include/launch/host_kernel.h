// A compiled host variant, loaded with dlopen; the handle is closed when this goes away.
#pragma once
#include <filesystem>
#include <memory>
#include <string>

#include "launch/execution_target.h"
#include "util/dynamic_library.h"

namespace abt {

class HostKernel : public LoadedVariant {
 public:
  // Throws PointError (launch failure) when the library or its entry symbol cannot be loaded.
  HostKernel(const std::filesystem::path& library, const std::string& entry_symbol);
  ~HostKernel();
  HostKernel(const HostKernel&) = delete;
  HostKernel& operator=(const HostKernel&) = delete;

  void launch(void* const* args) const override { entry_(args); }
  std::vector<std::string> symbols() const override { return {symbol_}; }

 private:
  std::unique_ptr<DynamicLibrary> library_;
  std::string symbol_;
  void (*entry_)(void* const*) = nullptr;
};

}  // namespace abt
