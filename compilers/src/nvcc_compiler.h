// `nvcc:/path/to/nvcc` backend: an external nvcc, run without a shell, builds CUBIN and PTX.
#pragma once
#include "compilers/compiler.h"

namespace abt {

class NvccCompiler : public CompilerBackend {
 public:
  // Throws InputError when nvcc is missing or `nvcc --version` fails.
  NvccCompiler(const CompilerSpec& spec, std::string arch);
  const CompilerFingerprint& fingerprint() const override { return fingerprint_; }
  bool accepts(Language language) const override { return language == Language::cuda; }
  CompiledVariant compile(const CompileJob& job) const override;
  // nvcc runs cicc and ptxas from its toolkit: a ptxas swapped alone changes the code too.
  std::string cache_identity() const override;
  CountedCompile count_compile(const CompileJob& job, const CompileCounting& counting) const override;
  std::string uncountable(const CompileCounting&) const override { return ""; }

 private:
  std::vector<std::string> arguments(const CompileJob& job) const;  // nvcc's, without output mode and source
  std::string program_;
  std::string arch_;
  CompilerFingerprint fingerprint_;
};

// The entry symbol of `kernel` in PTX text: `kernel` itself (extern "C") or its Itanium-mangled
// name (`_Z<length><kernel>...`). Empty when the PTX has no such entry.
std::string find_ptx_entry(const std::string& ptx, const std::string& kernel);

}  // namespace abt
