// What changed in a measured variant's code, A to B (`diff`'s "IR delta" column, `diff --ir`).
// Each IR kind is first normalised, so that "changed" means the code changed: compiler banners
// and comments (PTX's `// Compiler Build ID`, `.version`), assembler bookkeeping and label names
// (host `.s`: `.file`, `.ident`, `.cfi_*`, `.loc`, `.L123` -> `.L1`) are dropped or renumbered.
// Then each side is summarised: instruction count, opcode histogram and, from `.res`, registers,
// shared and local (spill) memory; the delta names the largest opcode changes.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace abt {

// `kind` is the file extension: ptx, sass, res, s, ttir, ttgir, llir, ...
std::string normalize_ir(const std::string& kind, const std::string& text);

struct IrSummary {
  size_t instructions = 0;
  std::map<std::string, int> opcodes;           // base mnemonic -> count (ld, FFMA, vfmadd231ps, tt.dot)
  std::optional<int> registers, shared_bytes, local_bytes;  // from a .res file
};
IrSummary summarize_ir(const std::string& kind, const std::string& normalized);

// One compilation stage of a point (an IR kind both sides have): its instruction count A -> B.
struct StageCount {
  std::string kind;
  size_t a_instructions = 0, b_instructions = 0;
  bool changed = false;  // the normalised texts differ
};

struct IrDelta {
  std::string kind;  // the kind the summary counts (sass, else s, ptx, ttgir, ...)
  bool changed = false;
  size_t a_instructions = 0, b_instructions = 0;
  std::vector<std::pair<std::string, int>> opcode_changes;  // largest |change| first
  std::optional<int> a_registers, b_registers, a_local_bytes, b_local_bytes, a_shared_bytes, b_shared_bytes;

  // Every stage, from the first IR to the machine code (Triton: ttir, ttgir, llir, ptx, sass).
  std::vector<StageCount> stages;

  // e.g. "sass 412->398: +4 LDGSTS -8 IMAD; regs 248->218" or "same code"; at most `opcodes` opcodes.
  std::string short_text(size_t opcodes = 3) const;
  // e.g. "ttir 88 same, ttgir 120->124, llir 610->640, ptx 402->410, sass 416->424".
  std::string stages_text() const;
};

// From the IR files of one point's two variants (kind -> text of each side); nullopt when the
// two sides share no IR kind.
std::optional<IrDelta> ir_delta(const std::map<std::string, std::string>& a_files,
                                const std::map<std::string, std::string>& b_files);

}  // namespace abt
