#include "stage_divergence.h"

#include "compare/ir_delta.h"
#include "util/files.h"

namespace abt {

std::optional<std::string> first_divergent_stage(const CompiledVariant& a, const CompiledVariant& b) {
  for (const char* kind : {"ttir", "ttgir", "llir", "ptx", "s"}) {
    const auto in_a = a.ir.find(kind), in_b = b.ir.find(kind);
    if (in_a == a.ir.end() || in_b == b.ir.end()) continue;
    if (normalize_ir(kind, read_text_file(in_a->second)) != normalize_ir(kind, read_text_file(in_b->second))) return kind;
  }
  if (a.binary_hash != b.binary_hash) return "binary";
  return std::nullopt;
}

}  // namespace abt
