#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>
#include <fmt/format.h>

#include <memory>
#include <mutex>

#include "counters/counter_metrics.h"
#include "counters/hardware_counters.h"
#include "counters/host_instruction_counter.h"
#include "launch/device_target.h"
#include "util/dynamic_library.h"
#include "util/errors.h"

namespace abt {
namespace {

constexpr const char* kTool = "cupti";
// A call launches a few kernels at most (a prologue, a split reduction); more ranges are dropped
// by the profiler, and the call is reported as not counted.
constexpr size_t kMaxRangesPerCall = 64;

// The profiler entry points, from libcupti opened at run time (abtool starts without it). Opened
// once and never closed, as the CUPTI timer's: CUPTI hooks into the driver.
struct CuptiProfilerLibrary {
  decltype(&::cuptiGetResultString) result_string = nullptr;
  decltype(&::cuptiProfilerInitialize) initialize = nullptr;
  decltype(&::cuptiProfilerDeInitialize) deinitialize = nullptr;
  decltype(&::cuptiProfilerDeviceSupported) device_supported = nullptr;
  decltype(&::cuptiDeviceGetChipName) chip_name = nullptr;
  decltype(&::cuptiProfilerGetCounterAvailability) counter_availability = nullptr;
  decltype(&::cuptiProfilerHostInitialize) host_initialize = nullptr;
  decltype(&::cuptiProfilerHostDeinitialize) host_deinitialize = nullptr;
  decltype(&::cuptiProfilerHostConfigAddMetrics) host_add_metrics = nullptr;
  decltype(&::cuptiProfilerHostGetConfigImageSize) host_config_size = nullptr;
  decltype(&::cuptiProfilerHostGetConfigImage) host_config_image = nullptr;
  decltype(&::cuptiProfilerHostEvaluateToGpuValues) host_evaluate = nullptr;
  decltype(&::cuptiRangeProfilerEnable) enable = nullptr;
  decltype(&::cuptiRangeProfilerDisable) disable = nullptr;
  decltype(&::cuptiRangeProfilerSetConfig) set_config = nullptr;
  decltype(&::cuptiRangeProfilerStart) start = nullptr;
  decltype(&::cuptiRangeProfilerStop) stop = nullptr;
  decltype(&::cuptiRangeProfilerDecodeData) decode = nullptr;
  decltype(&::cuptiRangeProfilerGetCounterDataSize) counter_data_size = nullptr;
  decltype(&::cuptiRangeProfilerCounterDataImageInitialize) counter_data_initialize = nullptr;
  decltype(&::cuptiRangeProfilerGetCounterDataInfo) counter_data_info = nullptr;

  void check(CUptiResult result, const char* what) const {
    if (result == CUPTI_SUCCESS) return;
    const char* text = nullptr;
    if (result_string) result_string(result, &text);
    throw CountError(fmt::format("{}: {} (CUptiResult {})", what, text ? text : "unknown", int(result)));
  }

  // Null, with the loader's reason, where libcupti (or a profiler entry point) is missing.
  static const CuptiProfilerLibrary* get(std::string* why_not) {
    static std::once_flag once;
    static const CuptiProfilerLibrary* library = nullptr;
    static std::string reason;
    std::call_once(once, [] {
      try {
        library = load();
      } catch (const std::runtime_error& error) {
        reason = error.what();
      }
    });
    if (!library && why_not) *why_not = reason;
    return library;
  }

 private:
  static const CuptiProfilerLibrary* load() {
    std::unique_ptr<DynamicLibrary> opened;
    try {
      opened = open_first_library(cupti_library_names());
    } catch (const std::runtime_error& error) {
      throw std::runtime_error(std::string("cannot open libcupti: ") + error.what());
    }
    auto* library = new CuptiProfilerLibrary;
    opened->resolve(library->result_string, "cuptiGetResultString");
    opened->resolve(library->initialize, "cuptiProfilerInitialize");
    opened->resolve(library->deinitialize, "cuptiProfilerDeInitialize");
    opened->resolve(library->device_supported, "cuptiProfilerDeviceSupported");
    opened->resolve(library->chip_name, "cuptiDeviceGetChipName");
    opened->resolve(library->counter_availability, "cuptiProfilerGetCounterAvailability");
    opened->resolve(library->host_initialize, "cuptiProfilerHostInitialize");
    opened->resolve(library->host_deinitialize, "cuptiProfilerHostDeinitialize");
    opened->resolve(library->host_add_metrics, "cuptiProfilerHostConfigAddMetrics");
    opened->resolve(library->host_config_size, "cuptiProfilerHostGetConfigImageSize");
    opened->resolve(library->host_config_image, "cuptiProfilerHostGetConfigImage");
    opened->resolve(library->host_evaluate, "cuptiProfilerHostEvaluateToGpuValues");
    opened->resolve(library->enable, "cuptiRangeProfilerEnable");
    opened->resolve(library->disable, "cuptiRangeProfilerDisable");
    opened->resolve(library->set_config, "cuptiRangeProfilerSetConfig");
    opened->resolve(library->start, "cuptiRangeProfilerStart");
    opened->resolve(library->stop, "cuptiRangeProfilerStop");
    opened->resolve(library->decode, "cuptiRangeProfilerDecodeData");
    opened->resolve(library->counter_data_size, "cuptiRangeProfilerGetCounterDataSize");
    opened->resolve(library->counter_data_initialize, "cuptiRangeProfilerCounterDataImageInitialize");
    opened->resolve(library->counter_data_info, "cuptiRangeProfilerGetCounterDataInfo");
    opened.release();  // never closed
    return library;
  }
};

// cuptiProfilerInitialize for as long as a reading lasts: the timing that follows runs with the
// profiler torn down, as it ran before.
class ProfilerScope {
 public:
  explicit ProfilerScope(const CuptiProfilerLibrary& cupti) : cupti_(cupti) {
    CUpti_Profiler_Initialize_Params params{CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    cupti_.check(cupti_.initialize(&params), "cuptiProfilerInitialize");
  }
  ~ProfilerScope() {
    CUpti_Profiler_DeInitialize_Params params{CUpti_Profiler_DeInitialize_Params_STRUCT_SIZE};
    cupti_.deinitialize(&params);
  }
  ProfilerScope(const ProfilerScope&) = delete;
  ProfilerScope& operator=(const ProfilerScope&) = delete;

 private:
  const CuptiProfilerLibrary& cupti_;
};

// The host side: the config image that schedules `metrics` on this chip, and the evaluation of
// decoded counter data into metric values.
class MetricConfig {
 public:
  MetricConfig(const CuptiProfilerLibrary& cupti, const std::string& chip, const std::vector<uint8_t>& availability,
               const std::vector<std::string>& metrics)
      : cupti_(cupti), metrics_(metrics) {
    for (const auto& name : metrics_) names_.push_back(name.c_str());
    CUpti_Profiler_Host_Initialize_Params init{CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
    init.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    init.pChipName = chip.c_str();
    init.pCounterAvailabilityImage = availability.empty() ? nullptr : availability.data();
    cupti_.check(cupti_.host_initialize(&init), "cuptiProfilerHostInitialize");
    host_ = init.pHostObject;
    CUpti_Profiler_Host_ConfigAddMetrics_Params add{CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
    add.pHostObject = host_;
    add.ppMetricNames = names_.data();
    add.numMetrics = names_.size();
    cupti_.check(cupti_.host_add_metrics(&add), "cuptiProfilerHostConfigAddMetrics");
    CUpti_Profiler_Host_GetConfigImageSize_Params size{CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
    size.pHostObject = host_;
    cupti_.check(cupti_.host_config_size(&size), "cuptiProfilerHostGetConfigImageSize");
    image_.resize(size.configImageSize);
    CUpti_Profiler_Host_GetConfigImage_Params get{CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
    get.pHostObject = host_;
    get.configImageSize = image_.size();
    get.pConfigImage = image_.data();
    cupti_.check(cupti_.host_config_image(&get), "cuptiProfilerHostGetConfigImage");
  }
  ~MetricConfig() {
    CUpti_Profiler_Host_Deinitialize_Params params{CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
    params.pHostObject = host_;
    cupti_.host_deinitialize(&params);
  }
  MetricConfig(const MetricConfig&) = delete;
  MetricConfig& operator=(const MetricConfig&) = delete;

  const std::vector<uint8_t>& image() const { return image_; }
  std::vector<const char*>& names() { return names_; }

  std::vector<double> evaluate(const std::vector<uint8_t>& counter_data, size_t range) {
    std::vector<double> values(names_.size(), 0.0);
    CUpti_Profiler_Host_EvaluateToGpuValues_Params params{CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
    params.pHostObject = host_;
    params.pCounterDataImage = counter_data.data();
    params.counterDataImageSize = counter_data.size();
    params.rangeIndex = range;
    params.ppMetricNames = names_.data();
    params.numMetrics = names_.size();
    params.pMetricValues = values.data();
    cupti_.check(cupti_.host_evaluate(&params), "cuptiProfilerHostEvaluateToGpuValues");
    return values;
  }

 private:
  const CuptiProfilerLibrary& cupti_;
  std::vector<std::string> metrics_;
  std::vector<const char*> names_;
  CUpti_Profiler_Host_Object* host_ = nullptr;
  std::vector<uint8_t> image_;
};

// The range profiler enabled on the device's context for one session; disabled when it ends.
class RangeProfiler {
 public:
  RangeProfiler(const CuptiProfilerLibrary& cupti, CUcontext context) : cupti_(cupti) {
    CUpti_RangeProfiler_Enable_Params params{CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
    params.ctx = context;
    cupti_.check(cupti_.enable(&params), "cuptiRangeProfilerEnable");
    object_ = params.pRangeProfilerObject;
  }
  ~RangeProfiler() {
    CUpti_RangeProfiler_Disable_Params params{CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
    params.pRangeProfilerObject = object_;
    cupti_.disable(&params);
  }
  RangeProfiler(const RangeProfiler&) = delete;
  RangeProfiler& operator=(const RangeProfiler&) = delete;
  CUpti_RangeProfiler_Object* get() const { return object_; }

 private:
  const CuptiProfilerLibrary& cupti_;
  CUpti_RangeProfiler_Object* object_ = nullptr;
};

// What both readers share: the library, the device, the chip and its counter availability.
class CuptiDevice {
 public:
  static std::unique_ptr<CuptiDevice> open(const DeviceTarget& device, std::string* why_not) {
    const CuptiProfilerLibrary* cupti = CuptiProfilerLibrary::get(why_not);
    if (!cupti) return nullptr;
    try {
      return std::unique_ptr<CuptiDevice>(new CuptiDevice(*cupti, device));
    } catch (const CountError& error) {
      if (why_not) *why_not = error.what();
      return nullptr;
    }
  }

  // Per call of `variant`: its kernels' values (one vector per kernel, `config`'s metric order).
  std::vector<std::vector<double>> profile_call(MetricConfig& config, Workspace& workspace,
                                                const LoadedVariant& variant) const {
    // Restored and poisoned outside the session: a restore that launches a kernel is not a range.
    workspace.restore_inputs();
    workspace.poison_outputs();
    device_.stream().synchronize("restoring the inputs before reading counters");
    const ProfilerScope scope(cupti_);
    const RangeProfiler profiler(cupti_, device_.context().get());
    std::vector<uint8_t> counter_data = counter_data_image(profiler, config);
    CUpti_RangeProfiler_SetConfig_Params set{CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
    set.pRangeProfilerObject = profiler.get();
    set.configSize = config.image().size();
    set.pConfig = config.image().data();
    set.counterDataImageSize = counter_data.size();
    set.pCounterDataImage = counter_data.data();
    set.range = CUPTI_AutoRange;
    set.replayMode = CUPTI_KernelReplay;
    set.maxRangesPerPass = kMaxRangesPerCall;
    set.numNestingLevels = 1;
    set.minNestingLevel = 1;
    set.passIndex = 0;
    set.targetNestingLevel = 1;
    cupti_.check(cupti_.set_config(&set), "cuptiRangeProfilerSetConfig");
    CUpti_RangeProfiler_Start_Params start{CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
    start.pRangeProfilerObject = profiler.get();
    cupti_.check(cupti_.start(&start), "cuptiRangeProfilerStart");
    variant.launch(workspace.args());
    device_.stream().synchronize("the call whose counters are read");  // a fault here is the device's: DeviceFault
    CUpti_RangeProfiler_Stop_Params stop{CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
    stop.pRangeProfilerObject = profiler.get();
    cupti_.check(cupti_.stop(&stop), "cuptiRangeProfilerStop");
    CUpti_RangeProfiler_DecodeData_Params decode{CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
    decode.pRangeProfilerObject = profiler.get();
    cupti_.check(cupti_.decode(&decode), "cuptiRangeProfilerDecodeData");
    if (decode.numOfRangeDropped)
      throw CountError(fmt::format("the profiler dropped {} of the call's kernels (more than {})", decode.numOfRangeDropped,
                                   kMaxRangesPerCall));
    CUpti_RangeProfiler_GetCounterDataInfo_Params info{CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
    info.pCounterDataImage = counter_data.data();
    info.counterDataImageSize = counter_data.size();
    cupti_.check(cupti_.counter_data_info(&info), "cuptiRangeProfilerGetCounterDataInfo");
    if (info.numTotalRanges == 0) throw CountError("the profiler saw no kernel of the call");
    std::vector<std::vector<double>> ranges;
    for (size_t range = 0; range < info.numTotalRanges; ++range) ranges.push_back(config.evaluate(counter_data, range));
    return ranges;
  }

  MetricConfig config(const std::vector<std::string>& metrics) const {
    return MetricConfig(cupti_, chip_, availability_, metrics);
  }

 private:
  CuptiDevice(const CuptiProfilerLibrary& cupti, const DeviceTarget& device) : cupti_(cupti), device_(device) {
    const ProfilerScope scope(cupti_);
    CUpti_Profiler_DeviceSupported_Params supported{CUpti_Profiler_DeviceSupported_Params_STRUCT_SIZE};
    CUdevice ordinal = device.context().ordinal();
    supported.cuDevice = ordinal;
    supported.api = CUPTI_PROFILER_RANGE_PROFILING;
    cupti_.check(cupti_.device_supported(&supported), "cuptiProfilerDeviceSupported");
    if (supported.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED)
      throw CountError(fmt::format("the device does not allow profiling here (architecture {}, vGPU {}, confidential "
                                   "compute {}: 3 is supported)",
                                   int(supported.architecture), int(supported.vGpu), int(supported.confidentialCompute)));
    CUpti_Device_GetChipName_Params chip{CUpti_Device_GetChipName_Params_STRUCT_SIZE};
    chip.deviceIndex = size_t(ordinal);
    cupti_.check(cupti_.chip_name(&chip), "cuptiDeviceGetChipName");
    chip_ = chip.pChipName ? chip.pChipName : "";
    CUpti_Profiler_GetCounterAvailability_Params available{CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
    available.ctx = device.context().get();
    cupti_.check(cupti_.counter_availability(&available), "cuptiProfilerGetCounterAvailability (size)");
    availability_.resize(available.counterAvailabilityImageSize);
    available.pCounterAvailabilityImage = availability_.data();
    cupti_.check(cupti_.counter_availability(&available), "cuptiProfilerGetCounterAvailability");
    config(counter_metric_names());  // every metric known to this chip, or the reason now
  }

  std::vector<uint8_t> counter_data_image(const RangeProfiler& profiler, MetricConfig& config) const {
    CUpti_RangeProfiler_GetCounterDataSize_Params size{CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
    size.pRangeProfilerObject = profiler.get();
    size.pMetricNames = config.names().data();
    size.numMetrics = config.names().size();
    size.maxNumOfRanges = kMaxRangesPerCall;
    size.maxNumRangeTreeNodes = kMaxRangesPerCall;
    cupti_.check(cupti_.counter_data_size(&size), "cuptiRangeProfilerGetCounterDataSize");
    std::vector<uint8_t> image(size.counterDataSize);
    CUpti_RangeProfiler_CounterDataImage_Initialize_Params init{
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
    init.pRangeProfilerObject = profiler.get();
    init.counterDataSize = image.size();
    init.pCounterData = image.data();
    cupti_.check(cupti_.counter_data_initialize(&init), "cuptiRangeProfilerCounterDataImageInitialize");
    return image;
  }

  const CuptiProfilerLibrary& cupti_;
  const DeviceTarget& device_;
  std::string chip_;
  std::vector<uint8_t> availability_;
};

// A CUDA error other than a fault (an invalid launch under the profiler) is the point's, not the
// device's: the point keeps its time.
template <typename Body>
auto as_count_errors(Body body) {
  try {
    return body();
  } catch (const DeviceFault&) {
    throw;
  } catch (const CountError&) {
    throw;
  } catch (const PointError& error) {
    throw CountError(error.what());
  }
}

class CuptiCounterReader : public HardwareCounterReader {
 public:
  explicit CuptiCounterReader(std::unique_ptr<CuptiDevice> device)
      : device_(std::move(device)), config_(device_->config(counter_metric_names())) {}

  std::vector<CounterReads> read(Workspace& workspace, const std::vector<const LoadedVariant*>& variants,
                                 int reads) const override {
    return as_count_errors([&] {
      std::vector<CounterReads> counters(variants.size());
      for (int read = 0; read < reads; ++read)
        for (size_t side = 0; side < variants.size(); ++side)
          counters[side].reads.push_back(combine_ranges(device_->profile_call(config_, workspace, *variants[side]), kTool));
      return counters;
    });
  }

 private:
  std::unique_ptr<CuptiDevice> device_;
  mutable MetricConfig config_;
};

class CuptiInstructionCounter : public InstructionCounter {
 public:
  explicit CuptiInstructionCounter(std::unique_ptr<CuptiDevice> device)
      : device_(std::move(device)), config_(device_->config({kInstructionsMetric})) {}

  std::vector<InstructionCount> count(Workspace& workspace, const std::vector<CountedVariant>& variants) const override {
    return as_count_errors([&] {
      std::vector<InstructionCount> counts(variants.size(), InstructionCount{kTool, {}});
      for (int call = 0; call < kCountedCalls; ++call)
        for (size_t side = 0; side < variants.size(); ++side) {
          if (!variants[side].loaded) throw CountError("a side has no loaded variant to count");
          double total = 0;
          for (const auto& kernel : device_->profile_call(config_, workspace, *variants[side].loaded)) total += kernel.at(0);
          counts[side].calls.push_back(uint64_t(total + 0.5));
        }
      return counts;
    });
  }
  bool parallel() const override { return false; }

 private:
  std::unique_ptr<CuptiDevice> device_;
  mutable MetricConfig config_;
};

}  // namespace

std::unique_ptr<HardwareCounterReader> make_cupti_counter_reader(const DeviceTarget& device, std::string* why_not) {
  auto opened = CuptiDevice::open(device, why_not);
  if (!opened) return nullptr;
  return std::make_unique<CuptiCounterReader>(std::move(opened));
}

std::unique_ptr<InstructionCounter> make_cupti_instruction_counter(const DeviceTarget& device, std::string* why_not) {
  auto opened = CuptiDevice::open(device, why_not);
  if (!opened) return nullptr;
  return std::make_unique<CuptiInstructionCounter>(std::move(opened));
}

}  // namespace abt
