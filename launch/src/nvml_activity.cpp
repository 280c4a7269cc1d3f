#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "launch/gpu_activity.h"
#include "util/dynamic_library.h"

namespace abt {
namespace {

// The few entry points of NVML's C API abtool calls, as its documentation declares them (the
// _v2/_v3 names are the ABI-stable ones). There is no NVML header among Debian's packages.
using NvmlReturn = int;
using NvmlDevice = struct NvmlDeviceOpaque*;
struct NvmlProcessInfo {  // nvmlProcessInfo_t (v2)
  unsigned int pid;
  unsigned long long used_gpu_memory;
  unsigned int gpu_instance_id;
  unsigned int compute_instance_id;
};
struct NvmlUtilization {  // nvmlUtilization_t
  unsigned int gpu;
  unsigned int memory;
};
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr NvmlReturn kNvmlInsufficientSize = 7;

class NvmlActivity : public GpuActivity {
 public:
  NvmlActivity() {
    try {
      library_ = std::make_unique<DynamicLibrary>("libnvidia-ml.so.1");
      library_->resolve(init_, "nvmlInit_v2");
      library_->resolve(shutdown_, "nvmlShutdown");
      library_->resolve(by_bus_id_, "nvmlDeviceGetHandleByPciBusId_v2");
      library_->resolve(processes_, "nvmlDeviceGetComputeRunningProcesses_v3");
      library_->resolve(error_string_, "nvmlErrorString");
      library_->resolve(utilization_, "nvmlDeviceGetUtilizationRates");
    } catch (const std::runtime_error& error) {
      why_not_ = std::string("no NVML: ") + error.what();
      library_.reset();
      return;
    }
    if (NvmlReturn result = init_(); result != kNvmlSuccess) {
      why_not_ = std::string("nvmlInit failed: ") + error_string_(result);
      library_.reset();
    }
  }
  ~NvmlActivity() override {
    if (library_) shutdown_();
  }

  std::optional<std::vector<unsigned>> other_processes(const std::string& pci_bus_id) override {
    if (!library_) return std::nullopt;
    NvmlDevice device = nullptr;
    if (by_bus_id_(pci_bus_id.c_str(), &device) != kNvmlSuccess) return std::nullopt;
    std::vector<NvmlProcessInfo> infos(16);
    unsigned count = unsigned(infos.size());
    NvmlReturn result = processes_(device, &count, infos.data());
    if (result == kNvmlInsufficientSize) {
      infos.resize(count + 8);
      count = unsigned(infos.size());
      result = processes_(device, &count, infos.data());
    }
    if (result != kNvmlSuccess) return std::nullopt;
    std::vector<unsigned> others;
    for (unsigned i = 0; i < count; ++i)
      if (infos[i].pid != unsigned(::getpid())) others.push_back(infos[i].pid);
    return others;
  }
  std::optional<unsigned> utilization_pct(const std::string& pci_bus_id) override {
    if (!library_) return std::nullopt;
    NvmlDevice device = nullptr;
    if (by_bus_id_(pci_bus_id.c_str(), &device) != kNvmlSuccess) return std::nullopt;
    NvmlUtilization rates{};
    if (utilization_(device, &rates) != kNvmlSuccess) return std::nullopt;
    return rates.gpu;
  }

  std::string unavailable_reason() const override { return why_not_; }

 private:
  std::unique_ptr<DynamicLibrary> library_;
  std::string why_not_;
  NvmlReturn (*init_)() = nullptr;
  NvmlReturn (*shutdown_)() = nullptr;
  NvmlReturn (*by_bus_id_)(const char*, NvmlDevice*) = nullptr;
  NvmlReturn (*processes_)(NvmlDevice, unsigned*, NvmlProcessInfo*) = nullptr;
  const char* (*error_string_)(NvmlReturn) = nullptr;
  NvmlReturn (*utilization_)(NvmlDevice, NvmlUtilization*) = nullptr;
};

}  // namespace

std::unique_ptr<GpuActivity> make_nvml_activity() { return std::make_unique<NvmlActivity>(); }

struct GpuUtilization::Sampler {
  std::unique_ptr<GpuActivity> activity;
  std::string pci_bus_id;
  std::mutex lock;
  std::condition_variable wake;
  bool stop = false;
  double sum = 0;
  size_t samples = 0;
  std::thread thread;

  void run() {
    std::unique_lock<std::mutex> hold(lock);
    while (!stop) {
      hold.unlock();
      const std::optional<unsigned> pct = activity->utilization_pct(pci_bus_id);
      hold.lock();
      if (!pct) return;  // no NVML, or not this device: no figure rather than a wrong one
      sum += *pct / 100.0;
      ++samples;
      wake.wait_for(hold, std::chrono::milliseconds(100), [&] { return stop; });
    }
  }
};

GpuUtilization::GpuUtilization(std::unique_ptr<GpuActivity> activity, std::string pci_bus_id)
    : sampler_(std::make_unique<Sampler>()) {
  sampler_->activity = std::move(activity);
  sampler_->pci_bus_id = std::move(pci_bus_id);
  sampler_->thread = std::thread([this] { sampler_->run(); });
}

GpuUtilization::~GpuUtilization() { busy_fraction(); }

std::optional<double> GpuUtilization::busy_fraction() {
  {
    std::lock_guard<std::mutex> hold(sampler_->lock);
    sampler_->stop = true;
  }
  sampler_->wake.notify_all();
  if (sampler_->thread.joinable()) sampler_->thread.join();
  if (!sampler_->samples) return std::nullopt;
  return sampler_->sum / double(sampler_->samples);
}

}  // namespace abt
