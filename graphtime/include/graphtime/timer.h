// Timing one variant at one point (SPEC section 7). A Timer owns the measurement method; the
// caller supplies what one call is and how to restore in-place inputs between calls.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace abt {

struct TimingSettings {
  std::string timer = "graph";  // graph | cupti | direct on a GPU; host ops always use "host"
  double warmup_ms = 1000;      // steady warm-up budget, turned into a call count in [5, 200]
  double rep_ms = 500;          // measurement budget per point, split over `rounds`
  int rounds = 10;              // interleaved measurement rounds (see recorder/run_engine.h)
  int min_samples = 10;
  int max_samples = 2000;
};

struct TimedCall {
  std::function<void()> launch;  // one call of the op (may be several kernels on a GPU)
  std::function<void()> reset;   // restores in-place inputs; empty when the op has none
  std::vector<std::string> kernel_symbols;  // the op's kernels: what CUPTI counts
};

struct Measurement {
  std::string method;               // host | graph | direct | cupti (mixed: rounds used different ones)
  int warmup_calls = 0;
  long long launches = 0;           // every call made, discarded and warm-up included
  std::vector<double> samples_us;   // per-launch times
  std::vector<int> round_sizes;     // samples per round, in order; their sum is samples_us.size()
  std::vector<double> probe_us;     // machine_probe_us() before each round (see machine_probe.h)
  std::vector<std::string> markers; // e.g. BENCHMARK_DIRECT_NO_CUDAGRAPH phase=capture reason="..."
};

class Timer {
 public:
  virtual ~Timer() = default;
  virtual std::string method() const = 0;
  virtual Measurement measure(const TimedCall& call, const TimingSettings& settings) = 0;
};

// The timer for a language: host ops get the wall-clock timer whatever --timer says.
std::unique_ptr<Timer> make_host_timer();

// Short budgets for sweep candidates: enough to rank variants, not to report them.
TimingSettings sweep_settings(const TimingSettings& full);

// One round of a point's measurement: the first round warms up for the full budget, later rounds
// (after other points ran) get the discarded call and the minimum warm-up again.
TimingSettings round_settings(const TimingSettings& full, int round);

// Adds a round's samples to a point's measurement.
void append_round(Measurement& total, const Measurement& round);

}  // namespace abt
