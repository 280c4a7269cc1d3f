// The compiler under test: a backend that turns (op source, config, dtype) into a loadable
// binary plus the IR kinds that backend can show (SPEC sections 4 and 5).
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "passes/time_report.h"
#include "compilers/specialization.h"
#include "opspec/op_spec.h"
#include "model/compile_profile.h"
#include "model/binary_manifest.h"
#include "model/compiler_fingerprint.h"
#include "passes/pass_dump.h"

namespace abt {

// What the user wrote: `host:g++`, `nvrtc:/path/libnvrtc.so`, plus --compiler-flags / --compiler-env.
struct CompilerSpec {
  std::string text;       // as given, e.g. "host:clang++"
  BackendKind backend = BackendKind::host;
  std::string location;   // program or library; may be empty for embedded defaults
  std::vector<std::string> flags;
  std::map<std::string, std::string> env;
  double variant_limit_s = 300;  // triton: a variant compiling longer hangs (ABTOOL_TRITON_VARIANT_LIMIT_S)
  // host: --metric instructions, so code Valgrind can run (no AVX-512: Valgrind 3.19 stops at
  // its first instruction); a default flag, so it is in the fingerprint and on both sides.
  bool valgrind_runnable = false;
  // triton: check abtool_skip_passes' names against this Triton's passes when the compiler is made
  // (an interpreter start); off for names read from the compiler's own dumps (explain --skip-passes).
  bool check_pass_names = true;
};

// Throws InputError for an unknown backend, a malformed flag string or a K=V without '='.
CompilerSpec parse_compiler_spec(const std::string& text, const std::string& flags_text,
                                 const std::vector<std::string>& env_assignments);

struct CompileJob {
  std::filesystem::path source;
  std::string kernel;
  const std::vector<ArgSpec>* args = nullptr;  // the kernel's parameters, in order
  Config config;
  DType dtype = DType::fp32;
  std::filesystem::path work_dir;  // private to this job; artifacts are written here
  Specialization specialization;   // Triton: from the point's scalar values; empty elsewhere
  const PythonImport* python = nullptr;  // Triton: the kernel's module (OpSpec::python), when it has one
};

struct CompiledVariant {
  bool ok = false;
  std::string log;                 // compiler diagnostics (the whole stderr on failure)
  std::filesystem::path binary;    // loadable artifact (.so, .cubin)
  std::string binary_hash;         // sha256 of `binary`
  std::string entry_symbol;
  std::map<std::string, std::filesystem::path> ir;  // extension ("s", "ptx", ...) -> file
  std::optional<TritonLaunchContract> triton;  // Triton variants: what a launch needs beyond the binary
  // The compile's time: where the compiler times its stages (Triton), their sum (not the
  // interpreter's start, import or fork); else the wall time of its process (a batch shares its time
  // equally). Compiles run in parallel across cores: a record's sweep compiles several at once.
  double compile_ms = 0;
  CompileProfile profile;  // stages' wall times, where the compiler reports them (Triton)
};

struct CompileCounting;  // compilers/compile_counting.h

// A compile counted under Valgrind: its stages, and the hash of the binary it built.
struct CountedCompile {
  CompileProfile profile;
  std::string binary_hash;
};

// `explain`: a variant compiled once more with the compiler's per-pass IR dumps (passes/).
struct PassCompile {
  CompiledVariant variant;        // what this compile built: its binary and its stages' IR files
  std::vector<PassPoint> passes;  // the IR after each pass, in pipeline order; empty: see no_passes
  std::string no_passes;          // why there are none (NVRTC and nvcc print none)
  TimeReport times;               // each pass's compile time, where the compiler reports it (-ftime-report)
};

class CompilerBackend {
 public:
  virtual ~CompilerBackend() = default;
  virtual const CompilerFingerprint& fingerprint() const = 0;
  // fingerprint().backend, without waiting for what the rest of the fingerprint may still need.
  virtual BackendKind backend() const { return fingerprint().backend; }
  virtual bool accepts(Language language) const = 0;
  // Thread-safe: variants are compiled in parallel. Failures come back as ok=false with the log.
  virtual CompiledVariant compile(const CompileJob& job) const = 0;
  // Several variants of one kernel at once, for backends with a costly start (a Python process).
  virtual std::vector<CompiledVariant> compile_batch(const std::vector<CompileJob>& jobs) const {
    std::vector<CompiledVariant> variants;
    for (const auto& job : jobs) variants.push_back(compile(job));
    return variants;
  }
  virtual size_t preferred_batch() const { return 1; }
  // Starts, without waiting for it, what compiling `like`'s kernel will need (a Triton server
  // importing the op's library), so that it overlaps the run's other preparations. Optional.
  virtual void prepare(const CompileJob& like) const { (void)like; }
  // Starts importing these Python modules where the compiles will run (a Triton server), before
  // any op is known: a capture's replay check imports the workload's libraries while the workload
  // still runs. Optional; a module that does not import is left to the compile that needs it.
  virtual void preload_libraries(const std::vector<std::string>& modules) const { (void)modules; }
  // Waits until what prepare() started is done (the server has imported the op's library and can
  // compile), so that a run can keep its one start apart from its first point's time. Optional.
  virtual void wait_prepared(const CompileJob& like) const { (void)like; }
  // What else the compiled code depends on beyond the fingerprint, for the compile cache's key:
  // nvcc's sibling tools (ptxas, cicc), a Triton install's Python sources. Empty: nothing.
  virtual std::string cache_identity() const { return ""; }
  // --compile-instructions: `job` compiled once more under callgrind (compile_counting.h), into
  // its own work_dir. Throws CompileCountError. Empty uncountable(): it can; else why not.
  virtual CountedCompile count_compile(const CompileJob& job, const CompileCounting& counting) const;
  virtual std::string uncountable(const CompileCounting& counting) const;
  // `job` compiled once more, into its own work_dir, printing the IR after each pass where the
  // compiler can (Triton's MLIR and LLVM pipelines, GCC's tree and RTL passes, Clang's LLVM
  // passes). A compiler that cannot: the plain compile, and no_passes says why.
  virtual PassCompile compile_with_pass_dumps(const CompileJob& job) const;
};

class CompileStore;

// `cuda_arch` ("sm_90": the device's, or --arch) is the target of the CUDA backends; empty where
// neither exists. Throws InputError when the compiler is missing, cannot report its version, the
// backend is not in this build, or a CUDA backend has no target.
// `store`: remembers what the compiler says about itself (its version), so that a run whose
// variants are all cached starts no compiler process; null: ask the compiler every time.
std::unique_ptr<CompilerBackend> make_compiler(const CompilerSpec& spec, const std::string& cuda_arch,
                                               const CompileStore* store = nullptr);

// The compiler that builds references (and the device input generator): never the one under
// test, always with fixed flags. CUDA references use the embedded NVRTC.
std::unique_ptr<CompilerBackend> make_reference_compiler(Language reference_language, const std::string& cuda_arch,
                                                         const CompileStore* store = nullptr);

// The compiler abtool uses when --compiler is not given: nvrtc on a CUDA build with a target,
// host:g++ otherwise.
std::string default_compiler_text(const std::string& cuda_arch);

}  // namespace abt
