#include "verify/compare_outputs.h"

#include <fmt/format.h>

#include <cstring>

#include "launch/half_bits.h"

namespace abt {
namespace {

// Element 0 of a copy, as the float value it encodes.
double first_value(const OutputCopy& copy) {
  auto read = [&](auto typed) {
    std::memcpy(&typed, copy.bytes.data(), sizeof typed);
    return typed;
  };
  switch (copy.dtype) {
    case DType::fp32: return read(float{});
    case DType::fp64: return read(double{});
    case DType::i32: return double(read(int32_t{}));
    case DType::i64: return double(read(int64_t{}));
    case DType::i8: return read(int8_t{});
    case DType::u8:
    case DType::u1: return read(uint8_t{});
    case DType::i16: return read(int16_t{});
    case DType::fp16: return half_to_float(read(uint16_t{}));
    case DType::bf16: return bf16_to_float(read(uint16_t{}));
  }
  return 0;
}

}  // namespace

VerifyOutcome outcome_of(const OutputsCompared& compared) {
  VerifyOutcome outcome;
  outcome.max_abs = compared.max_abs;
  outcome.max_rel = compared.max_rel;
  outcome.mismatches = compared.mismatches;
  if (compared.mismatches > 0) {
    outcome.status = VerifyOutcome::Status::failed;
    outcome.first_mismatch = fmt::format("args.{}[{}]: got {}, expected {}", compared.first_got.spec->name, compared.first_index,
                                         first_value(compared.first_got), first_value(compared.first_want));
  }
  return outcome;
}

VerifyOutcome compare_outputs(const OutputSnapshot& candidate, const OutputSnapshot& reference,
                              const Tolerance& tolerance) {
  if (tolerance.mode == Tolerance::Mode::skip) {
    VerifyOutcome outcome;
    outcome.status = VerifyOutcome::Status::skipped;
    outcome.skip_reason = tolerance.skip_reason;
    return outcome;
  }
  return outcome_of(compare_output_views(views_of(candidate), views_of(reference), tolerance));
}

}  // namespace abt
