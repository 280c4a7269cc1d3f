// A text's lines, as IR diffs and dumps compare them.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace abt {

std::vector<std::string> split_lines(std::string_view text);  // without their "\n"; a last line without one too

}  // namespace abt
