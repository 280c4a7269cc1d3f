// What the device tests start from: device 0 (the test is skipped, with the reason, where there is
// none), a work folder, and the CUDA reference compiler for the device's architecture.
#pragma once
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>

#include "compilers/compiler.h"
#include "launch/cuda_driver.h"
#include "launch/device_target.h"
#include "util/files.h"

namespace abt {

class OnDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!CudaDriver::get()) GTEST_SKIP() << "GPU test skipped: " << CudaDriver::unavailable_reason();
    std::string why;
    device_ = probe_device(0, &why);
    ASSERT_TRUE(device_) << why;
    reference_ = make_reference_compiler(Language::cuda, device_->arch);
  }
  // Skipped or failed in OnDevice::SetUp: a derived SetUp goes no further.
  bool unavailable() const { return IsSkipped() || HasFatalFailure(); }

  // `source`'s `kernel` built by the reference compiler: the binary's bytes.
  std::string reference_binary(const std::string& source, const std::string& kernel) {
    const std::filesystem::path file = work_.path() / (kernel + ".cu");
    write_file_atomically(file, source);
    CompiledVariant built = reference_->compile({file, kernel, nullptr, {}, DType::fp32, work_.path(), {}});
    EXPECT_TRUE(built.ok) << built.log;
    return built.ok ? read_text_file(built.binary) : std::string();
  }

  TempDir work_{"abtool-gpu-"};
  std::optional<DeviceInfo> device_;
  std::unique_ptr<CompilerBackend> reference_;
};

}  // namespace abt
