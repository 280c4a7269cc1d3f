// SASS and resource usage (.sass, .res) of a CUBIN, through the toolkit's own disassemblers
// (nvdisasm, cuobjdump) run as processes. Where neither is installed the files are not written
// and naming.md says so.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "compilers/compiler.h"

namespace abt {

struct CudaBinaryTools {
  std::optional<std::string> nvdisasm, cuobjdump;  // absolute paths
  // Looked up on PATH, then in $CUDA_HOME/bin and /usr/local/cuda/bin.
  static const CudaBinaryTools& find();
};

// SASS with instruction addresses and encodings removed, so a diff shows changed instructions
// rather than every line after an insertion. nullopt when no disassembler is available.
std::optional<std::string> cubin_sass(const std::filesystem::path& cubin);
std::string normalize_sass(const std::string& disassembly);

// cuobjdump --dump-resource-usage: registers, shared, local (spill) and constant memory per kernel.
std::optional<std::string> cubin_resource_usage(const std::filesystem::path& cubin);

// A compiled variant's SASS and resource usage, derived when it is compiled (on the compile's
// thread, often ahead of need, and kept by the compile cache with the rest of its IR), so no
// point waits for a disassembler: written beside its cubin and added to variant.ir as "sass" and
// "res". Nothing where the variant has no cubin, or where no disassembler is found.
void derive_cuda_binary_ir(CompiledVariant& variant);

}  // namespace abt
