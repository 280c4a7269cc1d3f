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

std::string uuid_text(const CudaDriver& driver, CUdevice device) {
  CUuuid uuid{};
  driver.check(driver.device_uuid(&uuid, device), "cuDeviceGetUuid");
  const auto* bytes = reinterpret_cast<const unsigned char*>(uuid.bytes);
  std::string text = "GPU-";
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
    text += fmt::format("{:02x}", bytes[i]);
  }
  return text;
}

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
      library->resolve(loaded.device_pci_bus_id, "cuDeviceGetPCIBusId");
      library->resolve(loaded.device_uuid, "cuDeviceGetUuid_v2");
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
      library->resolve(loaded.function_set_attribute, "cuFuncSetAttribute");
      library->resolve(loaded.function_attribute, "cuFuncGetAttribute");
      library->resolve(loaded.mem_info, "cuMemGetInfo_v2");
      library->resolve(loaded.copy_device_async, "cuMemcpyDtoDAsync_v2");
      library->resolve(loaded.copy_to_host_async, "cuMemcpyDtoHAsync_v2");
      library->resolve(loaded.memset8_async, "cuMemsetD8Async");
      library->resolve(loaded.memset16_async, "cuMemsetD16Async");
      library->resolve(loaded.memset32_async, "cuMemsetD32Async");
      library->resolve(loaded.stream_create, "cuStreamCreate");
      library->resolve(loaded.stream_destroy, "cuStreamDestroy_v2");
      library->resolve(loaded.stream_synchronize, "cuStreamSynchronize");
      library->resolve(loaded.event_create, "cuEventCreate");
      library->resolve(loaded.event_destroy, "cuEventDestroy_v2");
      library->resolve(loaded.event_record, "cuEventRecord");
      library->resolve(loaded.event_synchronize, "cuEventSynchronize");
      library->resolve(loaded.event_elapsed, "cuEventElapsedTime_v2");
      library->resolve(loaded.begin_capture, "cuStreamBeginCapture_v2");
      library->resolve(loaded.end_capture, "cuStreamEndCapture");
      library->resolve(loaded.graph_instantiate, "cuGraphInstantiateWithFlags");
      library->resolve(loaded.graph_launch, "cuGraphLaunch");
      library->resolve(loaded.graph_exec_destroy, "cuGraphExecDestroy");
      library->resolve(loaded.graph_destroy, "cuGraphDestroy");
      library->resolve(loaded.graph_nodes, "cuGraphGetNodes");
      library->resolve(loaded.tensor_map_encode_tiled, "cuTensorMapEncodeTiled");
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

std::string CudaDriver::message(CUresult result) const {
  const char* text = nullptr;
  error_string(result, &text);
  return fmt::format("{} (CUresult {})", text ? text : "unknown error", int(result));
}

namespace {

// Errors after which the context cannot be used again (CUDA documents them as sticky).
bool is_sticky(CUresult result) {
  switch (result) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_FAILED:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_CONTEXT_IS_DESTROYED:
      return true;
    default:
      return false;
  }
}

}  // namespace

void CudaDriver::check(CUresult result, const std::string& what) const {
  if (result == CUDA_SUCCESS) return;
  std::string text = what + ": " + message(result);
  if (is_sticky(result)) throw DeviceFault(text + "; the device context is lost");
  throw PointError(text);
}

static const CudaDriver& require_driver() {
  const CudaDriver* driver = CudaDriver::get();
  if (!driver) throw PointError(CudaDriver::unavailable_reason());
  return *driver;
}

DeviceContext::DeviceContext(int ordinal) : driver_(require_driver()), ordinal_(ordinal) {
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

std::string DeviceContext::pci_bus_id() const {
  char id[32] = {};
  driver_.check(driver_.device_pci_bus_id(id, int(sizeof(id)), device_), "cuDeviceGetPCIBusId");
  return id;
}

std::string DeviceContext::uuid() const { return uuid_text(driver_, device_); }

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

void DeviceBuffer::download(void* host) const { download(host, bytes_); }

void DeviceBuffer::download(void* host, size_t bytes) const {
  driver_.check(driver_.copy_to_host(host, pointer_, std::min(bytes, bytes_)), "cuMemcpyDtoH");
}

DeviceStream::DeviceStream(const DeviceContext& context) : driver_(context.driver()) {
  driver_.check(driver_.stream_create(&stream_, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
}

DeviceStream::~DeviceStream() {
  if (stream_) driver_.stream_destroy(stream_);
}

void DeviceStream::synchronize(const std::string& what) const {
  driver_.check(driver_.stream_synchronize(stream_), what);
}

DeviceEvent::DeviceEvent(const CudaDriver& driver) : driver_(driver) {
  driver_.check(driver_.event_create(&event_, CU_EVENT_DEFAULT), "cuEventCreate");
}

DeviceEvent::~DeviceEvent() {
  if (event_) driver_.event_destroy(event_);
}

void DeviceEvent::record(const DeviceStream& stream) {
  driver_.check(driver_.event_record(event_, stream.get()), "cuEventRecord");
}

float DeviceEvent::elapsed_ms(const DeviceEvent& start, const DeviceEvent& end) {
  const CudaDriver& driver = end.driver_;
  driver.check(driver.event_synchronize(end.event_), "cuEventSynchronize");
  float ms = 0;
  driver.check(driver.event_elapsed(&ms, start.event_, end.event_), "cuEventElapsedTime");
  return ms;
}

}  // namespace abt
