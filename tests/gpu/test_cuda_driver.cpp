// Device execution building blocks on a real GPU: an NVRTC-built CUBIN loaded with the driver
// API, launched, and checked. Skipped, with the reason, where there is no driver or device.
#include <gtest/gtest.h>

#include <fstream>
#include <vector>

#include "compilers/compiler.h"
#include "launch/counter_rng.h"
#include "launch/cuda_driver.h"
#include "util/files.h"

namespace abt {

class CudaDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!CudaDriver::get()) GTEST_SKIP() << "GPU test skipped: " << CudaDriver::unavailable_reason();
  }
};

TEST_F(CudaDevice, ReportsTheDevice) {
  DeviceContext context(0);
  EXPECT_FALSE(context.name().empty());
  EXPECT_EQ(context.arch().rfind("sm_", 0), 0u) << context.arch();
  EXPECT_GT(context.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), 0);
  std::cout << "device: " << context.name() << " " << context.arch() << ", "
            << context.attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT) << " SMs\n";
}

TEST_F(CudaDevice, NvrtcCubinLaunchesAndComputes) {
  DeviceContext context(0);
  TempDir dir("abtool-gpu-");
  std::ofstream(dir.path() / "scale.cu") << "extern \"C\" __global__ void scale(long long n, const ABT_DTYPE* x, ABT_DTYPE* y) {\n"
                                            "  long long i = (long long)blockIdx.x * BLOCK + threadIdx.x;\n"
                                            "  if (i < n) y[i] = 2 * x[i];\n}\n";
  auto compiler = make_compiler(parse_compiler_spec("nvrtc", "", {}), context.arch());
  CompiledVariant variant =
      compiler->compile(CompileJob{dir.path() / "scale.cu", "scale", nullptr, {{"BLOCK", "256"}}, DType::fp32, dir.path(), {}});
  ASSERT_TRUE(variant.ok) << variant.log;

  DeviceModule module(context, read_text_file(variant.binary));
  CUfunction function = module.function(variant.entry_symbol);
  long long n = (1 << 20) + 3;  // not a multiple of the block: the bounds check matters
  std::vector<float> x(n), y(n, -1.0f);
  for (long long i = 0; i < n; ++i) x[i] = float(counter_uniform(42, 0, i));
  DeviceBuffer dx(context, n * sizeof(float)), dy(context, n * sizeof(float));
  dx.upload(x.data());
  dy.upload(y.data());
  CUdeviceptr px = dx.pointer(), py = dy.pointer();
  void* params[] = {&n, &px, &py};
  const CudaDriver& driver = context.driver();
  driver.check(driver.launch(function, unsigned((n + 255) / 256), 1, 1, 256, 1, 1, 0, nullptr, params, nullptr),
               "cuLaunchKernel");
  driver.check(driver.synchronize(), "cuCtxSynchronize");
  dy.download(y.data());
  long long wrong = 0;
  for (long long i = 0; i < n; ++i) wrong += y[i] != 2 * x[i];
  EXPECT_EQ(wrong, 0);
}

TEST_F(CudaDevice, DriverErrorsCarryTheirContext) {
  DeviceContext context(0);
  try {
    DeviceModule module(context, "not a cubin");
    FAIL() << "loading garbage succeeded";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("cuModuleLoadData"), std::string::npos) << error.what();
  }
}

}  // namespace abt
