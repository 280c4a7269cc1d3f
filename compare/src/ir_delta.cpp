#include "compare/ir_delta.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>
#include <sstream>

namespace abt {
namespace {

std::string trim(const std::string& line) {
  const auto begin = line.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return line.substr(begin, line.find_last_not_of(" \t\r") - begin + 1);
}

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// Host assembly: directives that only describe the object file, and local labels renumbered in
// order of first appearance (.L123 and .LFB673 differ between builds of the same code).
std::string normalize_host_assembly(const std::string& text) {
  static const std::regex local_label(R"(\.L[A-Za-z_]*[0-9]+)");
  static const char* dropped[] = {".file", ".ident", ".cfi_", ".loc", ".section\t.note", ".section .note", ".size",
                                  ".p2align", ".align", ".text", ".type"};
  std::map<std::string, std::string> renamed;
  std::istringstream lines(text);
  std::string out;
  for (std::string raw; std::getline(lines, raw);) {
    std::string line = raw;
    if (auto comment = line.find('#'); comment != std::string::npos) line = line.substr(0, comment);  // AT&T comments
    line = trim(line);
    if (line.empty()) continue;
    if (std::any_of(std::begin(dropped), std::end(dropped), [&](const char* prefix) { return starts_with(line, prefix); }))
      continue;
    std::string renumbered;
    auto begin = std::sregex_iterator(line.begin(), line.end(), local_label);
    size_t last = 0;
    for (auto match = begin; match != std::sregex_iterator(); ++match) {
      renumbered += line.substr(last, size_t(match->position()) - last);
      auto [entry, added] = renamed.try_emplace(match->str(), ".L" + std::to_string(renamed.size() + 1));
      renumbered += entry->second;
      last = size_t(match->position() + match->length());
    }
    out += renumbered + line.substr(last) + "\n";
  }
  return out;
}

// PTX: the banner comments, `.version` (the PTX ISA of the compiler, not the code) and comments.
std::string normalize_ptx(const std::string& text) {
  std::istringstream lines(text);
  std::string out;
  for (std::string raw; std::getline(lines, raw);) {
    std::string line = raw;
    if (auto comment = line.find("//"); comment != std::string::npos) line = line.substr(0, comment);
    line = trim(line);
    if (line.empty() || starts_with(line, ".version")) continue;
    out += line + "\n";
  }
  return out;
}

// Comments and blank lines; the rest as it is (SASS arrives without addresses and encodings).
// SASS header lines (`.headerflags`, `.elftype`, `.target`) name the assembler, not the code.
std::string normalize_commented(const std::string& text, const char* comment) {
  static const char* headers[] = {".headerflags", ".elftype", ".target"};
  std::istringstream lines(text);
  std::string out;
  for (std::string raw; std::getline(lines, raw);) {
    std::string line = raw;
    if (auto at = line.find(comment); at != std::string::npos) line = line.substr(0, at);
    line = trim(line);
    if (line.empty()) continue;
    if (std::any_of(std::begin(headers), std::end(headers), [&](const char* header) { return starts_with(line, header); }))
      continue;
    out += line + "\n";
  }
  return out;
}

// The mnemonic of an instruction line, without its predicate and modifiers: `@!P0 LDG.E.128 R4,`
// -> LDG; `@%p1 ld.global.nc.f32 %f1,` -> ld; `vfmadd231ps %ymm0, ...` -> vfmadd231ps.
std::string mnemonic(std::string line, bool keep_dots) {
  if (!line.empty() && line[0] == '@') {
    auto space = line.find_first_of(" \t");
    line = space == std::string::npos ? "" : trim(line.substr(space));
  }
  const auto end = line.find_first_of(keep_dots ? " \t,(;" : " \t,(.;");
  return line.substr(0, end);
}

bool is_instruction(const std::string& kind, const std::string& line) {
  if (line.empty() || line.back() == ':' || line[0] == '.' || line[0] == '{' || line[0] == '}' || line[0] == ')')
    return false;
  if (kind == "ptx" || kind == "sass") return line.find(';') != std::string::npos;
  if (kind == "s") return std::isalpha(static_cast<unsigned char>(line[0])) != 0;
  return true;
}

// MLIR (ttir, ttgir) and LLVM IR: the operation name after `=`, or the first word.
std::string operation(const std::string& kind, const std::string& line) {
  std::string rest = line;
  if (auto equals = line.find(" = "); equals != std::string::npos) rest = trim(line.substr(equals + 3));
  if (kind == "llir") return mnemonic(rest, true);
  static const std::regex op(R"(^"?([a-z_]+\.[a-z_.]+))");
  std::smatch match;
  return std::regex_search(rest, match, op) ? match[1].str() : "";
}

std::optional<int> resource(const std::string& text, const char* key) {
  std::optional<int> total;
  for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1))
    total = total.value_or(0) + std::atoi(text.c_str() + at + std::string(key).size());
  return total;
}

const char* kPreferredKinds[] = {"sass", "s", "ptx", "ttgir", "llir", "ttir"};
const char* kPipelineOrder[] = {"ttir", "ttgir", "llir", "ptx", "sass", "s"};

}  // namespace

std::string normalize_ir(const std::string& kind, const std::string& text) {
  if (kind == "s") return normalize_host_assembly(text);
  if (kind == "ptx") return normalize_ptx(text);
  if (kind == "sass" || kind == "llir") return normalize_commented(text, kind == "sass" ? "//" : ";");
  return normalize_commented(text, "//");
}

IrSummary summarize_ir(const std::string& kind, const std::string& normalized) {
  IrSummary summary;
  if (kind == "res") {
    summary.registers = resource(normalized, "REG:");
    summary.shared_bytes = resource(normalized, "SHARED:");
    summary.local_bytes = resource(normalized, "LOCAL:");
    return summary;
  }
  const bool mlir = kind == "ttir" || kind == "ttgir" || kind == "llir";
  std::istringstream lines(normalized);
  for (std::string line; std::getline(lines, line);) {
    if (!is_instruction(kind, line)) continue;
    const std::string name = mlir ? operation(kind, line) : mnemonic(line, false);
    if (name.empty()) continue;
    ++summary.instructions;
    ++summary.opcodes[name];
  }
  return summary;
}

std::string IrDelta::short_text(size_t opcodes) const {
  if (!changed) return "same code";
  // The machine code can be the same while an earlier stage changed (a PTX rounding modifier
  // that ptxas compiles to the same SASS): say so rather than describe the machine code.
  auto counted = std::find_if(stages.begin(), stages.end(), [&](const StageCount& stage) { return stage.kind == kind; });
  if (counted != stages.end() && !counted->changed) {
    std::vector<std::string> changed_stages;
    for (const auto& stage : stages)
      if (stage.changed) changed_stages.push_back(fmt::format("{} {}->{}", stage.kind, stage.a_instructions, stage.b_instructions));
    return fmt::format("{} {} same code; changed: {}", kind, a_instructions, fmt::join(changed_stages, ", "));
  }
  std::string text = fmt::format("{} {}->{}", kind, a_instructions, b_instructions);
  std::vector<std::string> changes;
  for (size_t i = 0; i < opcode_changes.size() && i < opcodes; ++i)
    changes.push_back(fmt::format("{:+d} {}", opcode_changes[i].second, opcode_changes[i].first));
  if (!changes.empty()) text += ": " + fmt::format("{}", fmt::join(changes, " "));
  else if (a_instructions == b_instructions) text += ": same opcodes, operands differ";
  if (a_registers && b_registers && *a_registers != *b_registers) text += fmt::format("; regs {}->{}", *a_registers, *b_registers);
  if (a_local_bytes && b_local_bytes && *a_local_bytes != *b_local_bytes)
    text += fmt::format("; local {}->{} B", *a_local_bytes, *b_local_bytes);
  if (a_shared_bytes && b_shared_bytes && *a_shared_bytes != *b_shared_bytes)
    text += fmt::format("; shared {}->{} B", *a_shared_bytes, *b_shared_bytes);
  return text;
}

std::string IrDelta::stages_text() const {
  std::vector<std::string> parts;
  for (const auto& stage : stages)
    parts.push_back(stage.changed ? fmt::format("{} {}->{}", stage.kind, stage.a_instructions, stage.b_instructions)
                                  : fmt::format("{} {} same", stage.kind, stage.a_instructions));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::optional<IrDelta> ir_delta(const std::map<std::string, std::string>& a_files,
                                const std::map<std::string, std::string>& b_files) {
  // Each kind both sides have, normalised once: (A, B).
  std::map<std::string, std::pair<std::string, std::string>> normal;
  for (const auto& [kind, a_text] : a_files)
    if (auto b = b_files.find(kind); b != b_files.end())
      normal.emplace(kind, std::pair{normalize_ir(kind, a_text), normalize_ir(kind, b->second)});
  if (normal.empty()) return std::nullopt;

  IrDelta delta;
  for (const auto& [kind, texts] : normal) delta.changed = delta.changed || texts.first != texts.second;
  if (auto res = normal.find("res"); res != normal.end()) {
    const IrSummary a = summarize_ir("res", res->second.first), b = summarize_ir("res", res->second.second);
    delta.a_registers = a.registers, delta.b_registers = b.registers;
    delta.a_local_bytes = a.local_bytes, delta.b_local_bytes = b.local_bytes;
    delta.a_shared_bytes = a.shared_bytes, delta.b_shared_bytes = b.shared_bytes;
  }
  for (const char* kind : kPipelineOrder) {
    auto texts = normal.find(kind);
    if (texts == normal.end()) continue;
    delta.stages.push_back({kind, summarize_ir(kind, texts->second.first).instructions,
                            summarize_ir(kind, texts->second.second).instructions, texts->second.first != texts->second.second});
  }
  for (const char* kind : kPreferredKinds) {  // the summary counts the most machine-level kind there is
    auto texts = normal.find(kind);
    if (texts == normal.end()) continue;
    const IrSummary a_summary = summarize_ir(kind, texts->second.first);
    const IrSummary b_summary = summarize_ir(kind, texts->second.second);
    delta.kind = kind;
    delta.a_instructions = a_summary.instructions;
    delta.b_instructions = b_summary.instructions;
    std::map<std::string, int> change;
    for (const auto& [name, count] : a_summary.opcodes) change[name] -= count;
    for (const auto& [name, count] : b_summary.opcodes) change[name] += count;
    for (const auto& [name, count] : change)
      if (count) delta.opcode_changes.emplace_back(name, count);
    // Largest change first; of equal size, what B gained before what it lost.
    std::stable_sort(delta.opcode_changes.begin(), delta.opcode_changes.end(), [](const auto& x, const auto& y) {
      if (std::abs(x.second) != std::abs(y.second)) return std::abs(x.second) > std::abs(y.second);
      return x.second > y.second;
    });
    break;
  }
  return delta;
}

}  // namespace abt
