// The arguments file that carries a point's argument blocks to abtool-count-host (one owner of
// the format, both directions): a line "abtool-count-args 1", a line with the block count, a
// line per block with its size in bytes, then the blocks' bytes back to back. A tensor's block
// is its buffer, a scalar's the value as the kernel receives it, in argument order.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace abt {

std::string encode_count_args(const std::vector<std::string_view>& blocks);
// Throws std::runtime_error naming what is wrong.
std::vector<std::string> decode_count_args(std::string_view text);

}  // namespace abt
