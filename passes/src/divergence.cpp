#include "passes/divergence.h"

#include <dtl/dtl.hpp>

#include <set>
#include <sstream>
#include <string_view>

#include "passes/canonical_diff.h"
#include "util/text_lines.h"

namespace abt {
namespace {

std::string label(const PassPoint& point) { return std::string(spelling(point.stage)) + " " + point.pass; }

// Index pairs (a, b) of the longest common subsequence of the two pass sequences, by label.
std::vector<std::pair<size_t, size_t>> aligned(const std::vector<PassPoint>& a, const std::vector<PassPoint>& b) {
  const size_t n = a.size(), m = b.size();
  std::vector<std::vector<unsigned>> longest(n + 1, std::vector<unsigned>(m + 1, 0));  // of a[i..], b[j..]
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      longest[i][j] = label(a[i]) == label(b[j]) ? longest[i + 1][j + 1] + 1 : std::max(longest[i + 1][j], longest[i][j + 1]);
  std::vector<std::pair<size_t, size_t>> pairs;
  for (size_t i = 0, j = 0; i < n && j < m;) {
    if (label(a[i]) == label(b[j])) pairs.push_back({i++, j++});
    else if (longest[i + 1][j] >= longest[i][j + 1]) ++i;
    else ++j;
  }
  return pairs;
}

// The labels of `side`'s points that no pair holds and `other` never runs, each once, in order.
std::vector<std::string> unpaired(const std::vector<PassPoint>& side, const std::vector<PassPoint>& other,
                                  const std::vector<std::pair<size_t, size_t>>& pairs, bool first) {
  std::vector<bool> paired(side.size(), false);
  for (const auto& pair : pairs) paired[first ? pair.first : pair.second] = true;
  std::set<std::string> elsewhere;
  for (const PassPoint& point : other) elsewhere.insert(label(point));
  std::vector<std::string> labels;
  std::set<std::string> seen;
  for (size_t i = 0; i < side.size(); ++i)
    if (!paired[i] && !elsewhere.count(label(side[i])) && seen.insert(label(side[i])).second) labels.push_back(label(side[i]));
  return labels;
}

// The IR with MLIR's `module attributes {...} {` line (one line as MLIR prints it) made `module {`:
// what remains is the code.
std::string without_module_attributes(const std::string& ir) {
  std::string code;
  code.reserve(ir.size());
  for (size_t start = 0; start < ir.size();) {
    size_t end = ir.find('\n', start);
    end = end == std::string::npos ? ir.size() : end + 1;
    const std::string_view line(ir.data() + start, end - start);
    const size_t first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line.substr(first).rfind("module attributes {", 0) == 0)
      code.append(line.substr(0, first)).append("module {\n");
    else
      code.append(line);
    start = end;
  }
  return code;
}

struct OutputDifference {
  size_t a_lines = 0, b_lines = 0, changed_lines = 0, raw_changed_lines = 0;
  bool order_only = false, ops_counted = false;
  std::vector<std::pair<std::string, long long>> op_changes;
  std::string excerpt;  // at most kExcerptLines lines
};

OutputDifference raw_difference(const std::string& a, const std::string& b) {
  OutputDifference found;
  const std::vector<std::string> a_lines = split_lines(a), b_lines = split_lines(b);
  found.a_lines = a_lines.size();
  found.b_lines = b_lines.size();
  dtl::Diff<std::string> diff(a_lines, b_lines);
  diff.onHuge();
  diff.compose();
  for (const auto& [line, info] : diff.getSes().getSequence()) found.changed_lines += info.type != dtl::SES_COMMON;
  diff.composeUnifiedHunks();
  std::ostringstream out;
  diff.printUnifiedFormat(out);
  std::istringstream hunks(out.str());
  size_t kept = 0;
  for (std::string line; kept < kExcerptLines && std::getline(hunks, line); ++kept) found.excerpt += line + "\n";
  found.raw_changed_lines = found.changed_lines;
  return found;
}

// The raw difference's counts, and with `canonical` the count, operations and excerpt of the code's.
OutputDifference difference(const std::string& a, const std::string& b, PassStage stage, bool canonical) {
  OutputDifference found = raw_difference(a, b);
  if (!canonical) return found;
  CanonicalDifference code = canonical_difference(a, b, stage);
  found.changed_lines = code.changed_lines;
  found.order_only = code.order_only;
  found.ops_counted = code.ops_counted;
  found.op_changes = std::move(code.op_changes);
  found.excerpt = std::move(code.excerpt);
  return found;
}

}  // namespace

PassDivergence first_divergence(const std::vector<PassPoint>& a, const std::vector<PassPoint>& b, bool canonical) {
  PassDivergence found;
  found.canonical = canonical;
  auto same = [canonical](const std::string& x, const std::string& y) { return canonical ? same_code(x, y) : x == y; };
  size_t a_next = 0, b_next = 0;  // the first point of each side not yet aligned or listed
  auto list_unaligned = [&](size_t a_until, size_t b_until) {
    found.since_same_only_in_a.clear();
    found.since_same_only_in_b.clear();
    for (; a_next < a_until; ++a_next) {
      found.only_in_a.push_back(label(a[a_next]));
      found.since_same_only_in_a.push_back(label(a[a_next]));
    }
    for (; b_next < b_until; ++b_next) {
      found.only_in_b.push_back(label(b[b_next]));
      found.since_same_only_in_b.push_back(label(b[b_next]));
    }
  };
  const std::vector<std::pair<size_t, size_t>> pairs = aligned(a, b);
  found.aligned = pairs.size();
  found.pipeline_only_in_a = unpaired(a, b, pairs, true);
  found.pipeline_only_in_b = unpaired(b, a, pairs, false);
  for (size_t at = 0; at < pairs.size(); ++at) {
    const auto [i, j] = pairs[at];
    list_unaligned(i, j);
    ++a_next, ++b_next;
    if (same(a[i].ir, b[j].ir)) continue;
    found.diverged = true;
    found.stage = a[i].stage;
    found.pass = a[i].pass;
    OutputDifference output = difference(a[i].ir, b[j].ir, a[i].stage, canonical);
    found.a_lines = output.a_lines;
    found.b_lines = output.b_lines;
    found.changed_lines = output.changed_lines;
    found.raw_changed_lines = output.raw_changed_lines;
    found.order_only = output.order_only;
    found.ops_counted = output.ops_counted;
    found.op_changes = std::move(output.op_changes);
    found.excerpt = std::move(output.excerpt);
    found.attributes_only = same(without_module_attributes(a[i].ir), without_module_attributes(b[j].ir));
    size_t code_alike = at;  // the last pair whose outputs' code was alike
    for (size_t later = at + 1; found.attributes_only && later < pairs.size(); ++later) {
      const auto [k, l] = pairs[later];
      const std::string a_code = without_module_attributes(a[k].ir), b_code = without_module_attributes(b[l].ir);
      if (same(a_code, b_code)) {
        code_alike = later;
        continue;
      }
      OutputDifference code = difference(a_code, b_code, a[k].stage, canonical);
      found.code = PassDivergence::CodeDivergence{a[k].stage,         a[k].pass,          code.changed_lines,
                                                  code.raw_changed_lines, code.order_only, code.ops_counted,
                                                  std::move(code.op_changes), std::move(code.excerpt), {}, {}};
      // the unpaired passes between the two pairs: pairs are increasing on both sides
      std::vector<bool> a_paired(a.size(), false), b_paired(b.size(), false);
      for (const auto& [p, q] : pairs) a_paired[p] = b_paired[q] = true;
      for (size_t p = pairs[code_alike].first + 1; p < k; ++p)
        if (!a_paired[p]) found.code->since_same_only_in_a.push_back(label(a[p]));
      for (size_t q = pairs[code_alike].second + 1; q < l; ++q)
        if (!b_paired[q]) found.code->since_same_only_in_b.push_back(label(b[q]));
      break;
    }
    return found;
  }
  list_unaligned(a.size(), b.size());
  // Passes after the last common one that leave the two outputs different: where the change came
  // from; when the outputs end the same, they changed nothing that matters.
  if (a.empty() || b.empty() || same(a.back().ir, b.back().ir)) {
    found.since_same_only_in_a.clear();
    found.since_same_only_in_b.clear();
  }
  return found;
}

}  // namespace abt
