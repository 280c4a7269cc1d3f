// Compiled variants of one kernel, built once per (config, dtype, specialization) and shared by
// every point that needs them (Triton kernels are specialized on a point's integer arguments).
// A whole config space is compiled in parallel across cores before any of it is timed.
#pragma once
#include <filesystem>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "compilers/compile_counting.h"
#include "compilers/compile_store.h"
#include "compilers/compiler.h"
#include "util/files.h"

namespace abt {

class CompileCache {
 public:
  // `store`: the persistent cache across runs (compilers/compile_store.h); null: --no-cache.
  CompileCache(const CompilerBackend& compiler, std::filesystem::path source, std::string kernel,
               const std::vector<ArgSpec>& args, std::string label, const CompileStore* store = nullptr);

  // A Triton kernel of a Python library: imported from its module (OpSpec::python); part of the key.
  void import_from(const PythonImport& python) { python_ = python.empty() ? nullptr : &python; }

  // Compiles every config not yet built, using all cores; progress goes to stderr on a terminal.
  // A config another call is compiling meanwhile is waited for.
  void compile_all(const std::vector<Config>& configs, DType dtype, const Specialization& specialization = {});
  // The same ahead of need, on the caller's thread, silently and outside seconds(): the run compiles
  // the next op's variants while this one's are timed. A failure is left for compile_all to meet.
  void prefetch(const std::vector<Config>& configs, DType dtype, const Specialization& specialization);
  // Gives the compiler a head start on this kernel (CompilerBackend::prepare) while the run is set
  // up (RunPlan: every Triton op of the plan), unless the persistent cache compiled it before.
  void prepare();
  // Waits for what prepare() started (CompilerBackend::wait_prepared); the seconds waited. Nothing
  // where the persistent cache compiled this kernel before.
  double wait_prepared();
  const CompiledVariant& get(const Config& config, DType dtype, const Specialization& specialization = {});  // compiles on demand
  const CompilerBackend& compiler() const { return compiler_; }
  // --compile-instructions: that variant compiled once more under callgrind, in a folder of its
  // own (removed after). Throws CompileCountError.
  CountedCompile count(const Config& config, DType dtype, const Specialization& specialization, const CompileCounting& counting);
  // Variants taken from the persistent cache, and variants compiled, so far.
  size_t cached() const { return cached_; }
  size_t compiled() const { return compiled_; }
  // Seconds spent in compile_all (and get) so far: compiling, or reading the persistent cache.
  double seconds() const { return seconds_; }

 private:
  CompileJob job_for(const Config& config, DType dtype, const Specialization& specialization, size_t serial);
  CompileJob kernel_job() const;  // the kernel alone, no variant: what prepare() and wait_prepared() name
  static std::string key_of(const Config& config, DType dtype, const Specialization& specialization);
  std::string store_key(const CompileJob& job);
  const std::string& kernel_key_locked();
  std::string compiled_memo();
  void build(const std::vector<Config>& configs, DType dtype, const Specialization& specialization, bool shown);
  void compile_pending(const std::vector<std::pair<Config, size_t>>& pending, DType dtype, const Specialization& specialization,
                       bool shown, bool disassemble, const std::function<void(const Config&, CompiledVariant)>& fill);

  const CompilerBackend& compiler_;
  std::filesystem::path source_;
  std::string kernel_;
  const std::vector<ArgSpec>& args_;
  std::string label_;
  TempDir work_;
  std::mutex mutex_;
  std::condition_variable built_now_;  // an entry of built_ was filled, or a claim given up
  std::map<std::string, std::unique_ptr<CompiledVariant>> built_;  // null: claimed, being compiled
  size_t serial_ = 0;
  const CompileStore* store_;
  const PythonImport* python_ = nullptr;
  std::string kernel_key_;  // the persistent cache's key part every variant here shares (once, on first use)
  size_t cached_ = 0, compiled_ = 0;
  std::atomic<double> seconds_{0};
};

}  // namespace abt
