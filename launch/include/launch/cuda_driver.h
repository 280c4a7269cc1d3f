// The CUDA driver API, opened with dlopen so that abtool starts (and its CPU tests run) on
// machines without a driver, plus RAII owners for what a measurement needs on the device.
#pragma once
#include <cuda.h>

#include <cstddef>
#include <string>

namespace abt {

class CudaDriver {
 public:
  // nullptr where libcuda.so.1 is missing or cuInit fails; unavailable_reason() says why.
  static const CudaDriver* get();
  static const std::string& unavailable_reason();

  // Throws PointError naming `what` and the driver's message for anything but CUDA_SUCCESS.
  void check(CUresult result, const std::string& what) const;

  decltype(&::cuInit) init = nullptr;
  decltype(&::cuDriverGetVersion) driver_version = nullptr;
  decltype(&::cuGetErrorString) error_string = nullptr;
  decltype(&::cuDeviceGetCount) device_count = nullptr;
  decltype(&::cuDeviceGet) device_get = nullptr;
  decltype(&::cuDeviceGetName) device_name = nullptr;
  decltype(&::cuDeviceGetAttribute) device_attribute = nullptr;
  decltype(&::cuDevicePrimaryCtxRetain) primary_retain = nullptr;
  decltype(&::cuDevicePrimaryCtxRelease) primary_release = nullptr;
  decltype(&::cuCtxSetCurrent) set_current = nullptr;
  decltype(&::cuCtxSynchronize) synchronize = nullptr;
  decltype(&::cuModuleLoadData) module_load = nullptr;
  decltype(&::cuModuleUnload) module_unload = nullptr;
  decltype(&::cuModuleGetFunction) module_function = nullptr;
  decltype(&::cuMemAlloc) mem_alloc = nullptr;
  decltype(&::cuMemFree) mem_free = nullptr;
  decltype(&::cuMemcpyHtoD) copy_to_device = nullptr;
  decltype(&::cuMemcpyDtoH) copy_to_host = nullptr;
  decltype(&::cuLaunchKernel) launch = nullptr;

 private:
  CudaDriver() = default;
};

// The primary context of one device, current on this thread while the object lives.
class DeviceContext {
 public:
  explicit DeviceContext(int ordinal);  // throws PointError
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  const CudaDriver& driver() const { return driver_; }
  std::string name() const;
  int attribute(CUdevice_attribute attribute) const;
  std::string arch() const;  // "sm_90"

 private:
  const CudaDriver& driver_;
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
};

// A loaded CUBIN.
class DeviceModule {
 public:
  DeviceModule(const DeviceContext& context, const std::string& cubin);  // throws PointError
  ~DeviceModule();
  DeviceModule(const DeviceModule&) = delete;
  DeviceModule& operator=(const DeviceModule&) = delete;
  CUfunction function(const std::string& name) const;  // throws PointError

 private:
  const CudaDriver& driver_;
  CUmodule module_ = nullptr;
};

// Device memory.
class DeviceBuffer {
 public:
  DeviceBuffer(const DeviceContext& context, size_t bytes);  // throws PointError
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  CUdeviceptr pointer() const { return pointer_; }
  size_t bytes() const { return bytes_; }
  void upload(const void* host);
  void download(void* host) const;

 private:
  const CudaDriver& driver_;
  CUdeviceptr pointer_ = 0;
  size_t bytes_ = 0;
};

}  // namespace abt
