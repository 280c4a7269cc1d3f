// The verification gate's rule on host copies. device_check_source() is the same rule on a
// device; test_gpu holds the two to the same figures.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "launch/half_bits.h"
#include "launch/workspace.h"
#include "util/parallel.h"

namespace abt {
namespace {

struct Half { uint16_t bits; };
struct BFloat16 { uint16_t bits; };
template <typename T>
double value_of(T raw) { return double(raw); }
template <>
double value_of(Half raw) { return half_to_float(raw.bits); }
template <>
double value_of(BFloat16 raw) { return bf16_to_float(raw.bits); }

// The figures of elements [begin, end) of one output.
struct Partial {
  double max_abs = 0, max_rel = 0, want_max_abs = 0;
  uint64_t mismatches = 0, first = std::numeric_limits<uint64_t>::max();
};

template <typename T>
Partial compare_range(const OutputView& got, const OutputView& want, const Tolerance& tolerance, size_t begin, size_t end) {
  const T* a = reinterpret_cast<const T*>(got.data);
  const T* b = reinterpret_cast<const T*>(want.data);
  const bool exact = tolerance.mode == Tolerance::Mode::exact;
  Partial partial;
  for (size_t i = begin; i < end; ++i) {
    const double x = value_of(a[i]), y = value_of(b[i]);
    bool ok;
    double abs_error;
    if (std::isnan(x) || std::isnan(y)) {
      ok = std::isnan(x) && std::isnan(y);
      abs_error = ok ? 0 : INFINITY;
    } else if (std::isinf(x) || std::isinf(y)) {
      ok = x == y;
      abs_error = ok ? 0 : INFINITY;
    } else {
      partial.want_max_abs = std::max(partial.want_max_abs, std::fabs(y));
      abs_error = std::fabs(x - y);
      ok = exact ? std::memcmp(&a[i], &b[i], sizeof(T)) == 0 : abs_error <= tolerance.atol + tolerance.rtol * std::fabs(y);
    }
    partial.max_abs = std::max(partial.max_abs, abs_error);
    if (!std::isfinite(abs_error)) partial.max_rel = INFINITY;
    else if (y != 0) partial.max_rel = std::max(partial.max_rel, abs_error / std::fabs(y));
    if (!ok && partial.mismatches++ == 0) partial.first = i;
  }
  return partial;
}

Partial compare_range(const OutputView& got, const OutputView& want, const Tolerance& tolerance, size_t begin, size_t end) {
  switch (got.dtype) {
    case DType::fp32: return compare_range<float>(got, want, tolerance, begin, end);
    case DType::fp64: return compare_range<double>(got, want, tolerance, begin, end);
    case DType::i32: return compare_range<int32_t>(got, want, tolerance, begin, end);
    case DType::i64: return compare_range<int64_t>(got, want, tolerance, begin, end);
    case DType::i8: return compare_range<int8_t>(got, want, tolerance, begin, end);
    case DType::u8:
    case DType::u1: return compare_range<uint8_t>(got, want, tolerance, begin, end);
    case DType::i16: return compare_range<int16_t>(got, want, tolerance, begin, end);
    case DType::fp16: return compare_range<Half>(got, want, tolerance, begin, end);
    case DType::bf16: return compare_range<BFloat16>(got, want, tolerance, begin, end);
  }
  return {};
}

OutputCopy element_of(const OutputView& view, uint64_t index) {
  const size_t size = dtype_size(view.dtype);
  OutputCopy element{view.spec, view.dtype, 1, std::vector<std::byte>(size)};
  std::memcpy(element.bytes.data(), view.data + index * size, size);
  return element;
}

}  // namespace

std::vector<OutputView> views_of(const OutputSnapshot& outputs) {
  std::vector<OutputView> views;
  for (const OutputCopy& copy : outputs) views.push_back({copy.spec, copy.dtype, copy.count, copy.bytes.data()});
  return views;
}

OutputsCompared compare_output_views(const std::vector<OutputView>& got, const std::vector<OutputView>& want,
                                     const Tolerance& tolerance) {
  OutputsCompared compared;
  constexpr size_t kElementsPerTask = size_t(1) << 20;
  for (size_t output = 0; output < got.size(); ++output) {
    const OutputView& a = got[output];
    const OutputView& b = want.at(output);
    if (a.count != b.count || a.dtype != b.dtype)
      throw std::logic_error("compare_output_views: args." + a.spec->name + " differs in size from the copy it is compared with");
    std::vector<Partial> partials((a.count + kElementsPerTask - 1) / kElementsPerTask);
    for_each_index(partials.size(), [&](size_t task) {
      partials[task] = compare_range(a, b, tolerance, task * kElementsPerTask, std::min(a.count, (task + 1) * kElementsPerTask));
    });
    Partial whole;
    for (const Partial& partial : partials) {  // in order: the first mismatch is the lowest index
      whole.max_abs = std::max(whole.max_abs, partial.max_abs);
      whole.max_rel = std::max(whole.max_rel, partial.max_rel);
      whole.want_max_abs = std::max(whole.want_max_abs, partial.want_max_abs);
      if (partial.mismatches && !whole.mismatches) whole.first = partial.first;
      whole.mismatches += partial.mismatches;
    }
    compared.max_abs = std::max(compared.max_abs, whole.max_abs);
    compared.max_rel = std::max(compared.max_rel, whole.max_rel);
    compared.want_max_abs = std::max(compared.want_max_abs, whole.want_max_abs);
    if (whole.mismatches && !compared.mismatches) {  // the first output that differs, in argument order
      compared.first_index = whole.first;
      compared.first_got = element_of(a, whole.first);
      compared.first_want = element_of(b, whole.first);
    }
    compared.mismatches += whole.mismatches;
  }
  return compared;
}

}  // namespace abt
