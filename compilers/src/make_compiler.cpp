#include "compilers/compiler.h"
#include "host_compiler.h"
#include "util/errors.h"
#include "util/process.h"

namespace abt {

std::unique_ptr<CompilerBackend> make_compiler(const CompilerSpec& spec) {
  if (spec.backend == "host") return std::make_unique<HostCompiler>(spec, std::vector<std::string>{"-std=c++17", "-O3", "-march=native"});
  throw InputError("--compiler " + spec.text + ": the " + spec.backend +
                   " backend is not available in this build of abtool (host: is)");
}

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
