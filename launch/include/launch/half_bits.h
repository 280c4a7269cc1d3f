// fp16 and bf16 as raw 16-bit patterns on the host (host C++ has no portable type for them).
#pragma once
#include <cstdint>

namespace abt {

float half_to_float(uint16_t bits);
float bf16_to_float(uint16_t bits);
uint16_t float_to_half(float value);  // round to nearest even
uint16_t float_to_bf16(float value);  // round to nearest even

}  // namespace abt
