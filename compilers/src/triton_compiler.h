// `triton:/path/to/python` backend: the named interpreter's Triton install is the compiler build.
// abtool stays C++; compilers/triton/abtool_triton_compile.py (embedded in the binary), run with
// that interpreter through Boost.Process, compiles a batch of variants per process (each forked
// from one server per compiler: triton_fork_server.h) and writes CUBIN, ttir/ttgir/llir/ptx and
// the launch metadata (meta.json) per variant.
#pragma once
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compilers/compiler.h"
#include "util/files.h"
#include "util/process.h"

namespace abt {

class TritonForkServer;

class TritonCompiler : public CompilerBackend {
 public:
  // `arch` is the target ("sm_90"). Throws InputError when the interpreter is missing, Triton
  // cannot be imported, or a --compiler-flags word is not KEY=VALUE.
  // `store` remembers the install's description (no interpreter start when nothing changed).
  TritonCompiler(const CompilerSpec& spec, std::string arch, const CompileStore* store = nullptr);
  // Waits, the first time, for libtriton.so's digest when the server was started to describe the
  // install (it hashes it beside its first import); throws InputError when it cannot say it.
  const CompilerFingerprint& fingerprint() const override;
  BackendKind backend() const override { return BackendKind::triton; }
  bool accepts(Language language) const override { return language == Language::triton; }
  CompiledVariant compile(const CompileJob& job) const override;
  std::vector<CompiledVariant> compile_batch(const std::vector<CompileJob>& jobs) const override;
  size_t preferred_batch() const override { return 16; }
  void prepare(const CompileJob& like) const override;
  void preload_libraries(const std::vector<std::string>& modules) const override;
  void wait_prepared(const CompileJob& like) const override;
  ~TritonCompiler() override;
  // The install's files: Triton's passes are Python as well as libtriton.
  std::string cache_identity() const override { return install_identity_; }
  CountedCompile count_compile(const CompileJob& job, const CompileCounting& counting) const override;
  std::string uncountable(const CompileCounting& counting) const override;
  // MLIR_ENABLE_DUMP and LLVM_IR_ENABLE_DUMP: every MLIR stage's passes, LLVM's and the machine passes.
  PassCompile compile_with_pass_dumps(const CompileJob& job) const override;

 private:
  int arch_number() const;  // "sm_90" -> 90, as Triton's target names it
  void send_prepared(nlohmann::json request) const;  // a "prepare" request, sent on a thread of its own
  std::string python_;
  std::string arch_;
  double variant_limit_s_;
  TempDir helper_dir_;  // holds the embedded helper, written out for this compiler's lifetime
  std::string helper_;
  std::map<std::string, std::string> options_;  // Triton compile options from --compiler-flags
  mutable CompilerFingerprint fingerprint_;  // its sha256 filled in by fingerprint() when the digest was pending
  mutable std::once_flag digested_;
  bool digest_pending_ = false;
  mutable std::pair<std::string, nlohmann::json> description_to_remember_;  // the store's memo and the description
  const CompileStore* store_ = nullptr;
  std::string compiler_text_;
  std::string install_identity_;
  std::map<std::string, std::string> env_;  // --compiler-env
  // The fork server (triton_fork_server.h), started by the first compile or description; when
  // it cannot start or dies, each batch is a process of its own again.
  TritonForkServer* fork_server() const;
  // `env` is set in the batch's process only (the fork server's child sets it before compiling).
  ProcessResult run_helper(const nlohmann::json& request, std::chrono::seconds limit,
                           const std::map<std::string, std::string>& env = {}) const;
  mutable std::mutex server_mutex_;
  mutable std::unique_ptr<TritonForkServer> server_;
  mutable bool server_failed_ = false;
  nlohmann::json batch_request(const CompileJob& like) const;
  void check_skip_passes(const std::string& names) const;  // throws InputError naming the first unknown pass
  mutable std::mutex preparing_mutex_;
  mutable std::vector<std::future<void>> preparing_;  // prepare()'s, done before the server goes
};

}  // namespace abt
