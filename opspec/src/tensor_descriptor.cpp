#include "opspec/tensor_descriptor.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

namespace abt {

std::optional<std::string> descriptor_block_problem(const std::vector<long long>& block) {
  if (block.empty() || block.size() > kMaxDescriptorRank)
    return fmt::format("a tile has 1 to {} dimensions, not {}", kMaxDescriptorRank, block.size());
  for (size_t d = 0; d < block.size(); ++d) {
    const long long extent = block[d];
    if (extent < 1 || extent > kMaxDescriptorBlock || (extent & (extent - 1)) != 0)
      return fmt::format("block extent {} (dimension {}) is not a power of two from 1 to {}", extent, d, kMaxDescriptorBlock);
  }
  return std::nullopt;
}

std::string descriptor_signature(DType dtype, const std::vector<long long>& block) {
  return fmt::format("tensordesc<{}[{}]>", dtype_name(dtype), fmt::join(block, ", "));
}

std::vector<long long> descriptor_block(const TensorDescriptorSpec& descriptor, const Symbols& config) {
  std::vector<long long> block;
  for (const Expr& extent : descriptor.block) block.push_back(extent.eval_int(config));
  if (auto problem = descriptor_block_problem(block)) throw std::invalid_argument(*problem);
  return block;
}

}  // namespace abt
