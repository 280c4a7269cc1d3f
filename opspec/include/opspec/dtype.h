// Element types of buffers and scalars.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace abt {

// i8, u8, i16 and u1 (bool, one byte: Triton names it u1) come from captured Python workloads (masks, indices); abtool's
// generators cover the first six, a captured op's integer inputs are always stored bytes.
enum class DType { fp32, fp64, fp16, bf16, i32, i64, i8, u8, i16, u1 };
inline constexpr DType kAllDTypes[] = {DType::fp32, DType::fp64, DType::fp16, DType::bf16, DType::i32,
                                       DType::i64,  DType::i8,   DType::u8,   DType::i16,  DType::u1};

std::optional<DType> parse_dtype(std::string_view name);
std::string dtype_name(DType type);
size_t dtype_size(DType type);
bool dtype_is_float(DType type);
// The C/C++ spelling used by host kernels; nullopt where host code has no portable type (fp16, bf16).
std::optional<std::string> dtype_host_ctype(DType type);

}  // namespace abt
