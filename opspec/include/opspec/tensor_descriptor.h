// A Triton host tensor descriptor (triton.tools.tensor_descriptor.TensorDescriptor) over a buffer
// argument: an op.yaml `descriptor: {block: [BLOCK_M, BLOCK_K], padding: zero}`. The kernel sees
// the buffer (its shape, row-major) in tiles of `block`, loaded and stored through TMA; Triton's
// launcher passes a CUtensorMap for it, then the shape and strides (launch/tensor_map.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "opspec/dtype.h"
#include "opspec/expr.h"

namespace abt {

// What an out-of-bounds element of a tile reads as: zero, or NaN (floating-point buffers only).
enum class DescriptorPadding { zero, nan };

struct TensorDescriptorSpec {
  std::vector<Expr> block;  // one extent per dimension of the buffer: numbers and tune parameters
  DescriptorPadding padding = DescriptorPadding::zero;
};

// TMA's limits on a tile (cuTensorMapEncodeTiled's boxDim; Triton's validate_block_shape): at most
// five dimensions, each a power of two from 1 to 256.
inline constexpr long long kMaxDescriptorBlock = 256;
inline constexpr size_t kMaxDescriptorRank = 5;

// Why a tile of these extents is not one TMA can move (nullopt: it is).
std::optional<std::string> descriptor_block_problem(const std::vector<long long>& block);

// The type Triton's JIT gives such an argument: "tensordesc<bf16[64, 32]>".
std::string descriptor_signature(DType dtype, const std::vector<long long>& block);

// The block a config gives; throws std::invalid_argument naming the extent that is not a TMA tile.
std::vector<long long> descriptor_block(const TensorDescriptorSpec& descriptor, const Symbols& config);

}  // namespace abt
