// The CUDA driver API, opened with dlopen so that abtool starts (and its CPU tests run) on
// machines without a driver, plus RAII owners for what a measurement needs on the device.
#pragma once
#include <cuda.h>

#include <cstddef>
#include <string>

#include "util/errors.h"

namespace abt {

class CudaDriver {
 public:
  // nullptr where libcuda.so.1 is missing or cuInit fails; unavailable_reason() says why.
  static const CudaDriver* get();
  static const std::string& unavailable_reason();

  // Throws PointError naming `what` and the driver's message for anything but CUDA_SUCCESS;
  // DeviceFault for the errors that leave the context unusable (a kernel that faulted).
  void check(CUresult result, const std::string& what) const;
  std::string message(CUresult result) const;

  decltype(&::cuInit) init = nullptr;
  decltype(&::cuDriverGetVersion) driver_version = nullptr;
  decltype(&::cuGetErrorString) error_string = nullptr;
  decltype(&::cuDeviceGetCount) device_count = nullptr;
  decltype(&::cuDeviceGet) device_get = nullptr;
  decltype(&::cuDeviceGetName) device_name = nullptr;
  decltype(&::cuDeviceGetAttribute) device_attribute = nullptr;
  decltype(&::cuDeviceGetPCIBusId) device_pci_bus_id = nullptr;
  decltype(&::cuDeviceGetUuid) device_uuid = nullptr;
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
  decltype(&::cuFuncSetAttribute) function_set_attribute = nullptr;
  decltype(&::cuFuncGetAttribute) function_attribute = nullptr;
  decltype(&::cuMemGetInfo) mem_info = nullptr;
  decltype(&::cuMemcpyDtoDAsync) copy_device_async = nullptr;
  decltype(&::cuMemcpyDtoHAsync) copy_to_host_async = nullptr;
  decltype(&::cuMemsetD8Async) memset8_async = nullptr;
  decltype(&::cuMemsetD16Async) memset16_async = nullptr;
  decltype(&::cuMemsetD32Async) memset32_async = nullptr;
  decltype(&::cuStreamCreate) stream_create = nullptr;
  decltype(&::cuStreamDestroy) stream_destroy = nullptr;
  decltype(&::cuStreamSynchronize) stream_synchronize = nullptr;
  decltype(&::cuEventCreate) event_create = nullptr;
  decltype(&::cuEventDestroy) event_destroy = nullptr;
  decltype(&::cuEventRecord) event_record = nullptr;
  decltype(&::cuEventSynchronize) event_synchronize = nullptr;
  decltype(&::cuEventElapsedTime) event_elapsed = nullptr;
  decltype(&::cuStreamBeginCapture) begin_capture = nullptr;
  decltype(&::cuStreamEndCapture) end_capture = nullptr;
  decltype(&::cuGraphInstantiate) graph_instantiate = nullptr;
  decltype(&::cuGraphLaunch) graph_launch = nullptr;
  decltype(&::cuGraphExecDestroy) graph_exec_destroy = nullptr;
  decltype(&::cuGraphDestroy) graph_destroy = nullptr;
  decltype(&::cuGraphGetNodes) graph_nodes = nullptr;
  decltype(&::cuTensorMapEncodeTiled) tensor_map_encode_tiled = nullptr;

 private:
  CudaDriver() = default;
};

// A device's UUID as nvidia-smi -L prints it: "GPU-8f5c1a2b-...".
std::string uuid_text(const CudaDriver& driver, CUdevice device);

// The primary context of one device, current on this thread while the object lives.
class DeviceContext {
 public:
  explicit DeviceContext(int ordinal);  // throws PointError
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  const CudaDriver& driver() const { return driver_; }
  int ordinal() const { return ordinal_; }
  CUcontext get() const { return context_; }
  std::string name() const;
  int attribute(CUdevice_attribute attribute) const;
  std::string arch() const;  // "sm_90"
  std::string pci_bus_id() const;  // "0000:19:00.0": how NVML names the same device
  std::string uuid() const;        // "GPU-8f5c...": as nvidia-smi -L prints it

 private:
  const CudaDriver& driver_;
  int ordinal_ = 0;
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
};

// A non-blocking stream: everything abtool times is enqueued on one.
class DeviceStream {
 public:
  explicit DeviceStream(const DeviceContext& context);  // throws PointError
  ~DeviceStream();
  DeviceStream(const DeviceStream&) = delete;
  DeviceStream& operator=(const DeviceStream&) = delete;
  const CudaDriver& driver() const { return driver_; }
  CUstream get() const { return stream_; }
  void synchronize(const std::string& what) const;  // checked; `what` names the work waited for

 private:
  const CudaDriver& driver_;
  CUstream stream_ = nullptr;
};

class DeviceEvent {
 public:
  explicit DeviceEvent(const CudaDriver& driver);
  ~DeviceEvent();
  DeviceEvent(const DeviceEvent&) = delete;
  DeviceEvent& operator=(const DeviceEvent&) = delete;
  CUevent get() const { return event_; }
  void record(const DeviceStream& stream);
  // Milliseconds between two recorded events; waits for `end`.
  static float elapsed_ms(const DeviceEvent& start, const DeviceEvent& end);

 private:
  const CudaDriver& driver_;
  CUevent event_ = nullptr;
};

// Owners for a captured graph and its executable instance.
class Graph {
 public:
  Graph(const CudaDriver& driver, CUgraph graph) : driver_(driver), graph_(graph) {}
  ~Graph() { if (graph_) driver_.graph_destroy(graph_); }
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
  CUgraph get() const { return graph_; }

 private:
  const CudaDriver& driver_;
  CUgraph graph_ = nullptr;
};

class GraphExec {
 public:
  GraphExec(const CudaDriver& driver, CUgraphExec exec) : driver_(driver), exec_(exec) {}
  ~GraphExec() { if (exec_) driver_.graph_exec_destroy(exec_); }
  GraphExec(const GraphExec&) = delete;
  GraphExec& operator=(const GraphExec&) = delete;
  CUgraphExec get() const { return exec_; }

 private:
  const CudaDriver& driver_;
  CUgraphExec exec_ = nullptr;
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
  void download(void* host, size_t bytes) const;

 private:
  const CudaDriver& driver_;
  CUdeviceptr pointer_ = 0;
  size_t bytes_ = 0;
};

}  // namespace abt
