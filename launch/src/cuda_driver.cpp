#include "launch/cuda_driver.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <mutex>

#include "util/errors.h"

namespace abt {
namespace {

std::string& reason_storage() {
  static std::string reason;
  return reason;
}

template <typename Function>
bool resolve(void* library, Function& function, const char* name) {
  function = reinterpret_cast<Function>(::dlsym(library, name));
  if (!function) reason_storage() = std::string("libcuda.so.1 has no ") + name;
  return function != nullptr;
}

}  // namespace

const std::string& CudaDriver::unavailable_reason() { return reason_storage(); }

const CudaDriver* CudaDriver::get() {
  static CudaDriver* driver = [] () -> CudaDriver* {
    void* library = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);  // kept open for the process
    if (!library) {
      reason_storage() = std::string("no CUDA driver: ") + ::dlerror();
      return nullptr;
    }
    static CudaDriver loaded;
    // Versioned names: the ones cuda.h maps its macros to in CUDA 12 and 13.
    bool ok = resolve(library, loaded.init, "cuInit") && resolve(library, loaded.driver_version, "cuDriverGetVersion") &&
              resolve(library, loaded.error_string, "cuGetErrorString") &&
              resolve(library, loaded.device_count, "cuDeviceGetCount") &&
              resolve(library, loaded.device_get, "cuDeviceGet") &&
              resolve(library, loaded.device_name, "cuDeviceGetName") &&
              resolve(library, loaded.device_attribute, "cuDeviceGetAttribute") &&
              resolve(library, loaded.primary_retain, "cuDevicePrimaryCtxRetain") &&
              resolve(library, loaded.primary_release, "cuDevicePrimaryCtxRelease_v2") &&
              resolve(library, loaded.set_current, "cuCtxSetCurrent") &&
              resolve(library, loaded.synchronize, "cuCtxSynchronize") &&
              resolve(library, loaded.module_load, "cuModuleLoadData") &&
              resolve(library, loaded.module_unload, "cuModuleUnload") &&
              resolve(library, loaded.module_function, "cuModuleGetFunction") &&
              resolve(library, loaded.mem_alloc, "cuMemAlloc_v2") && resolve(library, loaded.mem_free, "cuMemFree_v2") &&
              resolve(library, loaded.copy_to_device, "cuMemcpyHtoD_v2") &&
              resolve(library, loaded.copy_to_host, "cuMemcpyDtoH_v2") &&
              resolve(library, loaded.launch, "cuLaunchKernel");
    if (!ok) return nullptr;
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
