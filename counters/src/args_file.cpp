#include "args_file.h"

#include <charconv>
#include <stdexcept>

namespace abt {
namespace {

constexpr std::string_view kHeader = "abtool-count-args 1\n";

size_t read_number(std::string_view text, size_t& at, const char* what) {
  const size_t end = text.find('\n', at);
  if (end == std::string_view::npos) throw std::runtime_error(std::string("truncated before its ") + what);
  size_t value = 0;
  const auto [stop, error] = std::from_chars(text.data() + at, text.data() + end, value);
  if (error != std::errc() || stop != text.data() + end) throw std::runtime_error(std::string("its ") + what + " is not a number");
  at = end + 1;
  return value;
}

}  // namespace

std::string encode_count_args(const std::vector<std::string_view>& blocks) {
  std::string text(kHeader);
  text += std::to_string(blocks.size()) + "\n";
  for (const auto& block : blocks) text += std::to_string(block.size()) + "\n";
  for (const auto& block : blocks) text += block;
  return text;
}

std::vector<std::string> decode_count_args(std::string_view text) {
  if (text.substr(0, kHeader.size()) != kHeader) throw std::runtime_error("not an arguments file of this abtool");
  size_t at = kHeader.size();
  const size_t count = read_number(text, at, "block count");
  if (count > 4096) throw std::runtime_error("more blocks than an op has arguments");
  std::vector<size_t> sizes;
  for (size_t i = 0; i < count; ++i) sizes.push_back(read_number(text, at, "block size"));
  std::vector<std::string> blocks;
  for (size_t size : sizes) {
    if (size > text.size() - at) throw std::runtime_error("shorter than its blocks");
    blocks.emplace_back(text.substr(at, size));
    at += size;
  }
  if (at != text.size()) throw std::runtime_error("longer than its blocks");
  return blocks;
}

}  // namespace abt
