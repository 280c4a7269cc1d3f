// `host:` backend: g++/clang++ (or any GCC-compatible driver) builds a C++ op into a shared object.
#pragma once
#include "compilers/compiler.h"

namespace abt {

class HostCompiler : public CompilerBackend {
 public:
  // `default_flags` come before the user's, so a user's -O1 overrides a default -O3.
  // `store`: where `--version`'s answer is remembered (compile_store.h); may be null.
  HostCompiler(const CompilerSpec& spec, std::vector<std::string> default_flags, const CompileStore* store = nullptr);
  const CompilerFingerprint& fingerprint() const override { return fingerprint_; }
  bool accepts(Language language) const override { return language == Language::cpp; }
  CompiledVariant compile(const CompileJob& job) const override;
  CountedCompile count_compile(const CompileJob& job, const CompileCounting& counting) const override;
  std::string uncountable(const CompileCounting&) const override { return ""; }
  // GCC: its tree, IPA and RTL dumps (a file per pass); Clang: -print-after-all of LLVM's passes.
  PassCompile compile_with_pass_dumps(const CompileJob& job) const override;

 private:
  std::vector<std::string> arguments(const CompileJob& job) const;  // the compiler's, without output mode
  CompilerFingerprint fingerprint_;
};

// The C++ the compiler sees: the op's source plus an entry point taking `void* const* args`, so
// the kernel keeps a natural signature and abtool can call it without knowing it at build time.
std::string host_entry_source(const CompileJob& job);
inline constexpr const char* kHostEntrySymbol = "abtool_entry";

}  // namespace abt
