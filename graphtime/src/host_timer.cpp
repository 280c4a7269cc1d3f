#include <chrono>

#include "graphtime/sampling.h"

namespace abt {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_us(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Wall-clock timing for host ops. Calls that restore inputs are timed one by one (the reset
// stays outside the clock); otherwise calls are batched so one sample spans at least
// kMinSampleUs, well above the clock's resolution and call overhead.
class HostSource : public SampleSource {
 public:
  explicit HostSource(const TimedCall& call) : call_(call) {}
  TimingMethod method() const override { return TimingMethod::host; }

  void call() override {
    reset();
    call_.launch();
  }

  double timed_call_us() override {
    reset();
    auto start = Clock::now();
    call_.launch();
    return elapsed_us(start);
  }

  long long begin_sampling(double single_call_us, const TimingSettings&) override {
    constexpr double kMinSampleUs = 20.0;
    if (!call_.reset && single_call_us < kMinSampleUs) batch_ = int(kMinSampleUs / std::max(single_call_us, 0.01)) + 1;
    return 0;
  }

  SampleBatch take_samples(size_t) override {
    reset();
    auto start = Clock::now();
    for (int i = 0; i < batch_; ++i) call_.launch();
    return {{elapsed_us(start) / batch_}, batch_};
  }

 private:
  void reset() {
    if (call_.reset) call_.reset();
  }
  const TimedCall& call_;
  int batch_ = 1;
};

class HostTimer : public Timer {
 public:
  Measurement measure(const TimedCall& call, const TimingSettings& settings) override {
    HostSource source(call);
    return measure_in_phases(source, nullptr, settings);
  }
};

}  // namespace

std::unique_ptr<Timer> make_host_timer() { return std::make_unique<HostTimer>(); }

}  // namespace abt
