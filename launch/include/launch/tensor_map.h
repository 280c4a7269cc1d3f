// A host tensor descriptor argument (opspec/tensor_descriptor.h) as Triton's launcher passes it
// (make_tensordesc_arg in triton/backends/nvidia/driver.py): where the compiler lowered it to TMA,
// a CUtensorMap of the buffer, then its shape (i32) and strides (i64); elsewhere its base pointer,
// shape and strides (i64), a NaN-padding flag (i1), then its shape (i32) and strides (i64) again.
// Pure arithmetic, no driver: the device target encodes the map (cuTensorMapEncodeTiled).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/binary_manifest.h"
#include "opspec/dtype.h"
#include "opspec/tensor_descriptor.h"

namespace abt {

// One descriptor argument of a point: its buffer, as the op spec and the point size it.
struct DescriptorCall {
  size_t arg = 0;  // the buffer: an index into Workspace::args()
  std::string name;
  DType dtype = DType::fp32;
  std::vector<long long> shape;  // elements, outermost dimension first; the buffer is row-major
  std::vector<long long> block;
  DescriptorPadding padding = DescriptorPadding::zero;
  std::optional<TensorMapMeta> tensor_map;  // the compiler's TMA layout; nullopt: passed decomposed
};

// cuTensorMapEncodeTiled's arguments but the address, innermost dimension first (CUDA's order).
struct TensorMapEncoding {
  static constexpr int kFillNone = 0, kFillNanRequestZeroFma = 1;  // CUtensorMapFloatOOBfill
  int data_type = 0;                       // CUtensorMapDataType
  uint32_t rank = 0;
  std::array<uint64_t, kMaxDescriptorRank> dims{};
  std::array<uint64_t, kMaxDescriptorRank> byte_strides{};  // rank - 1 of them are read
  std::array<uint32_t, kMaxDescriptorRank> box{};
  std::array<uint32_t, kMaxDescriptorRank> element_strides{};
  int swizzle = 0;                         // CUtensorMapSwizzle
  int fill = kFillNone;
};

// A kernel parameter that is a plain number: its value and its width in bytes (1, 4 or 8).
struct NumberParam {
  long long value = 0;
  unsigned bytes = 8;
  bool operator==(const NumberParam&) const = default;
};

// Everything a descriptor passes after its first parameter (the map, or the base pointer).
struct DescriptorParams {
  std::optional<TensorMapEncoding> tensor_map;  // TMA: the map is the first parameter
  std::vector<NumberParam> after;
};

// Throws PointError naming the argument when TMA cannot address the buffer (a row that is not a
// multiple of 16 bytes, an extent past TMA's range) or the compiler's layout does not fit the op.
DescriptorParams descriptor_params(const DescriptorCall& call);

}  // namespace abt
