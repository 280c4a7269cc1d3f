#include "graphtime/cupti_timer.h"

#include <cupti.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

#include "graphtime/sampling.h"
#include "util/dynamic_library.h"

namespace abt {

struct KernelRecord {
  std::string name;
  uint32_t stream_id = 0;
  uint64_t start_ns = 0, end_ns = 0;
};

namespace {

// CUPTI hands completed buffers to plain C callbacks, without user data: one collector per process.
// Never destroyed: CUPTI flushes its last buffers from an exit handler, after static destructors.
struct Collector {
  std::mutex mutex;
  std::vector<KernelRecord> kernels;
  decltype(&::cuptiActivityGetNextRecord) next_record = nullptr;  // set while a CuptiTimer is recording
};
Collector& collector() {
  static Collector* instance = new Collector;
  return *instance;
}

constexpr size_t kBufferBytes = 8 << 20;

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid_bytes) {
  Collector& state = collector();
  std::lock_guard lock(state.mutex);
  CUpti_Activity* record = nullptr;
  while (state.next_record && state.next_record(buffer, valid_bytes, &record) == CUPTI_SUCCESS) {
    if (record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL && record->kind != CUPTI_ACTIVITY_KIND_KERNEL) continue;
    const auto* kernel = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
    state.kernels.push_back({kernel->name ? kernel->name : "", kernel->streamId, kernel->start, kernel->end});
  }
  std::free(buffer);
}

}  // namespace

// The CUPTI entry points abtool uses, from libcupti opened at run time (abtool starts without it).
// Opened once and never closed: once activity recording has started, CUPTI hooks into the driver,
// and unmapping it would leave the driver calling into freed code.
class CuptiLibrary {
 public:
  static const CuptiLibrary& get() {
    static const CuptiLibrary* library = new CuptiLibrary;  // throws (and retries next time) if absent
    return *library;
  }
  void check(CUptiResult result, const std::string& what) const {
    if (result == CUPTI_SUCCESS) return;
    const char* text = nullptr;
    result_string(result, &text);
    throw PointError(fmt::format("{}: {} (CUptiResult {})", what, text ? text : "unknown", int(result)));
  }

  decltype(&::cuptiActivityRegisterCallbacks) register_callbacks = nullptr;
  decltype(&::cuptiActivityEnable) enable = nullptr;
  decltype(&::cuptiActivityDisable) disable = nullptr;
  decltype(&::cuptiActivityFlushAll) flush_all = nullptr;
  decltype(&::cuptiActivityGetNextRecord) next_record = nullptr;
  decltype(&::cuptiGetResultString) result_string = nullptr;
  decltype(&::cuptiGetStreamIdEx) stream_id = nullptr;

 private:
  CuptiLibrary() {
    try {
      library_ = open_first_library(cupti_library_names());
    } catch (const std::runtime_error& error) {
      throw PointError(std::string("--timer cupti: cannot open libcupti: ") + error.what());
    }
    library_->resolve(register_callbacks, "cuptiActivityRegisterCallbacks");
    library_->resolve(enable, "cuptiActivityEnable");
    library_->resolve(disable, "cuptiActivityDisable");
    library_->resolve(flush_all, "cuptiActivityFlushAll");
    library_->resolve(next_record, "cuptiActivityGetNextRecord");
    library_->resolve(result_string, "cuptiGetResultString");
    library_->resolve(stream_id, "cuptiGetStreamIdEx");
    check(register_callbacks(buffer_requested, buffer_completed), "cuptiActivityRegisterCallbacks");
  }

  std::unique_ptr<DynamicLibrary> library_;
};


CuptiTimer::CuptiTimer(const DeviceTarget& target) : target_(target), cupti_(&CuptiLibrary::get()) {
  {
    std::lock_guard lock(collector().mutex);
    collector().next_record = cupti_->next_record;
  }
  cupti_->check(cupti_->stream_id(target.context().get(), target.stream().get(), 0, &stream_id_), "cuptiGetStreamIdEx");
  cupti_->check(cupti_->enable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL), "cuptiActivityEnable(CONCURRENT_KERNEL)");
  // Twice the L2: writing it evicts whatever the previous call left there.
  l2_flush_ = std::make_unique<DeviceBuffer>(target.context(), size_t(std::max(target.info().l2_bytes, 1 << 20)) * 2);
}

CuptiTimer::~CuptiTimer() {
  cupti_->disable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  cupti_->flush_all(1);
  std::lock_guard lock(collector().mutex);
  collector().next_record = nullptr;  // later buffers are freed unread
  collector().kernels.clear();
}

void CuptiTimer::flush_l2() {
  const CudaDriver& driver = target_.context().driver();
  driver.check(driver.memset32_async(l2_flush_->pointer(), ++flush_value_, l2_flush_->bytes() / 4, target_.stream().get()),
               "flushing L2");
}

// Runs `calls` calls (reset -> flush L2 -> call) and returns each call's summed kernel time.
std::vector<double> CuptiTimer::call_durations_us(const TimedCall& call, size_t calls, size_t kernels_per_call,
                                                  std::vector<std::string>* other_names) {
  discard_pending_records();
  for (size_t i = 0; i < calls; ++i) {
    if (call.reset) call.reset();
    flush_l2();
    call.launch();
  }
  synchronize_context("the CUPTI-timed calls");
  std::vector<KernelRecord> records = collect_records(std::max<size_t>(1, calls * kernels_per_call));
  std::vector<double> durations;
  double sum_ns = 0;
  size_t in_call = 0;
  for (const KernelRecord& record : records) {
    if (record.stream_id != stream_id_) {
      if (other_names && other_names->size() < 5) other_names->push_back(record.name.empty() ? "(unnamed)" : record.name);
      continue;
    }
    sum_ns += double(record.end_ns - record.start_ns);
    if (++in_call == kernels_per_call) {
      durations.push_back(sum_ns / 1000.0);
      sum_ns = 0;
      in_call = 0;
    }
  }
  return durations;
}

// Records of earlier launches (warm-up, other points) may still sit in CUPTI's buffers.
void CuptiTimer::discard_pending_records() {
  synchronize_context("the calls before CUPTI timing");
  cupti_->check(cupti_->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
  std::lock_guard lock(collector().mutex);
  collector().kernels.clear();
}

// A context-wide synchronization: CUPTI gathers kernel records at such points.
void CuptiTimer::synchronize_context(const std::string& what) {
  const CudaDriver& driver = target_.context().driver();
  driver.check(driver.synchronize(), what);
}

// CUPTI writes a kernel's record some time after the kernel ends (right after activity recording
// starts, noticeably later): flush until `expected` records of the op's kernels are in, then once
// more so a call's remaining kernels are too. Gives up after about a second.
std::vector<KernelRecord> CuptiTimer::collect_records(size_t expected) {
  auto matching = [&] {
    std::lock_guard lock(collector().mutex);
    return size_t(std::count_if(collector().kernels.begin(), collector().kernels.end(),
                                [&](const KernelRecord& record) { return record.stream_id == stream_id_; }));
  };
  for (int attempt = 0; attempt < 500; ++attempt) {
    cupti_->check(cupti_->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
    if (matching() >= expected) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
  cupti_->check(cupti_->flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
  std::vector<KernelRecord> records;
  std::lock_guard lock(collector().mutex);
  records.swap(collector().kernels);
  return records;
}

// --timer cupti in the four phases: the discarded call also tells how many of the op's kernels one
// call launches; every timed call is reset -> flush L2 -> call, and a sample is its kernels' time.
class CuptiSource : public SampleSource {
 public:
  CuptiSource(CuptiTimer& timer, const TimedCall& call) : timer_(timer), call_(call) {}
  TimingMethod method() const override { return TimingMethod::cupti; }

  void discard_call() override {
    std::vector<std::string> seen;
    kernels_per_call_ = timer_.call_durations_us(call_, 1, 1, &seen).size();
    if (kernels_per_call_ == 0)
      throw PointError(fmt::format("--timer cupti: no kernel record on abtool's stream after one call of {}; "
                                   "{} record(s) on other streams: {}",
                                   fmt::join(call_.kernel_symbols, ", "), seen.size(), fmt::join(seen, ", ")));
  }
  void call() override {
    if (call_.reset) call_.reset();
    call_.launch();
  }
  double timed_call_us() override {
    std::vector<double> steady = timer_.call_durations_us(call_, 1, kernels_per_call_);
    return steady.empty() ? 0 : steady.front();
  }
  SampleBatch take_samples(size_t most) override {
    constexpr size_t kBatch = 25;  // calls per CUPTI flush
    const size_t calls = std::max<size_t>(1, std::min(kBatch, most));
    std::vector<double> durations = timer_.call_durations_us(call_, calls, kernels_per_call_);
    if (durations.size() != calls)
      throw PointError(fmt::format("--timer cupti: {} calls produced {} complete kernel records", calls, durations.size()));
    return {std::move(durations), (long long)calls};
  }

 private:
  CuptiTimer& timer_;
  const TimedCall& call_;
  size_t kernels_per_call_ = 1;
};

Measurement CuptiTimer::measure(const TimedCall& call, const TimingSettings& settings) {
  CuptiSource source(*this, call);
  return measure_in_phases(source, nullptr, settings);
}

}  // namespace abt
