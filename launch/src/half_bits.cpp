#include "launch/half_bits.h"

#include <cmath>
#include <cstring>

namespace abt {

float half_to_float(uint16_t bits) {
  const uint32_t sign = uint32_t(bits & 0x8000) << 16;
  const int exponent = (bits >> 10) & 0x1f;
  const uint32_t mantissa = bits & 0x3ff;
  float magnitude;
  if (exponent == 0) magnitude = std::ldexp(float(mantissa), -24);
  else if (exponent == 31) magnitude = mantissa ? NAN : INFINITY;
  else magnitude = std::ldexp(float(mantissa | 0x400), exponent - 25);
  uint32_t word;
  std::memcpy(&word, &magnitude, 4);
  word |= sign;
  std::memcpy(&magnitude, &word, 4);
  return magnitude;
}

float bf16_to_float(uint16_t bits) {
  uint32_t word = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}

uint16_t float_to_bf16(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  if (std::isnan(value)) return uint16_t((word >> 16) | 0x40);
  word += 0x7fff + ((word >> 16) & 1);
  return uint16_t(word >> 16);
}

uint16_t float_to_half(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  const uint16_t sign = uint16_t((word >> 16) & 0x8000);
  if (std::isnan(value)) return sign | 0x7e00;
  float magnitude = std::fabs(value);
  if (magnitude >= 65520.0f) return sign | 0x7c00;  // rounds to infinity
  if (magnitude < 0x1p-14f) {                       // subnormal: multiples of 2^-24
    return sign | uint16_t(std::nearbyint(magnitude * 0x1p24f));
  }
  int exponent;
  float fraction = std::frexp(magnitude, &exponent);  // magnitude = fraction * 2^exponent, fraction in [0.5, 1)
  uint32_t mantissa = uint32_t(std::nearbyint(std::ldexp(fraction, 11)));  // 11 significant bits
  if (mantissa == 0x800) {
    mantissa = 0x400;
    ++exponent;
  }
  return sign | uint16_t(((exponent + 14) << 10) | (mantissa & 0x3ff));
}

}  // namespace abt
