// The on-device output check (launch/device_target.h, device_check_source) against the host's
// verification gate (verify/compare_outputs.h) on the same outputs: the same maximum errors (bit
// for bit), mismatch count and first-mismatch text, for every float dtype, in close and exact mode,
// with NaN, infinities, zeros, and errors inside and outside the tolerance. And the device's digest
// of outputs against the host's (util/piece_digest.h) at sizes around a piece's.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "compilers/compiler.h"
#include "on_device.h"
#include "launch/device_target.h"
#include "launch/half_bits.h"
#include "launch/point_workspace.h"
#include "util/files.h"
#include "util/piece_digest.h"
#include "verify/compare_outputs.h"

namespace abt {
namespace fs = std::filesystem;
namespace {

// `values` as `dtype`'s bytes.
std::vector<std::byte> encode(const std::vector<double>& values, DType dtype) {
  std::vector<std::byte> bytes(values.size() * dtype_size(dtype));
  for (size_t i = 0; i < values.size(); ++i) {
    std::byte* at = bytes.data() + i * dtype_size(dtype);
    if (dtype == DType::fp32) {
      const float value = float(values[i]);
      std::memcpy(at, &value, 4);
    } else if (dtype == DType::fp64) {
      std::memcpy(at, &values[i], 8);
    } else {
      const uint16_t bits = dtype == DType::fp16 ? float_to_half(float(values[i])) : float_to_bf16(float(values[i]));
      std::memcpy(at, &bits, 2);
    }
  }
  return bytes;
}

}  // namespace

class DeviceCheck : public OnDevice {
 protected:
  void SetUp() override {
    OnDevice::SetUp();
    if (unavailable()) return;
    const std::string fill = reference_binary(device_fill_source(), "abt_fill_fp32");
    const std::string check = reference_binary(device_check_source(), kDeviceCheckKernel);
    if (HasFailure()) return;
    target_ = std::make_unique<DeviceTarget>(0, fill, check);
    op_ = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "saxpy");
  }

  // The host's and the device's verdicts on `got` against `want` (saxpy's output `out`).
  void expect_same_verdict(DType dtype, const std::vector<double>& want, const std::vector<double>& got,
                           const Tolerance& tolerance, const std::string& label) {
    SCOPED_TRACE(label + " " + dtype_name(dtype));
    Point point{"saxpy", {(long long)want.size()}, dtype};
    auto workspace = target_->make_workspace(op_, point, 5);
    const CUdeviceptr out = *static_cast<const CUdeviceptr*>(workspace->args()[4]);
    const CudaDriver& driver = target_->context().driver();
    const std::vector<std::byte> want_bytes = encode(want, dtype), got_bytes = encode(got, dtype);
    driver.check(driver.copy_to_device(out, want_bytes.data(), want_bytes.size()), "writing the reference");
    workspace->keep_outputs(OutputsAt::reference);
    const OutputSnapshot reference = workspace->read_outputs();
    driver.check(driver.copy_to_device(out, got_bytes.data(), got_bytes.size()), "writing the candidate");
    const OutputSnapshot candidate = workspace->read_outputs();
    const VerifyOutcome host = compare_outputs(candidate, reference, tolerance);
    const OutputsCompared on_device = workspace->compare_outputs(OutputsAt::current, OutputsAt::reference, tolerance);
    const VerifyOutcome device = outcome_of(on_device);
    const double host_scale = compare_output_views(views_of(candidate), views_of(reference), tolerance).want_max_abs;
    EXPECT_EQ(std::memcmp(&on_device.want_max_abs, &host_scale, sizeof(double)), 0) << on_device.want_max_abs << " vs " << host_scale;
    EXPECT_EQ(device.status, host.status);
    EXPECT_EQ(device.mismatches, host.mismatches);
    EXPECT_EQ(device.first_mismatch, host.first_mismatch);
    EXPECT_EQ(std::memcmp(&device.max_abs, &host.max_abs, sizeof(double)), 0) << device.max_abs << " vs " << host.max_abs;
    EXPECT_EQ(std::memcmp(&device.max_rel, &host.max_rel, sizeof(double)), 0) << device.max_rel << " vs " << host.max_rel;
  }

  std::unique_ptr<DeviceTarget> target_;
  OpSpec op_;
};

TEST_F(DeviceCheck, TheDeviceJudgesOutputsExactlyAsTheHostGate) {
  const size_t n = 200003;  // more than one wave of blocks, not a multiple of anything
  std::vector<double> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = std::sin(double(i) * 0.37) * (1 + double(i % 97));
  want[10] = 0;  // a zero reference: no relative error from it
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  want[20] = nan;
  want[30] = inf;
  for (DType dtype : {DType::fp32, DType::fp64, DType::fp16, DType::bf16}) {
    Tolerance close{Tolerance::Mode::close, 1e-2, 1e-3, ""}, exact{Tolerance::Mode::exact, 0, 0, ""};
    std::vector<double> same = want;
    expect_same_verdict(dtype, want, same, close, "identical");
    expect_same_verdict(dtype, want, same, exact, "identical, exact");

    std::vector<double> near = want;  // every element a little off: inside the tolerance for most
    for (size_t i = 0; i < n; ++i)
      if (std::isfinite(want[i])) near[i] = want[i] * (1 + 1e-3 * std::cos(double(i))) + 1e-4;
    near[10] = 5e-4;
    expect_same_verdict(dtype, want, near, close, "near");
    expect_same_verdict(dtype, want, near, exact, "near, exact");

    std::vector<double> broken = near;  // and some far off, NaN and infinite where the reference is not
    broken[77777] = want[77777] + 50;
    broken[123456] = nan;
    broken[199999] = -inf;
    broken[20] = 1.0;  // the reference's NaN matched by a number
    broken[30] = inf;  // the reference's infinity matched
    expect_same_verdict(dtype, want, broken, close, "broken");
  }
}

TEST_F(DeviceCheck, TheDeviceDigestsOutputsAndInputsAsTheHost) {
  const CudaDriver& driver = target_->context().driver();
  const size_t piece = kDigestPieceBytes / 4;  // fp32 elements in a piece
  for (size_t n : {size_t(1), size_t(15), size_t(16), size_t(17), piece - 1, piece, piece + 1, 3 * piece + 7, size_t(5000011)}) {
    SCOPED_TRACE(n);
    Point point{"saxpy", {(long long)n}, DType::fp32};
    auto workspace = target_->make_workspace(op_, point, 9);
    PointWorkspace host(op_, point, 9);
    EXPECT_EQ(workspace->input_digest(), host.input_digest()) << "the generated inputs, digested on each side";
    std::vector<float> values(n);
    for (size_t i = 0; i < n; ++i) values[i] = float(std::cos(double(i) * 0.01));
    const CUdeviceptr out = *static_cast<const CUdeviceptr*>(workspace->args()[4]);
    driver.check(driver.copy_to_device(out, values.data(), 4 * n), "writing an output");
    PieceDigest expected;
    expected.add(values.data(), 4 * n);
    EXPECT_EQ(workspace->output_digest(), expected.text());
  }
}

TEST_F(DeviceCheck, KeptOutputsCompareBitForBitOnTheDevice) {
  Point point{"saxpy", {4097}, DType::fp32};
  auto workspace = target_->make_workspace(op_, point, 2);
  const CUdeviceptr out = *static_cast<const CUdeviceptr*>(workspace->args()[4]);
  const CudaDriver& driver = target_->context().driver();
  std::vector<float> values(4097, 0.5f);
  driver.check(driver.copy_to_device(out, values.data(), 4 * values.size()), "writing an output");
  workspace->keep_outputs(OutputsAt::other_side);
  values[4000] = std::nextafter(0.5f, 1.0f);
  driver.check(driver.copy_to_device(out, values.data(), 4 * values.size()), "writing an output");
  const OutputsCompared bits = workspace->compare_outputs(OutputsAt::other_side, OutputsAt::current, {Tolerance::Mode::exact, 0, 0, ""});
  EXPECT_EQ(bits.mismatches, 1u);
  EXPECT_EQ(bits.first_index, 4000u);
  EXPECT_GT(bits.max_abs, 0);
}

}  // namespace abt
