#include "util/environment.h"
#include "launch/gpu_list.h"

#include <cstdlib>
#include <sstream>

#ifdef ABTOOL_WITH_CUDA
#include "launch/cuda_driver.h"
#endif

namespace abt {
namespace {

std::vector<GpuIdentity> stand_in_gpus(const std::string& models) {
  std::vector<GpuIdentity> gpus;
  std::istringstream list(models);
  for (std::string model; std::getline(list, model, ';');) {
    const int index = int(gpus.size());
    gpus.push_back({index, model, "GPU-test-" + std::to_string(index)});
  }
  return gpus;
}

}  // namespace

std::vector<GpuIdentity> visible_gpus(std::string* why_none) {
  if (const std::string& models = environment().test_gpus; !models.empty()) return stand_in_gpus(models);
#ifdef ABTOOL_WITH_CUDA
  const CudaDriver* driver = CudaDriver::get();
  if (!driver) {
    if (why_none) *why_none = CudaDriver::unavailable_reason();
    return {};
  }
  std::vector<GpuIdentity> gpus;
  try {
    int count = 0;
    driver->check(driver->device_count(&count), "cuDeviceGetCount");
    for (int index = 0; index < count; ++index) {
      CUdevice device = 0;
      driver->check(driver->device_get(&device, index), "cuDeviceGet");
      char name[256] = {};
      driver->check(driver->device_name(name, sizeof(name), device), "cuDeviceGetName");
      gpus.push_back({index, name, uuid_text(*driver, device)});
    }
  } catch (const std::exception& error) {
    if (why_none) *why_none = error.what();
    return {};
  }
  if (gpus.empty() && why_none) *why_none = "the CUDA driver reports no device";
  return gpus;
#else
  if (why_none) *why_none = "this abtool was built without CUDA";
  return {};
#endif
}

}  // namespace abt
