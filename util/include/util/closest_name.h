// "did you mean": the known name a typo most likely meant.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace abt {

// The known name fewest edits (insert, delete, replace a character) away, if that is a typo's
// distance (at most max(2, size/3)) and not another name; the first of equals.
std::optional<std::string> closest_name(const std::string& name, const std::vector<std::string>& known);

}  // namespace abt
