#include "graphtime/device_timer.h"

#include <algorithm>
#include <optional>

#include "graphtime/cupti_timer.h"
#include "graphtime/sampling.h"

namespace abt {
namespace {

// --timer direct, and the graph's fallback: each launch between its own pair of events.
class DirectSource : public SampleSource {
 public:
  DirectSource(const DeviceTarget& target, const TimedCall& call)
      : target_(target), driver_(target.context().driver()), call_(call), start_(driver_), end_(driver_) {}
  TimingMethod method() const override { return TimingMethod::direct; }

  void call() override {
    reset();
    call_.launch();
  }
  void settle() override { target_.stream().synchronize("the calls before timing"); }

  double timed_call_us() override {
    reset();
    start_.record(target_.stream());
    call_.launch();
    end_.record(target_.stream());
    return DeviceEvent::elapsed_ms(start_, end_) * 1000.0;
  }

  SampleBatch take_samples(size_t) override { return {{timed_call_us()}, 1}; }

  double warm_up_calls_us(int n) override {
    start_.record(target_.stream());
    for (int i = 0; i < n; ++i) call();
    end_.record(target_.stream());
    return DeviceEvent::elapsed_ms(start_, end_) * 1000.0 / std::max(1, n);
  }

 protected:
  void reset() {
    if (call_.reset) call_.reset();
  }
  const DeviceTarget& target_;
  const CudaDriver& driver_;
  const TimedCall& call_;
  DeviceEvent start_, end_;
};

// --timer graph: the discarded call, the single call and the warm-up are direct launches (the
// explicit pre-capture warm-up); then k launches are captured into one graph, replayed per sample.
class GraphSource : public DirectSource {
 public:
  GraphSource(const DeviceTarget& target, const TimedCall& call, const GraphFaultInjection& faults)
      : DirectSource(target, call), faults_(faults) {}
  TimingMethod method() const override { return TimingMethod::graph; }

  void enter(Phase phase) override {
    if (phase == Phase::warm_up && faults_.at(GraphPhase::warmup)) unavailable(GraphPhase::warmup, injected(GraphPhase::warmup));
  }

  long long begin_sampling(double single_call_us, const TimingSettings& settings) override {
    k_ = graph_launch_count(single_call_us, settings.rep_ms, bool(call_.reset));
    capture();
    if (faults_.at(GraphPhase::instantiate)) unavailable(GraphPhase::instantiate, injected(GraphPhase::instantiate));
    CUgraphExec raw_exec = nullptr;
    CUresult instantiated = driver_.graph_instantiate(&raw_exec, graph_->get(), 0);
    if (instantiated != CUDA_SUCCESS)
      unavailable(GraphPhase::instantiate, "cuGraphInstantiate: " + driver_.message(instantiated));
    exec_.emplace(driver_, raw_exec);
    // The first replay uploads the graph: untimed.
    reset();
    replay();
    target_.stream().synchronize("the first graph replay");
    return k_;
  }

  SampleBatch take_samples(size_t) override {
    reset();
    start_.record(target_.stream());
    replay();
    end_.record(target_.stream());
    return {{DeviceEvent::elapsed_ms(start_, end_) * 1000.0 / k_}, k_};
  }

 private:
  [[noreturn]] static void unavailable(GraphPhase phase, const std::string& reason) {
    throw SourceUnavailable{no_cudagraph_marker(phase, reason)};
  }
  static std::string injected(GraphPhase phase) {
    return "injected by --test-graph-fault " + std::string(spelling(phase));
  }

  void capture() {
    if (faults_.at(GraphPhase::capture)) unavailable(GraphPhase::capture, injected(GraphPhase::capture));
    CUstream stream = target_.stream().get();
    CUresult begun = driver_.begin_capture(stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
    if (begun != CUDA_SUCCESS) unavailable(GraphPhase::capture, "cuStreamBeginCapture: " + driver_.message(begun));
    std::string failure;
    try {
      for (int i = 0; i < k_; ++i) call_.launch();
    } catch (const DeviceFault&) {
      throw;
    } catch (const std::exception& error) {
      failure = error.what();
    }
    CUgraph raw_graph = nullptr;
    CUresult ended = driver_.end_capture(stream, &raw_graph);  // always: the stream leaves capture mode
    if (raw_graph) graph_.emplace(driver_, raw_graph);
    if (!failure.empty()) unavailable(GraphPhase::capture, failure);
    if (ended != CUDA_SUCCESS || !raw_graph) unavailable(GraphPhase::capture, "cuStreamEndCapture: " + driver_.message(ended));
  }

  void replay() {
    if (faults_.at(GraphPhase::replay))
      unavailable(GraphPhase::replay, "cuGraphLaunch: " + driver_.message(CUDA_ERROR_NOT_SUPPORTED) + " (" +
                                          injected(GraphPhase::replay) + ")");
    CUresult launched = driver_.graph_launch(exec_->get(), target_.stream().get());
    if (launched != CUDA_SUCCESS) unavailable(GraphPhase::replay, "cuGraphLaunch: " + driver_.message(launched));
  }

  const GraphFaultInjection& faults_;
  int k_ = 1;
  std::optional<Graph> graph_;
  std::optional<GraphExec> exec_;
};

class DeviceTimer : public Timer {
 public:
  DeviceTimer(const DeviceTarget& target, bool start_cupti, GraphFaultInjection faults)
      : target_(target), faults_(faults) {
    if (start_cupti) cupti_ = std::make_unique<CuptiTimer>(target_);
  }

  Measurement measure(const TimedCall& call, const TimingSettings& settings) override {
    switch (settings.timer) {
      case TimerKind::cupti:
        if (!cupti_) cupti_ = std::make_unique<CuptiTimer>(target_);
        return cupti_->measure(call, settings);
      case TimerKind::direct: {
        DirectSource direct(target_, call);
        return measure_in_phases(direct, nullptr, settings);
      }
      case TimerKind::graph: {
        GraphSource graph(target_, call, faults_);
        DirectSource direct(target_, call);
        return measure_in_phases(graph, &direct, settings);
      }
    }
    throw PointError("unknown timer");
  }

 private:
  const DeviceTarget& target_;
  GraphFaultInjection faults_;
  std::unique_ptr<CuptiTimer> cupti_;
};

}  // namespace

std::unique_ptr<Timer> make_device_timer(const DeviceTarget& target, bool start_cupti, GraphFaultInjection faults) {
  return std::make_unique<DeviceTimer>(target, start_cupti, faults);
}

}  // namespace abt
