#include "rundir/code_identity.h"

#include <array>
#include <filesystem>

#include "util/files.h"
#include "util/sha256.h"

namespace abt {
namespace {

std::string_view trimmed(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const size_t last = line.find_last_not_of(" \t\r");
  return line.substr(first, last - first + 1);
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// A section directive's name: ".section .debug_info,..." -> ".debug_info".
std::string_view section_name(std::string_view directive) {
  std::string_view rest = trimmed(directive.substr(std::string_view(".section").size()));
  const size_t end = rest.find_first_of(" \t,{");
  return rest.substr(0, end);
}

}  // namespace

bool CodeIdentity::same_as(const CodeIdentity& other) const {
  if (!binary.empty() && binary == other.binary) return true;
  return !ir.empty() && ir == other.ir;
}

std::string canonical_code(std::string_view ir) {
  std::string code;
  bool in_debug = false;
  size_t at = 0;
  while (at < ir.size()) {
    size_t end = ir.find('\n', at);
    if (end == std::string_view::npos) end = ir.size();
    const std::string_view line = trimmed(ir.substr(at, end - at));
    at = end + 1;
    if (starts_with(line, ".section")) {
      in_debug = starts_with(section_name(line), ".debug") || starts_with(section_name(line), ".nv_debug");
      if (in_debug) continue;
    } else if (line == ".text" || line == ".data" || line == ".bss" || starts_with(line, ".previous")) {
      in_debug = false;
    }
    if (in_debug || line.empty() || starts_with(line, "//") || starts_with(line, "#") || starts_with(line, ";")) continue;
    if (starts_with(line, ".loc") || starts_with(line, ".file") || starts_with(line, ".ident") || starts_with(line, ".cfi_") ||
        starts_with(line, ".Ltmp") || starts_with(line, ".Lfunc_end") || starts_with(line, ".Ldebug"))
      continue;
    // A comment after code (SASS's /*0010*/ addresses stay: they are code positions).
    std::string_view kept = line;
    if (const size_t comment = kept.find(" //"); comment != std::string_view::npos) kept = trimmed(kept.substr(0, comment));
    code.append(kept);
    code.push_back('\n');
  }
  return code;
}

CodeIdentity code_identity(const RunLayout& layout, const PointRecord& point) {
  CodeIdentity identity;
  identity.binary = point.binary_hash;
  // The IR closest to the machine's code that the dumper kept of the measured variant.
  static constexpr std::array<std::string_view, 4> kLastFirst{".sass", ".s", ".ptx", ".llir"};
  for (std::string_view extension : kLastFirst)
    for (const std::string& file : point.ir_files) {
      if (std::filesystem::path(file).extension() != extension) continue;
      if (const std::optional<std::string> text = read_file_within(layout.dir(), file)) {
        identity.ir = sha256_hex(canonical_code(*text));
        return identity;
      }
    }
  return identity;
}

}  // namespace abt
