// The first stage of a compile whose output differs between two builds, from each compiled
// variant's IR files in pipeline order and, last, their binaries.
#pragma once
#include <optional>
#include <string>

#include "compilers/compiler.h"

namespace abt {

// The IR kinds in pipeline order (Triton: ttir, ttgir, llir, ptx; host: s), each compared after
// compare/'s normalization (banners, comments, label numbers); then "binary" (the cubin or the
// shared object). nullopt: every stage the same.
std::optional<std::string> first_divergent_stage(const CompiledVariant& a, const CompiledVariant& b);

}  // namespace abt
