#include "util/closest_name.h"

#include <algorithm>

namespace abt {
namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::optional<std::string> closest_name(const std::string& name, const std::vector<std::string>& known) {
  std::optional<std::string> suggestion;
  size_t closest = std::max<size_t>(2, name.size() / 3) + 1;
  for (const auto& candidate : known)
    if (size_t distance = edit_distance(name, candidate); distance < closest) {
      closest = distance;
      suggestion = candidate;
    }
  return suggestion;
}

}  // namespace abt
