#include "passes/pass_dump.h"

#include <map>
#include <optional>
#include <regex>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <tuple>

namespace abt {
namespace {

// The headers a dump's snapshots begin with, and what each says.
struct Header {
  enum class Kind { mlir_before, llvm_after, machine_after } kind;
  std::string pass;
};

std::optional<Header> header_of(const std::string& line) {
  // Every header holds "IR Dump": the other lines of a dump (hundreds of thousands) skip the regexes.
  if (line.find("IR Dump ") == std::string::npos) return std::nullopt;
  static const std::regex mlir(R"(^// -----// IR Dump Before (.+?) \('.*\) //----- //$)");
  static const std::regex llvm(R"(^;? ?\*\*\* IR Dump After (.+?) on (.+) \*\*\*$)");
  static const std::regex machine(R"(^# \*\*\* IR Dump After (.+) \*\*\*:$)");
  std::smatch match;
  if (std::regex_match(line, match, mlir)) return Header{Header::Kind::mlir_before, match[1]};
  if (std::regex_match(line, match, machine)) return Header{Header::Kind::machine_after, match[1]};
  // A function pass runs once per function (Clang's dump holds several): which one is part of its
  // name, so that two compiles' passes align function by function.
  if (std::regex_match(line, match, llvm)) {
    std::string on = match[2];
    if (on == "[module]") return Header{Header::Kind::llvm_after, match[1]};
    // A loop is named by its blocks' numbers ("Loop at depth 1 containing: %13<header>,..."), which
    // differ between two compiles: its depth names it.
    if (on.rfind("Loop at depth ", 0) == 0) on = on.substr(0, on.find(' ', 14));
    return Header{Header::Kind::llvm_after, match[1].str() + " on " + on};
  }
  return std::nullopt;
}

PassStage mlir_stage(const std::string& ir) {
  if (ir.find("llvm.func") != std::string::npos) return PassStage::mlir_llvm;
  if (ir.find("#ttg.") != std::string::npos || ir.find("ttg.") != std::string::npos) return PassStage::ttgir;
  return PassStage::ttir;
}

// `text` without every `loc(...)` (balanced parentheses).
std::string without_locations(const std::string& text) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    if (text.compare(at, 4, "loc(") == 0 && (at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1])))) {
      int depth = 0;
      size_t end = at + 3;
      for (; end < text.size(); ++end) {
        if (text[end] == '(') ++depth;
        if (text[end] == ')' && --depth == 0) break;
      }
      at = end + 1;
      while (!out.empty() && out.back() == ' ') out.pop_back();
      continue;
    }
    out += text[at++];
  }
  return out;
}


// Lines that are no code: MLIR location aliases, LLVM metadata and comments, the module's header.
bool dropped(const std::string& line) {
  const size_t first = line.find_first_not_of(" \t");
  if (first == std::string::npos) return true;
  const char c = line[first];
  if (c == ';') return true;
  if (c == '#' && line.compare(first, 4, "#loc") == 0) return true;
  if (c == '!' && (line.compare(first, 6, "!llvm.") == 0 || std::isdigit(static_cast<unsigned char>(line[first + 1]))))
    return line.find('=') != std::string::npos;
  for (const char* header : {"source_filename", "target datalayout", "attributes #"})
    if (line.compare(first, std::strlen(header), header) == 0) return true;
  return line.compare(first, 8, "declare ") == 0 && line.find("!dbg") != std::string::npos;
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-'; }

}  // namespace

std::string normalize_ir(std::string_view ir) {
  // LLVM's debug attachments; a machine instruction's trailing "; file.py:17:17" (its source line)
  static const std::regex debug(R"((,\s*!dbg\s+!\d+|,\s*debug-location\s+!\d+|\s+!dbg\s+!\d+|;\s*[^;"]*:\d+:\d+\s*$))");
  std::istringstream lines{std::string(ir)};
  std::string out, line;
  std::map<std::string, std::string> renamed;
  while (std::getline(lines, line)) {
    if (dropped(line)) continue;
    line = without_locations(line);
    if (line.find_first_of("!;") != std::string::npos) line = std::regex_replace(line, debug, "");  // only these hold debug info
    // Numbered values, metadata and aliases (%12, %arg0, !5, #blocked1) renumbered by first appearance.
    std::string renumbered;
    for (size_t at = 0; at < line.size();) {
      const char c = line[at];
      size_t end = at + 1;
      if (c == '%' || c == '!' || c == '#')
        while (end < line.size() && name_char(line[end])) ++end;
      const std::string token = line.substr(at, end - at);
      if (end - at > 1 && token.find_first_of("0123456789") != std::string::npos) {
        auto [found, fresh] = renamed.try_emplace(token, std::string(1, c) + "v" + std::to_string(renamed.size()));
        renumbered += found->second;
      } else {
        renumbered += token;
      }
      at = end;
    }
    while (!renumbered.empty() && (renumbered.back() == ' ' || renumbered.back() == '\r')) renumbered.pop_back();
    if (!renumbered.empty()) out += renumbered + "\n";
  }
  return out;
}

std::vector<PassPoint> read_pass_dump(std::string_view dump) {
  struct Snapshot {
    Header header;
    std::string ir;
  };
  std::vector<Snapshot> snapshots;
  std::istringstream lines{std::string(dump)};
  std::string line;
  while (std::getline(lines, line)) {
    if (auto header = header_of(line)) {
      snapshots.push_back({*header, ""});
      continue;
    }
    if (!snapshots.empty()) snapshots.back().ir += line + "\n";
  }
  std::vector<PassPoint> points;
  std::string previous_mlir_pass = "front end";
  for (const Snapshot& snapshot : snapshots) {
    switch (snapshot.header.kind) {
      case Header::Kind::mlir_before:  // the IR the pass before this one made
        points.push_back({mlir_stage(snapshot.ir), previous_mlir_pass, normalize_ir(snapshot.ir)});
        previous_mlir_pass = snapshot.header.pass;
        break;
      case Header::Kind::llvm_after:
        points.push_back({PassStage::llvm, snapshot.header.pass, normalize_ir(snapshot.ir)});
        break;
      case Header::Kind::machine_after:
        points.push_back({PassStage::machine, snapshot.header.pass, normalize_ir(snapshot.ir)});
        break;
    }
  }
  return points;
}

namespace {

// GCC's dumps name what they number differently in two compiles: SSA names (_12, i_5), temporaries
// (vectp_y.35), decls (D.2507), blocks (<bb 3>), labels (<L2>), the uids of a function's header line,
// and the IPA dumps' addresses of the compiler's own objects (@0x7f7abecc0770).
std::string normalize_gcc(const std::string& text) {
  static const std::regex header(R"(^;; Function .*)");
  static const std::regex names(R"(\b(?:[A-Za-z_][A-Za-z0-9_]*[_.]\d+|_\d+|D\.\d+)\b|<bb \d+>|<L\d+>)");
  // Where the compiler's objects happened to lie (@0x7f7abecc0770, <function_decl 0x7f88392e6500 f>):
  // no order to keep. GCC prints constants in decimal (a const_int's hex beside its decimal).
  static const std::regex address(R"((@|<[a-z_]+ )0x[0-9a-f]+|\b0x[0-9a-f]{9,}\b)");
  std::istringstream lines(text);
  std::string out, line;
  std::map<std::string, std::string> renamed;
  while (std::getline(lines, line)) {
    if (std::regex_match(line, header)) continue;
    if (line.find("0x") != std::string::npos) line = std::regex_replace(line, address, "$1address");
    std::string renumbered;
    size_t at = 0;
    for (auto match = std::sregex_iterator(line.begin(), line.end(), names); match != std::sregex_iterator(); ++match) {
      renumbered.append(line, at, size_t(match->position()) - at);
      auto [found, fresh] = renamed.try_emplace(match->str(), "n" + std::to_string(renamed.size()));
      renumbered += found->second;
      at = size_t(match->position() + match->length());
    }
    renumbered.append(line, at, std::string::npos);
    if (!renumbered.empty()) out += renumbered + "\n";
  }
  return out;
}

}  // namespace

std::vector<PassPoint> read_gcc_dumps(const std::filesystem::path& dir) {
  static const std::regex name(R"(^.*\.(\d+)([tir])\.(.+)$)");
  std::vector<std::tuple<int, PassStage, std::string, std::filesystem::path>> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::smatch match;
    const std::string file = entry.path().filename().string();
    if (!entry.is_regular_file() || !std::regex_match(file, match, name)) continue;
    const char kind = match[2].str()[0];
    files.emplace_back(std::stoi(match[1]), kind == 't' ? PassStage::gcc_tree : kind == 'i' ? PassStage::gcc_ipa : PassStage::gcc_rtl,
                       match[3], entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<PassPoint> points;
  for (const auto& [number, stage, pass, path] : files) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    points.push_back({stage, pass, normalize_gcc(text.str())});
  }
  return points;
}

}  // namespace abt
