#include "compilers/compiler.h"
#include "host_compiler.h"
#ifdef ABTOOL_WITH_CUDA
#include "nvcc_compiler.h"
#include "nvrtc_compiler.h"
#include "triton_compiler.h"
#endif
#include "util/errors.h"
#include "util/process.h"

namespace abt {
namespace {

void require_arch(const CompilerSpec& spec, const std::string& cuda_arch) {
  if (cuda_arch.empty())
    throw InputError("--compiler " + spec.text + ": no CUDA device to target here; pass --arch sm_XX to compile for one");
}

}  // namespace

std::unique_ptr<CompilerBackend> make_compiler(const CompilerSpec& spec, const std::string& cuda_arch,
                                               const CompileStore* store) {
  if (spec.backend == BackendKind::host) {
    std::vector<std::string> defaults{"-std=c++17", "-O3", "-march=native"};
    if (spec.valgrind_runnable) defaults.push_back("-mno-avx512f");
    return std::make_unique<HostCompiler>(spec, defaults, store);
  }
#ifdef ABTOOL_WITH_CUDA
  if (spec.backend == BackendKind::nvrtc) {
    require_arch(spec, cuda_arch);
    return std::make_unique<NvrtcCompiler>(spec, cuda_arch);
  }
  if (spec.backend == BackendKind::nvcc) {
    require_arch(spec, cuda_arch);
    return std::make_unique<NvccCompiler>(spec, cuda_arch);
  }
  if (spec.backend == BackendKind::triton) {
    require_arch(spec, cuda_arch);
    return std::make_unique<TritonCompiler>(spec, cuda_arch, store);
  }
#endif
  throw InputError("--compiler " + spec.text + ": the " + std::string(spelling(spec.backend)) + " backend is not available in this build of abtool" +
#ifdef ABTOOL_WITH_CUDA
                   " (available: host, nvrtc, nvcc, triton)"
#else
                   " (built without CUDA: host only)"
#endif
  );
}

std::unique_ptr<CompilerBackend> make_reference_compiler(Language reference_language, const std::string& cuda_arch,
                                                         const CompileStore* store) {
  if (reference_language == Language::cuda) {
#ifdef ABTOOL_WITH_CUDA
    CompilerSpec spec{"nvrtc (reference)", BackendKind::nvrtc, "", {}, {}};
    if (cuda_arch.empty()) throw InputError("CUDA references need a target: no device here and no --arch");
    // Fixed: no FMA contraction, IEEE division and square root, whatever the compiler under test does.
    spec.flags = {"--fmad=false", "--prec-div=true", "--prec-sqrt=true"};
    return std::make_unique<NvrtcCompiler>(spec, cuda_arch);
#else
    throw InputError("CUDA references need a CUDA build of abtool");
#endif
  }
  if (reference_language != Language::cpp)
    throw InputError("references in " + language_name(reference_language) + " are not supported");
  for (const char* program : {"g++", "c++", "clang++"})
    if (find_program(program)) {
      CompilerSpec spec{std::string("host:") + program, BackendKind::host, program, {}, {}};
      // Fixed and conservative: a reference must not depend on fast-math or vectorisation choices.
      return std::make_unique<HostCompiler>(spec, std::vector<std::string>{"-std=c++17", "-O1", "-fno-fast-math", "-ffp-contract=off"},
                                            store);
    }
  throw InputError("no host C++ compiler (g++, c++ or clang++) found to build references");
}

std::string default_compiler_text(const std::string& cuda_arch) {
#ifdef ABTOOL_WITH_CUDA
  if (!cuda_arch.empty()) return "nvrtc";
#endif
  return "host:g++";
}

}  // namespace abt
