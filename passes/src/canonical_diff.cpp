#include "passes/canonical_diff.h"

#include <fmt/format.h>

#include <dtl/dtl.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>

#include "passes/divergence.h"
#include "util/text_lines.h"

namespace abt {
namespace {

// A line with its value names blanked out, and the names in the order they appear. A name is what
// the normalizers renumbered: `%v12`, `!v3`, `#v4` (normalize_ir), `n7` (GCC's).
struct Line {
  std::string skeleton;
  std::vector<std::string> names;
};

bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-'; }

Line read_line(const std::string& text) {
  Line line;
  for (size_t at = 0; at < text.size();) {
    const char c = text[at];
    const bool sigil = (c == '%' || c == '!' || c == '#') && at + 2 < text.size() + 1 && text.compare(at + 1, 1, "v") == 0;
    const bool gcc = c == 'n' && (at == 0 || !word_char(text[at - 1]));
    if (sigil || gcc) {
      size_t end = at + (sigil ? 2 : 1);
      const size_t digits = end;
      while (end < text.size() && digit(text[end])) ++end;
      if (end > digits && (end == text.size() || !word_char(text[end]) || sigil)) {
        line.names.push_back(text.substr(at, end - at));
        line.skeleton += sigil ? std::string(1, c) + "_" : std::string("n_");
        at = end;
        continue;
      }
    }
    line.skeleton += c;
    ++at;
  }
  return line;
}

// The operation a line holds, by the stage's syntax; "" when it holds none (a brace, a label, a
// type or attribute definition).
std::string operation_of(const std::string& skeleton, PassStage stage) {
  const size_t first = skeleton.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  std::string_view rest(skeleton);
  rest.remove_prefix(first);
  if (const size_t equals = rest.find(" = "); equals != std::string_view::npos && (rest[0] == '%' || rest[0] == '$' ||
                                                                                  rest.substr(0, 10) == "renamable "))
    rest.remove_prefix(equals + 3);
  auto token = [&rest]() {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    size_t end = 0;
    while (end < rest.size() && rest[end] != ' ' && rest[end] != '(' && rest[end] != '<' && rest[end] != ',' && rest[end] != ':')
      ++end;
    std::string word(rest.substr(0, end));
    rest.remove_prefix(end);
    if (word.size() > 1 && word.front() == '"' && word.back() == '"') word = word.substr(1, word.size() - 2);
    return word;
  };
  std::string op = token();
  switch (stage) {
    case PassStage::ttir:
    case PassStage::ttgir:
    case PassStage::mlir_llvm: {  // dialect.op
      const size_t dot = op.find('.');
      const bool dialect_op = dot != std::string::npos && dot > 0 && std::islower(static_cast<unsigned char>(op[0])) &&
                              std::all_of(op.begin(), op.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)) || digit(c) || c == '_' || c == '.'; });
      return dialect_op ? op : "";
    }
    case PassStage::llvm: {  // an instruction: its opcode, a call with its callee
      static const std::set<std::string> flags{"tail", "musttail", "notail", "fast", "nnan", "ninf", "nsz", "arcp", "contract",
                                               "afn", "reassoc", "nuw", "nsw", "exact", "disjoint", "volatile", "inbounds"};
      while (flags.count(op)) op = token();
      if (op.empty() || !std::all_of(op.begin(), op.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)) || c == '_'; }))
        return "";
      if (op == "define" || op == "declare" || op == "target" || op == "attributes" || op == "source_filename") return "";
      if (op == "call") {
        const size_t at = rest.find('@');
        if (at != std::string_view::npos) {
          size_t end = at + 1;
          while (end < rest.size() && (word_char(rest[end]))) ++end;
          op += " " + std::string(rest.substr(at, end - at));
        }
      }
      return op;
    }
    case PassStage::machine: {  // MIR: the opcode after the defs, or the line's first word
      return !op.empty() && std::isupper(static_cast<unsigned char>(op[0])) &&
                     std::all_of(op.begin(), op.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; })
                 ? op
                 : "";
    }
    case PassStage::gcc_ipa:
    case PassStage::gcc_tree:
    case PassStage::gcc_rtl: return "";
  }
  return "";
}

// Names of one side matched to the other's, one to one, kept over the whole output.
class NameMatch {
 public:
  // Whether the two lines' names correspond (the pairs not yet matched are matched now); a line
  // whose names contradict an earlier match is a changed line, and matches nothing.
  bool consistent(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      const auto to = a_to_b_.find(a[i]);
      const auto from = b_to_a_.find(b[i]);
      if ((to != a_to_b_.end() && to->second != b[i]) || (from != b_to_a_.end() && from->second != a[i])) return false;
    }
    for (size_t i = 0; i < a.size(); ++i) a_to_b_.emplace(a[i], b[i]), b_to_a_.emplace(b[i], a[i]);
    return true;
  }

 private:
  std::map<std::string, std::string> a_to_b_, b_to_a_;
};

struct Aligned {
  long long a = -1, b = -1;  // line indices; -1: none on that side
  bool same = false;
};

std::vector<Aligned> align(const std::vector<Line>& a, const std::vector<Line>& b) {
  std::vector<std::string> a_skeletons, b_skeletons;
  for (const Line& line : a) a_skeletons.push_back(line.skeleton);
  for (const Line& line : b) b_skeletons.push_back(line.skeleton);
  dtl::Diff<std::string> diff(a_skeletons, b_skeletons);
  diff.onHuge();
  diff.compose();
  std::vector<Aligned> aligned;
  NameMatch names;
  for (const auto& [text, info] : diff.getSes().getSequence()) {
    (void)text;
    const long long ai = info.beforeIdx - 1, bi = info.afterIdx - 1;
    if (info.type == dtl::SES_COMMON) {
      if (names.consistent(a[size_t(ai)].names, b[size_t(bi)].names)) aligned.push_back({ai, bi, true});
      else aligned.push_back({ai, -1, false}), aligned.push_back({-1, bi, false});
    } else if (info.type == dtl::SES_DELETE) {
      aligned.push_back({ai, -1, false});
    } else {
      aligned.push_back({-1, bi, false});
    }
  }
  return aligned;
}

std::vector<Line> read_lines(const std::string& text) {
  std::vector<Line> lines;
  for (const std::string& line : split_lines(text)) lines.push_back(read_line(line));
  return lines;
}

// Hunks of the changed lines with a line of context each side, as the normalized text has them;
// in each run of changed lines A's come first, then B's, as a unified diff shows a change.
std::string excerpt_of(const std::vector<Aligned>& aligned, const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::string out;
  size_t kept = 0;
  std::vector<bool> shown(aligned.size(), false);
  long long last = -1;   // the highest entry shown: a gap before the next one is a "..."
  size_t run_first = 0;  // the run being shown (its entries come out of order, with no gap between)
  auto emit = [&](size_t k) {
    if (kept >= kExcerptLines || shown[k]) return;
    if (last >= 0 && (long long)k > last + 1 && k - 1 < run_first && !shown[k - 1]) out += "...\n", ++kept;
    if (kept >= kExcerptLines) return;
    const Aligned& at = aligned[k];
    out += at.same ? " " + a[size_t(at.a)] : at.a >= 0 ? "-" + a[size_t(at.a)] : "+" + b[size_t(at.b)];  // as a unified diff
    out += "\n";
    ++kept;
    shown[k] = true;
    last = std::max(last, (long long)k);
  };
  for (size_t i = 0; i < aligned.size() && kept < kExcerptLines;) {
    if (aligned[i].same) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < aligned.size() && !aligned[end].same) ++end;
    run_first = i;
    if (i > 0) emit(i - 1);
    for (size_t k = i; k < end; ++k)
      if (aligned[k].a >= 0) emit(k);
    for (size_t k = i; k < end; ++k)
      if (aligned[k].a < 0) emit(k);
    if (end < aligned.size()) emit(end);
    i = end + 1;
  }
  return out;
}

}  // namespace

bool same_code(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const std::vector<Line> a_lines = read_lines(a), b_lines = read_lines(b);
  if (a_lines.size() != b_lines.size()) return false;
  NameMatch names;
  for (size_t i = 0; i < a_lines.size(); ++i)  // same length: the same code is line for line
    if (a_lines[i].skeleton != b_lines[i].skeleton || !names.consistent(a_lines[i].names, b_lines[i].names)) return false;
  return true;
}

CanonicalDifference canonical_difference(const std::string& a, const std::string& b, PassStage stage) {
  CanonicalDifference found;
  const std::vector<std::string> a_text = split_lines(a), b_text = split_lines(b);
  std::vector<Line> a_lines, b_lines;
  for (const std::string& line : a_text) a_lines.push_back(read_line(line));
  for (const std::string& line : b_text) b_lines.push_back(read_line(line));
  const std::vector<Aligned> aligned = align(a_lines, b_lines);
  for (const Aligned& at : aligned) found.changed_lines += !at.same;
  if (found.changed_lines == 0) return found;
  // The same lines in another order: the two sides' lines, names blanked, are one multiset.
  std::multiset<std::string> a_skeletons, b_skeletons;
  for (const Line& line : a_lines) a_skeletons.insert(line.skeleton);
  for (const Line& line : b_lines) b_skeletons.insert(line.skeleton);
  found.order_only = a_skeletons == b_skeletons;
  std::map<std::string, long long> counts;
  found.ops_counted = stage != PassStage::gcc_ipa && stage != PassStage::gcc_tree && stage != PassStage::gcc_rtl;
  if (found.ops_counted) {
    for (const Line& line : a_lines)
      if (std::string op = operation_of(line.skeleton, stage); !op.empty()) --counts[op];
    for (const Line& line : b_lines)
      if (std::string op = operation_of(line.skeleton, stage); !op.empty()) ++counts[op];
  }
  for (const auto& [op, delta] : counts)
    if (delta != 0) found.op_changes.emplace_back(op, delta);
  std::stable_sort(found.op_changes.begin(), found.op_changes.end(),
                   [](const auto& x, const auto& y) { return std::llabs(x.second) > std::llabs(y.second); });
  found.excerpt = excerpt_of(aligned, a_text, b_text);
  return found;
}

std::string op_changes_text(const std::vector<std::pair<std::string, long long>>& changes, size_t most) {
  std::vector<std::string> parts;
  for (size_t i = 0; i < changes.size() && i < most; ++i)
    parts.push_back(fmt::format("{} {:+}", changes[i].first, changes[i].second));
  if (changes.size() > most) parts.push_back(fmt::format("and {} more", changes.size() - most));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace abt
