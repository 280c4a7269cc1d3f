#include "graphtime/sampling.h"

#include <algorithm>
#include <chrono>

#include "graphtime/stop_rule.h"
#include "graphtime/warmup.h"
#include "util/errors.h"

namespace abt {
namespace {

using Clock = std::chrono::steady_clock;

class PhaseRunner {
 public:
  PhaseRunner(SampleSource& source, SampleSource* fallback, const TimingSettings& settings)
      : active_(&source), fallback_(fallback), settings_(settings), stop_(make_stop_rule(settings)) {}

  Measurement run() {
    const auto started = Clock::now();
    enter(Phase::discard);
    active_->discard_call();
    result_.launches += 1;

    enter(Phase::single_call);
    single_call_us_ = active_->timed_call_us();
    result_.launches += 1;

    enter(Phase::warm_up);
    warm_up();
    const auto warm = Clock::now();
    result_.warmup_s = std::chrono::duration<double>(warm - started).count();

    while (true) {
      try {
        enter(Phase::sample);
        result_.launches += active_->begin_sampling(single_call_us_, settings_);
        sample();
        break;
      } catch (const SourceUnavailable& failure) {
        fall_back(failure);  // samples taken so far were the failed method's
      }
    }
    result_.method = active_->method();
    result_.sampling_s = std::chrono::duration<double>(Clock::now() - warm).count();
    return std::move(result_);
  }

 private:
  void enter(Phase phase) {
    try {
      active_->enter(phase);
    } catch (const SourceUnavailable& failure) {
      fall_back(failure);
      active_->enter(phase);
    }
  }

  void fall_back(const SourceUnavailable& failure) {
    if (!fallback_ || active_ == fallback_) throw PointError(failure.marker.text());
    result_.markers.push_back(failure.marker);
    result_.samples_us.clear();
    active_ = fallback_;
  }

  // Up to the budget's count, in batches; over once two successive batches agree (warmup.h).
  void warm_up() {
    const int most = warmup_call_count(single_call_us_, settings_.warmup_ms);
    const int batch = warmup_batch_calls(single_call_us_);
    double earlier_us = 0;
    while (result_.warmup_calls < most) {
      const int n = std::min(batch, most - result_.warmup_calls);
      const double latest_us = active_->warm_up_calls_us(n);
      result_.warmup_calls += n;
      result_.launches += n;
      if (warmup_steady(earlier_us, latest_us)) break;
      earlier_us = latest_us;
    }
  }

  void sample() {
    const auto start = Clock::now();
    auto progress = [&] {
      return SamplingProgress{result_.samples_us, std::chrono::duration<double, std::milli>(Clock::now() - start).count()};
    };
    while (!stop_->done(progress())) {
      SampleBatch batch = active_->take_samples(stop_->room(progress()));
      result_.samples_us.insert(result_.samples_us.end(), batch.samples_us.begin(), batch.samples_us.end());
      result_.launches += batch.launches;
      if (batch.samples_us.empty()) throw PointError("the timer returned no samples");
    }
  }

  SampleSource* active_;
  SampleSource* fallback_;
  const TimingSettings& settings_;
  std::unique_ptr<StopRule> stop_;
  Measurement result_;
  double single_call_us_ = 0;
};

}  // namespace

double SampleSource::warm_up_calls_us(int n) {
  const auto start = Clock::now();
  for (int i = 0; i < n; ++i) call();
  settle();
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count() / std::max(1, n);
}

Measurement measure_in_phases(SampleSource& source, SampleSource* fallback, const TimingSettings& settings) {
  return PhaseRunner(source, fallback, settings).run();
}

}  // namespace abt
