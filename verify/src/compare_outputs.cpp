#include "verify/compare_outputs.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "launch/half_bits.h"

namespace abt {
namespace {

std::string mismatch_text(const std::string& name, size_t index, double got, double want) {
  return fmt::format("args.{}[{}]: got {}, expected {}", name, index, got, want);
}

template <typename T>
double value_of(T raw) {
  return double(raw);
}

struct Half { uint16_t bits; };
struct BFloat16 { uint16_t bits; };
template <>
double value_of(Half raw) { return half_to_float(raw.bits); }
template <>
double value_of(BFloat16 raw) { return bf16_to_float(raw.bits); }

template <typename T>
void compare_typed(const OutputCopy& got, const OutputCopy& want, const Tolerance& tolerance,
                   VerifyOutcome& outcome) {
  const T* a = reinterpret_cast<const T*>(got.bytes.data());
  const T* b = reinterpret_cast<const T*>(want.bytes.data());
  for (size_t i = 0; i < got.count; ++i) {
    double x = value_of(a[i]);
    double y = value_of(b[i]);
    bool ok;
    double abs_error;
    if (std::isnan(x) || std::isnan(y)) {
      ok = std::isnan(x) && std::isnan(y);
      abs_error = ok ? 0 : INFINITY;
    } else if (std::isinf(x) || std::isinf(y)) {
      ok = x == y;
      abs_error = ok ? 0 : INFINITY;
    } else {
      abs_error = std::fabs(x - y);
      ok = tolerance.mode == Tolerance::Mode::exact ? std::memcmp(&a[i], &b[i], sizeof(T)) == 0
                                                    : abs_error <= tolerance.atol + tolerance.rtol * std::fabs(y);
    }
    outcome.max_abs = std::max(outcome.max_abs, abs_error);
    if (y != 0 && std::isfinite(abs_error)) outcome.max_rel = std::max(outcome.max_rel, abs_error / std::fabs(y));
    if (!std::isfinite(abs_error)) outcome.max_rel = INFINITY;
    if (!ok) {
      if (outcome.mismatches++ == 0) outcome.first_mismatch = mismatch_text(got.spec->name, i, x, y);
    }
  }
}

// Element 0 of a copy, as the float value it encodes.
double first_value(const OutputCopy& copy) {
  switch (copy.dtype) {
    case DType::fp32: return value_of(*reinterpret_cast<const float*>(copy.bytes.data()));
    case DType::fp64: return value_of(*reinterpret_cast<const double*>(copy.bytes.data()));
    case DType::i32: return value_of(*reinterpret_cast<const int32_t*>(copy.bytes.data()));
    case DType::i64: return value_of(*reinterpret_cast<const int64_t*>(copy.bytes.data()));
    case DType::i8: return value_of(*reinterpret_cast<const int8_t*>(copy.bytes.data()));
    case DType::u8:
    case DType::u1: return value_of(*reinterpret_cast<const uint8_t*>(copy.bytes.data()));
    case DType::i16: return value_of(*reinterpret_cast<const int16_t*>(copy.bytes.data()));
    case DType::fp16: return value_of(*reinterpret_cast<const Half*>(copy.bytes.data()));
    case DType::bf16: return value_of(*reinterpret_cast<const BFloat16*>(copy.bytes.data()));
  }
  return 0;
}

}  // namespace

VerifyOutcome outcome_of(const OutputsCheckedInPlace& checked) {
  VerifyOutcome outcome;
  outcome.max_abs = checked.max_abs;
  outcome.max_rel = checked.max_rel;
  outcome.mismatches = checked.mismatches;
  if (checked.mismatches > 0) {
    outcome.status = VerifyOutcome::Status::failed;
    outcome.first_mismatch = mismatch_text(checked.first_got.spec->name, checked.first_index,
                                           first_value(checked.first_got), first_value(checked.first_want));
  }
  return outcome;
}

VerifyOutcome compare_outputs(const OutputSnapshot& candidate, const OutputSnapshot& reference,
                              const Tolerance& tolerance) {
  VerifyOutcome outcome;
  if (tolerance.mode == Tolerance::Mode::skip) {
    outcome.status = VerifyOutcome::Status::skipped;
    outcome.skip_reason = tolerance.skip_reason;
    return outcome;
  }
  for (size_t i = 0; i < candidate.size(); ++i) {
    const OutputCopy& got = candidate[i];
    const OutputCopy& want = reference.at(i);
    if (got.bytes.size() != want.bytes.size() || got.dtype != want.dtype)
      throw std::logic_error("compare_outputs: args." + got.spec->name + " differs in size from the reference");
    switch (got.dtype) {
      case DType::fp32: compare_typed<float>(got, want, tolerance, outcome); break;
      case DType::fp64: compare_typed<double>(got, want, tolerance, outcome); break;
      case DType::i32: compare_typed<int32_t>(got, want, tolerance, outcome); break;
      case DType::i64: compare_typed<int64_t>(got, want, tolerance, outcome); break;
      case DType::i8: compare_typed<int8_t>(got, want, tolerance, outcome); break;
      case DType::u8:
      case DType::u1: compare_typed<uint8_t>(got, want, tolerance, outcome); break;
      case DType::i16: compare_typed<int16_t>(got, want, tolerance, outcome); break;
      case DType::fp16: compare_typed<Half>(got, want, tolerance, outcome); break;
      case DType::bf16: compare_typed<BFloat16>(got, want, tolerance, outcome); break;
    }
  }
  if (outcome.mismatches > 0) outcome.status = VerifyOutcome::Status::failed;
  return outcome;
}

}  // namespace abt
