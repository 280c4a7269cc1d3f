#include "passes/divergence.h"

#include <dtl/dtl.hpp>

#include <set>
#include <sstream>

#include "util/text_lines.h"

namespace abt {
namespace {

std::string label(const PassPoint& point) { return std::string(stage_name(point.stage)) + " " + point.pass; }

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

}  // namespace

PassDivergence first_divergence(const std::vector<PassPoint>& a, const std::vector<PassPoint>& b) {
  PassDivergence found;
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
  for (const auto& [i, j] : pairs) {
    list_unaligned(i, j);
    ++a_next, ++b_next;
    if (a[i].ir == b[j].ir) continue;
    found.diverged = true;
    found.stage = a[i].stage;
    found.pass = a[i].pass;
    const std::vector<std::string> a_lines = split_lines(a[i].ir), b_lines = split_lines(b[j].ir);
    found.a_lines = a_lines.size();
    found.b_lines = b_lines.size();
    dtl::Diff<std::string> diff(a_lines, b_lines);
    diff.onHuge();
    diff.compose();
    for (const auto& [line, info] : diff.getSes().getSequence())
      found.changed_lines += info.type != dtl::SES_COMMON;
    diff.composeUnifiedHunks();
    std::ostringstream out;
    diff.printUnifiedFormat(out);
    std::istringstream hunks(out.str());
    size_t kept = 0;
    for (std::string line; kept < kExcerptLines && std::getline(hunks, line); ++kept) found.excerpt += line + "\n";
    return found;
  }
  list_unaligned(a.size(), b.size());
  // Passes after the last common one that leave the two outputs different: where the change came
  // from; when the outputs end the same, they changed nothing that matters.
  if (a.empty() || b.empty() || a.back().ir == b.back().ir) {
    found.since_same_only_in_a.clear();
    found.since_same_only_in_b.clear();
  }
  return found;
}

}  // namespace abt
