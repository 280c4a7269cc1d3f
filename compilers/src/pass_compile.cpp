// A compiler without per-pass dumps (NVRTC, nvcc: their passes run inside libraries and tools
// that print none): the plain compile, whose stages (PTX, SASS) are all `explain` can compare.
#include <fmt/format.h>

#include "compilers/compiler.h"

namespace abt {

PassCompile CompilerBackend::compile_with_pass_dumps(const CompileJob& job) const {
  PassCompile compiled;
  compiled.variant = compile(job);
  switch (backend()) {
    case BackendKind::nvrtc:
      compiled.no_passes = "NVRTC has no option that prints the IR after each pass";
      break;
    case BackendKind::nvcc:
      compiled.no_passes = "nvcc's passes run inside cicc and ptxas, which print no per-pass IR";
      break;
    default:
      compiled.no_passes = fmt::format("the {} backend prints no per-pass IR", spelling(backend()));
  }
  return compiled;
}

}  // namespace abt
