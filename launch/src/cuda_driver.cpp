#include "launch/cuda_driver.h"

#include <fmt/format.h>

#include <memory>

#include "util/dynamic_library.h"
#include "util/errors.h"

namespace abt {
namespace {

std::string& reason_storage() {
  static std::string reason;
  return reason;
}

}  // namespace

const std::string& CudaDriver::unavailable_reason() { return reason_storage(); }

const CudaDriver* CudaDriver::get() {
  static CudaDriver* driver = [] () -> CudaDriver* {
    static std::unique_ptr<DynamicLibrary> library;  // open for the rest of the process
    static CudaDriver loaded;
    try {
      library = std::make_unique<DynamicLibrary>("libcuda.so.1");
      // Versioned names: the ones cuda.h maps its macros to in CUDA 12 and 13.
      library->resolve(loaded.init, "cuInit");
      library->resolve(loaded.driver_version, "cuDriverGetVersion");
      library->resolve(loaded.error_string, "cuGetErrorString");
      library->resolve(loaded.device_count, "cuDeviceGetCount");
      library->resolve(loaded.device_get, "cuDeviceGet");
      library->resolve(loaded.device_name, "cuDeviceGetName");
      library->resolve(loaded.device_attribute, "cuDeviceGetAttribute");
      library->resolve(loaded.primary_retain, "cuDevicePrimaryCtxRetain");
      library->resolve(loaded.primary_release, "cuDevicePrimaryCtxRelease_v2");
      library->resolve(loaded.set_current, "cuCtxSetCurrent");
      library->resolve(loaded.synchronize, "cuCtxSynchronize");
      library->resolve(loaded.module_load, "cuModuleLoadData");
      library->resolve(loaded.module_unload, "cuModuleUnload");
      library->resolve(loaded.module_function, "cuModuleGetFunction");
      library->resolve(loaded.mem_alloc, "cuMemAlloc_v2");
      library->resolve(loaded.mem_free, "cuMemFree_v2");
      library->resolve(loaded.copy_to_device, "cuMemcpyHtoD_v2");
      library->resolve(loaded.copy_to_host, "cuMemcpyDtoH_v2");
      library->resolve(loaded.launch, "cuLaunchKernel");
    } catch (const std::runtime_error& error) {
      reason_storage() = std::string("no CUDA driver: ") + error.what();
      return nullptr;
    }
    CUresult result = loaded.init(0);
    if (result != CUDA_SUCCESS) {
      const char* message = nullptr;
      loaded.error_string(result, &message);
      reason_storage() = std::string("cuInit failed: ") + (message ? message : "unknown error");
      return nullptr;
    }
    int count = 0;
    if (loaded.device_count(&count) != CUDA_SUCCESS || count == 0) {
      reason_storage() = "the CUDA driver sees no device";
      return nullptr;
    }
    return &loaded;
  }();
  return driver;
}

void CudaDriver::check(CUresult result, const std::string& what) const {
  if (result == CUDA_SUCCESS) return;
  const char* message = nullptr;
  error_string(result, &message);
  throw PointError(fmt::format("{}: {} (CUresult {})", what, message ? message : "unknown error", int(result)));
}

static const CudaDriver& require_driver() {
  const CudaDriver* driver = CudaDriver::get();
  if (!driver) throw PointError(CudaDriver::unavailable_reason());
  return *driver;
}

DeviceContext::DeviceContext(int ordinal) : driver_(require_driver()) {
  driver_.check(driver_.device_get(&device_, ordinal), fmt::format("cuDeviceGet({})", ordinal));
  driver_.check(driver_.primary_retain(&context_, device_), "cuDevicePrimaryCtxRetain");
  driver_.check(driver_.set_current(context_), "cuCtxSetCurrent");
}

DeviceContext::~DeviceContext() {
  if (context_) driver_.primary_release(device_);
}

std::string DeviceContext::name() const {
  char name[256] = {};
  driver_.check(driver_.device_name(name, sizeof(name), device_), "cuDeviceGetName");
  return name;
}

int DeviceContext::attribute(CUdevice_attribute attribute) const {
  int value = 0;
  driver_.check(driver_.device_attribute(&value, attribute, device_), "cuDeviceGetAttribute");
  return value;
}

std::string DeviceContext::arch() const {
  return fmt::format("sm_{}{}", attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                     attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
}

DeviceModule::DeviceModule(const DeviceContext& context, const std::string& cubin) : driver_(context.driver()) {
  driver_.check(driver_.module_load(&module_, cubin.data()), "cuModuleLoadData");
}

DeviceModule::~DeviceModule() {
  if (module_) driver_.module_unload(module_);
}

CUfunction DeviceModule::function(const std::string& name) const {
  CUfunction function = nullptr;
  driver_.check(driver_.module_function(&function, module_, name.c_str()), "cuModuleGetFunction(" + name + ")");
  return function;
}

DeviceBuffer::DeviceBuffer(const DeviceContext& context, size_t bytes) : driver_(context.driver()), bytes_(bytes) {
  driver_.check(driver_.mem_alloc(&pointer_, std::max<size_t>(bytes, 1)), fmt::format("cuMemAlloc({} bytes)", bytes));
}

DeviceBuffer::~DeviceBuffer() {
  if (pointer_) driver_.mem_free(pointer_);
}

void DeviceBuffer::upload(const void* host) { driver_.check(driver_.copy_to_device(pointer_, host, bytes_), "cuMemcpyHtoD"); }

void DeviceBuffer::download(void* host) const {
  driver_.check(driver_.copy_to_host(host, pointer_, bytes_), "cuMemcpyDtoH");
}

}  // namespace abt
