#include <chrono>

#include "graphtime/timer.h"
#include "graphtime/warmup.h"

namespace abt {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_us(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

// Wall-clock timing for host ops. Calls that restore inputs are timed one by one (the reset
// stays outside the clock); otherwise calls are batched so one sample spans at least
// kMinSampleUs, well above the clock's resolution and call overhead.
class HostTimer : public Timer {
 public:
  std::string method() const override { return "host"; }

  Measurement measure(const TimedCall& call, const TimingSettings& settings) override {
    constexpr double kMinSampleUs = 20.0;
    Measurement result;
    result.method = method();
    auto reset = [&] { if (call.reset) call.reset(); };

    reset();
    call.launch();  // discarded: page faults, lazy binding, cold caches

    reset();
    auto start = Clock::now();
    call.launch();
    double single_us = elapsed_us(start);

    result.warmup_calls = warmup_call_count(single_us, settings.warmup_ms);
    for (int i = 0; i < result.warmup_calls; ++i) {
      reset();
      call.launch();
    }

    int batch = 1;
    if (!call.reset && single_us < kMinSampleUs) batch = int(kMinSampleUs / std::max(single_us, 0.01)) + 1;
    auto budget_start = Clock::now();
    while (int(result.samples_us.size()) < settings.max_samples) {
      if (int(result.samples_us.size()) >= settings.min_samples && elapsed_us(budget_start) >= settings.rep_ms * 1000)
        break;
      reset();
      start = Clock::now();
      for (int i = 0; i < batch; ++i) call.launch();
      result.samples_us.push_back(elapsed_us(start) / batch);
    }
    result.launches = 2 + result.warmup_calls + (long long)result.samples_us.size() * batch;
    return result;
  }
};

}  // namespace

std::unique_ptr<Timer> make_host_timer() { return std::make_unique<HostTimer>(); }

}  // namespace abt
