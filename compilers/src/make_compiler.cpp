#include "compilers/compiler.h"
#include "host_compiler.h"
#ifdef ABTOOL_WITH_CUDA
#include "nvrtc_compiler.h"
#endif
#include "util/errors.h"
#include "util/process.h"

namespace abt {

std::unique_ptr<CompilerBackend> make_compiler(const CompilerSpec& spec) {
  if (spec.backend == "host") return std::make_unique<HostCompiler>(spec, std::vector<std::string>{"-std=c++17", "-O3", "-march=native"});
  // nvrtc compiles already (make_nvrtc_compiler), but nothing can launch its CUBINs yet.
  throw InputError("--compiler " + spec.text + ": the " + spec.backend +
                   " backend is not available in this build of abtool: it cannot run CUDA or Triton ops on a "
                   "device yet (host: is available)");
}

#ifdef ABTOOL_WITH_CUDA
std::unique_ptr<CompilerBackend> make_nvrtc_compiler(const CompilerSpec& spec, const std::string& arch) {
  return std::make_unique<NvrtcCompiler>(spec, arch);
}
#endif

std::unique_ptr<CompilerBackend> make_reference_compiler(Language reference_language) {
  if (reference_language != Language::cpp)
    throw InputError("references in " + language_name(reference_language) + " need a CUDA build of abtool");
  for (const char* program : {"g++", "c++", "clang++"})
    if (find_program(program)) {
      CompilerSpec spec{std::string("host:") + program, "host", program, {}, {}};
      // Fixed and conservative: a reference must not depend on fast-math or vectorisation choices.
      return std::make_unique<HostCompiler>(spec, std::vector<std::string>{"-std=c++17", "-O1", "-fno-fast-math", "-ffp-contract=off"});
    }
  throw InputError("no host C++ compiler (g++, c++ or clang++) found to build references");
}

}  // namespace abt
