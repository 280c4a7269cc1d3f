#include "launch/tensor_map.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/errors.h"

namespace abt {
namespace {

constexpr long long kMaxTmaExtent = 1LL << 32;    // cuTensorMapEncodeTiled: globalDim <= 2^32
constexpr long long kMaxTmaStride = 1LL << 40;    // globalStrides < 2^40 bytes, multiples of 16
constexpr long long kMaxI32 = 2147483647LL;       // the kernel takes the shape as i32

std::vector<long long> row_major_strides(const std::vector<long long>& shape) {
  std::vector<long long> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

TensorMapEncoding encoding(const DescriptorCall& call, const TensorMapMeta& meta, const std::vector<long long>& strides) {
  const size_t rank = call.shape.size();
  const auto fail = [&](const std::string& why) {
    throw PointError(fmt::format("tensor descriptor {}: {}", call.name, why));
  };
  // The box TMA moves is the compiler's (a 128-byte swizzle splits a wider tile's rows), not the tile.
  if (meta.block.size() != rank)
    fail(fmt::format("the compiled kernel's box [{}] does not have the buffer's {} dimensions", fmt::join(meta.block, ", "), rank));
  for (long long extent : meta.block)
    if (extent < 1 || extent > kMaxDescriptorBlock) fail(fmt::format("a box extent of {} is outside TMA's 1 to 256", extent));
  if (meta.element_bytes != int(dtype_size(call.dtype)))
    fail(fmt::format("the compiled kernel's elements are {} bytes, the buffer's {} ({})", meta.element_bytes,
                     dtype_size(call.dtype), dtype_name(call.dtype)));
  TensorMapEncoding map;
  map.data_type = meta.data_type;
  map.rank = uint32_t(rank);
  map.swizzle = meta.swizzle;
  map.fill = call.padding == DescriptorPadding::nan ? TensorMapEncoding::kFillNanRequestZeroFma : TensorMapEncoding::kFillNone;
  for (size_t d = 0; d < rank; ++d) {  // CUDA counts dimensions from the innermost
    const size_t from = rank - 1 - d;
    if (call.shape[from] > kMaxTmaExtent) fail(fmt::format("extent {} is past TMA's 2^32", call.shape[from]));
    map.dims[d] = uint64_t(call.shape[from]);
    map.box[d] = uint32_t(meta.block[from]);
    map.element_strides[d] = 1;
  }
  for (size_t d = 0; d + 1 < rank; ++d) {
    const long long bytes = strides[rank - 2 - d] * meta.element_bytes;
    if (bytes % 16 != 0 || bytes >= kMaxTmaStride)
      fail(fmt::format("a stride of {} bytes (dimension {}) is not a multiple of 16 below 2^40, as TMA needs", bytes, rank - 2 - d));
    map.byte_strides[d] = uint64_t(bytes);
  }
  return map;
}

}  // namespace

DescriptorParams descriptor_params(const DescriptorCall& call) {
  if (call.shape.size() != call.block.size() || call.shape.empty() || call.shape.size() > kMaxDescriptorRank)
    throw PointError(fmt::format("tensor descriptor {}: a {}-dimensional tile over a {}-dimensional buffer", call.name,
                                 call.block.size(), call.shape.size()));
  if (auto problem = descriptor_block_problem(call.block)) throw PointError("tensor descriptor " + call.name + ": " + *problem);
  for (long long extent : call.shape)
    if (extent < 1 || extent > kMaxI32)
      throw PointError(fmt::format("tensor descriptor {}: extent {} does not fit the kernel's i32 shape", call.name, extent));
  const std::vector<long long> strides = row_major_strides(call.shape);
  DescriptorParams params;
  if (call.tensor_map) {
    params.tensor_map = encoding(call, *call.tensor_map, strides);
  } else {
    for (long long extent : call.shape) params.after.push_back({extent, 8});
    for (long long stride : strides) params.after.push_back({stride, 8});
    params.after.push_back({call.padding == DescriptorPadding::nan ? 1 : 0, 1});
  }
  for (long long extent : call.shape) params.after.push_back({extent, 4});
  for (long long stride : strides) params.after.push_back({stride, 8});
  return params;
}

}  // namespace abt
