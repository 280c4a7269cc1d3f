#include "verify/compare_outputs.h"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

namespace abt {
namespace {

template <typename T>
void compare_typed(const ArgBuffer& got, const std::vector<std::byte>& want, const Tolerance& tolerance,
                   VerifyOutcome& outcome) {
  const T* a = reinterpret_cast<const T*>(got.data.data());
  const T* b = reinterpret_cast<const T*>(want.data());
  for (size_t i = 0; i < got.count; ++i) {
    double x = double(a[i]);
    double y = double(b[i]);
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

std::string VerifyOutcome::status_text() const {
  switch (status) {
    case Status::passed: return "passed";
    case Status::failed: return "failed";
    case Status::skipped: return "skipped";
  }
  return "?";
}

ReferenceOutputs snapshot_outputs(const PointWorkspace& workspace) {
  ReferenceOutputs snapshot;
  for (const ArgBuffer* buffer : workspace.outputs())
    snapshot.buffers.emplace_back(buffer->data.begin(), buffer->data.begin() + buffer->bytes());
  return snapshot;
}

VerifyOutcome compare_outputs(const PointWorkspace& candidate, const ReferenceOutputs& reference,
                              const Tolerance& tolerance) {
  VerifyOutcome outcome;
  if (tolerance.mode == Tolerance::Mode::skip) {
    outcome.status = VerifyOutcome::Status::skipped;
    outcome.skip_reason = tolerance.skip_reason;
    return outcome;
  }
  auto outputs = candidate.outputs();
  for (size_t i = 0; i < outputs.size(); ++i) {
    const ArgBuffer& got = *outputs[i];
    const std::vector<std::byte>& want = reference.buffers.at(i);
    switch (got.dtype) {
      case DType::fp32: compare_typed<float>(got, want, tolerance, outcome); break;
      case DType::fp64: compare_typed<double>(got, want, tolerance, outcome); break;
      case DType::i32: compare_typed<int32_t>(got, want, tolerance, outcome); break;
      case DType::i64: compare_typed<int64_t>(got, want, tolerance, outcome); break;
      default: break;
    }
  }
  if (outcome.mismatches > 0) outcome.status = VerifyOutcome::Status::failed;
  return outcome;
}

}  // namespace abt
