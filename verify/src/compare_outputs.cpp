#include "verify/compare_outputs.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "launch/half_bits.h"

namespace abt {
namespace {

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
      if (outcome.mismatches++ == 0)
        outcome.first_mismatch = fmt::format("args.{}[{}]: got {}, expected {}", got.spec->name, i, x, y);
    }
  }
}

}  // namespace

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
      case DType::fp16: compare_typed<Half>(got, want, tolerance, outcome); break;
      case DType::bf16: compare_typed<BFloat16>(got, want, tolerance, outcome); break;
    }
  }
  if (outcome.mismatches > 0) outcome.status = VerifyOutcome::Status::failed;
  return outcome;
}

}  // namespace abt
