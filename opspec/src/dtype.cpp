#include "opspec/dtype.h"

namespace abt {

std::optional<DType> parse_dtype(std::string_view name) {
  if (name == "fp32" || name == "float32") return DType::fp32;
  if (name == "fp64" || name == "float64") return DType::fp64;
  if (name == "fp16" || name == "float16") return DType::fp16;
  if (name == "bf16" || name == "bfloat16") return DType::bf16;
  if (name == "i32" || name == "int32") return DType::i32;
  if (name == "i64" || name == "int64") return DType::i64;
  if (name == "i8" || name == "int8") return DType::i8;
  if (name == "u8" || name == "uint8") return DType::u8;
  if (name == "i16" || name == "int16") return DType::i16;
  if (name == "u1" || name == "i1" || name == "bool") return DType::u1;
  return std::nullopt;
}

std::string dtype_name(DType type) {
  switch (type) {
    case DType::fp32: return "fp32";
    case DType::fp64: return "fp64";
    case DType::fp16: return "fp16";
    case DType::bf16: return "bf16";
    case DType::i32: return "i32";
    case DType::i64: return "i64";
    case DType::i8: return "i8";
    case DType::u8: return "u8";
    case DType::i16: return "i16";
    case DType::u1: return "u1";
  }
  return "?";
}

size_t dtype_size(DType type) {
  switch (type) {
    case DType::i8:
    case DType::u8:
    case DType::u1: return 1;
    case DType::i16:
    case DType::fp16:
    case DType::bf16: return 2;
    case DType::fp32:
    case DType::i32: return 4;
    case DType::fp64:
    case DType::i64: return 8;
  }
  return 0;
}

bool dtype_is_float(DType type) {
  return type == DType::fp32 || type == DType::fp64 || type == DType::fp16 || type == DType::bf16;
}

std::optional<std::string> dtype_host_ctype(DType type) {
  switch (type) {
    case DType::fp32: return "float";
    case DType::fp64: return "double";
    case DType::i32: return "int32_t";
    case DType::i64: return "int64_t";
    case DType::i8: return "int8_t";
    case DType::u8: return "uint8_t";
    case DType::i16: return "int16_t";
    case DType::u1: return "bool";
    default: return std::nullopt;
  }
}

}  // namespace abt
