// Element types of buffers and scalars.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace abt {

enum class DType { fp32, fp64, fp16, bf16, i32, i64 };

std::optional<DType> parse_dtype(std::string_view name);
std::string dtype_name(DType type);
size_t dtype_size(DType type);
bool dtype_is_float(DType type);
// The C/C++ spelling used by host kernels; nullopt where host code has no portable type (fp16, bf16).
std::optional<std::string> dtype_host_ctype(DType type);

}  // namespace abt
