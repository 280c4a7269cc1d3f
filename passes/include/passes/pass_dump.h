// A compiler's IR after each of its passes, as its own dump prints it (issue "Which compiler pass"):
// Triton's MLIR pipelines (MLIR_ENABLE_DUMP: the IR before each pass), LLVM's (LLVM_IR_ENABLE_DUMP
// or -print-after-all: the IR after each pass) and the machine passes after them. Read into one
// sequence of points "the IR after pass P", each normalized so that a renaming or a moved source
// location is no change.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "util/spelling.h"

namespace abt {

// Where in the compiler a pass runs: its IR's kind.
enum class PassStage { ttir, ttgir, mlir_llvm, llvm, machine, gcc_ipa, gcc_tree, gcc_rtl };
// Its word in explain.json and in explain's lines; GCC's three are also the -fdisable-<stage>- prefix.
template <>
struct Spellings<PassStage> {
  static constexpr std::array<std::pair<PassStage, std::string_view>, 8> table{
      {{PassStage::ttir, "ttir"}, {PassStage::ttgir, "ttgir"}, {PassStage::mlir_llvm, "llir (MLIR)"}, {PassStage::llvm, "llvm"},
       {PassStage::machine, "machine"}, {PassStage::gcc_ipa, "ipa"}, {PassStage::gcc_tree, "tree"}, {PassStage::gcc_rtl, "rtl"}}};
};

struct PassPoint {
  PassStage stage = PassStage::ttir;
  std::string pass;  // the pass whose output this is: "TritonGPUCoalesce (tritongpu-coalesce)", or "front end"
  std::string ir;    // normalized (normalize_ir)
};

// Every point of a dump, in pipeline order. An MLIR "Before P" snapshot is the output of the pass
// before P (of the front end, for the first); an LLVM or machine "After P" snapshot is P's output.
std::vector<PassPoint> read_pass_dump(std::string_view dump);

// GCC's per-pass dumps (-fdump-tree-all -fdump-ipa-all -fdump-rtl-all -dumpdir DIR/): a file per
// pass, `<base>.<NNN><t|i|r>.<pass>`, in the order of NNN; a pass gated off (-fno-tree-vectorize's
// vect) writes none.
std::vector<PassPoint> read_gcc_dumps(const std::filesystem::path& dir);

// The IR without what differs between two compiles of the same code: MLIR locations (`loc(...)`,
// `#loc` lines), LLVM debug metadata (`!dbg`, metadata lines) and comments, and value names, which
// are renumbered in order of first appearance.
std::string normalize_ir(std::string_view ir);

}  // namespace abt
