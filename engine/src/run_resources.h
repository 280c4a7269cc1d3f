// What a planned run holds on to between planning and execution.
#pragma once
#include <map>
#include <memory>
#include <optional>

#include "compilers/compile_counting.h"
#include "compilers/compile_store.h"
#include "compilers/compiler.h"
#include "counters/instruction_counter.h"
#include "device_setup.h"
#include "opspec/shape_set.h"
#include "engine/run.h"

namespace abt {

// The reference compilers a run needs, one per reference language, made on first use.
class ReferenceCompilers {
 public:
  explicit ReferenceCompilers(std::string cuda_arch) : cuda_arch_(std::move(cuda_arch)) {}
  void use_store(const CompileStore* store) { store_ = store; }
  const CompilerBackend& get(Language language);
  std::map<std::string, CompilerFingerprint> fingerprints() const;

 private:
  std::string cuda_arch_;
  const CompileStore* store_ = nullptr;
  std::map<Language, std::unique_ptr<CompilerBackend>> compilers_;
};

struct RunPlan::Resources {
  Resources(int gpu, const std::string& arch) : device(gpu, arch), references(device.arch()) {}
  DeviceSetup device;
  std::string compiler_text;  // --compiler as resolved (a default filled in)
  std::unique_ptr<CompileStore> store;  // the persistent compile cache; null with --no-cache or a 0 MB limit
  std::string cache_off;                // why there is none, for run.log
  std::unique_ptr<CompilerBackend> compiler;
  ReferenceCompilers references;
  ShapeSet shapes;
  std::unique_ptr<InstructionCounter> instructions;  // --metric instructions
  std::optional<CompileCounting> compile_counting;   // --compile-instructions
};

}  // namespace abt
