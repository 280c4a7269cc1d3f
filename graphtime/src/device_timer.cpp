#include "graphtime/device_timer.h"

#include <chrono>
#include <optional>

#include "graphtime/cupti_timer.h"
#include "graphtime/graph_plan.h"
#include "graphtime/warmup.h"

namespace abt {
namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A graph phase failed: the measurement continues without a graph.
struct GraphUnavailable {
  GraphPhase phase;
  std::string reason;
};

class DeviceTimer : public Timer {
 public:
  DeviceTimer(const DeviceTarget& target, bool start_cupti) : target_(target), driver_(target.context().driver()) {
    if (start_cupti) cupti_ = std::make_unique<CuptiTimer>(target_);
  }

  std::string method() const override { return "device"; }

  Measurement measure(const TimedCall& call, const TimingSettings& settings) override {
    if (settings.timer == "cupti") {
      if (!cupti_) cupti_ = std::make_unique<CuptiTimer>(target_);
      return cupti_->measure(call, settings);
    }
    Measurement result;
    const double single_us = steady_single_call_us(call, result);
    result.warmup_calls = warmup_call_count(single_us, settings.warmup_ms);
    bool warmed_up = false;
    if (settings.timer == "graph") {
      try {
        if (fault_injected(GraphPhase::warmup))
          throw GraphUnavailable{GraphPhase::warmup, "injected by ABTOOL_TEST_GRAPH_FAULT=warmup"};
        warm_up(call, result);
        warmed_up = true;
        measure_graph(call, settings, single_us, result);
        result.method = "graph";
        return result;
      } catch (const GraphUnavailable& failure) {
        result.markers.push_back(no_graph_marker(failure.phase, failure.reason));
        result.samples_us.clear();
      }
    }
    if (!warmed_up) warm_up(call, result);
    measure_direct(call, settings, result);
    result.method = "direct";
    return result;
  }

 private:
  void reset(const TimedCall& call) {
    if (call.reset) call.reset();
  }

  // Step 1 (the discarded call) and the steady single-call time the warm-up count comes from.
  double steady_single_call_us(const TimedCall& call, Measurement& result) {
    reset(call);
    call.launch();
    target_.stream().synchronize("the discarded first call");
    DeviceEvent start(driver_), end(driver_);
    reset(call);
    start.record(target_.stream());
    call.launch();
    end.record(target_.stream());
    result.launches += 2;
    return DeviceEvent::elapsed_ms(start, end) * 1000.0;
  }

  // Step 2: the explicit warm-up, launched directly before anything is captured.
  void warm_up(const TimedCall& call, Measurement& result) {
    for (int i = 0; i < result.warmup_calls; ++i) {
      reset(call);
      call.launch();
    }
    result.launches += result.warmup_calls;
    target_.stream().synchronize("the warm-up calls");
  }

  // Step 3: k launches in one graph, replayed until the round's budget is spent.
  void measure_graph(const TimedCall& call, const TimingSettings& settings, double single_us, Measurement& result) {
    const int k = graph_launch_count(single_us, settings.rep_ms, bool(call.reset));
    std::optional<Graph> graph;
    capture(call, k, graph);

    if (fault_injected(GraphPhase::instantiate))
      throw GraphUnavailable{GraphPhase::instantiate, "injected by ABTOOL_TEST_GRAPH_FAULT=instantiate"};
    CUgraphExec raw_exec = nullptr;
    CUresult instantiated = driver_.graph_instantiate(&raw_exec, graph->get(), 0);
    if (instantiated != CUDA_SUCCESS)
      throw GraphUnavailable{GraphPhase::instantiate, "cuGraphInstantiate: " + driver_.message(instantiated)};
    GraphExec exec(driver_, raw_exec);

    DeviceEvent start(driver_), end(driver_);
    auto replay = [&]() -> CUresult {
      if (fault_injected(GraphPhase::replay)) return CUDA_ERROR_NOT_SUPPORTED;
      return driver_.graph_launch(exec.get(), target_.stream().get());
    };
    // The first replay uploads the graph: untimed.
    reset(call);
    if (CUresult first = replay(); first != CUDA_SUCCESS)
      throw GraphUnavailable{GraphPhase::replay, "cuGraphLaunch: " + driver_.message(first) +
                                                     (fault_injected(GraphPhase::replay) ? " (injected by ABTOOL_TEST_GRAPH_FAULT=replay)" : "")};
    target_.stream().synchronize("the first graph replay");
    result.launches += k;

    const auto budget_start = Clock::now();
    while (int(result.samples_us.size()) < settings.max_samples) {
      if (int(result.samples_us.size()) >= settings.min_samples && elapsed_ms(budget_start) >= settings.rep_ms) break;
      reset(call);
      start.record(target_.stream());
      CUresult launched = replay();
      if (launched != CUDA_SUCCESS) throw GraphUnavailable{GraphPhase::replay, "cuGraphLaunch: " + driver_.message(launched)};
      end.record(target_.stream());
      result.samples_us.push_back(DeviceEvent::elapsed_ms(start, end) * 1000.0 / k);
      result.launches += k;
    }
  }

  void capture(const TimedCall& call, int k, std::optional<Graph>& graph) {
    if (fault_injected(GraphPhase::capture))
      throw GraphUnavailable{GraphPhase::capture, "injected by ABTOOL_TEST_GRAPH_FAULT=capture"};
    CUstream stream = target_.stream().get();
    CUresult begun = driver_.begin_capture(stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
    if (begun != CUDA_SUCCESS) throw GraphUnavailable{GraphPhase::capture, "cuStreamBeginCapture: " + driver_.message(begun)};
    std::string failure;
    try {
      for (int i = 0; i < k; ++i) call.launch();
    } catch (const DeviceFault&) {
      throw;
    } catch (const std::exception& error) {
      failure = error.what();
    }
    CUgraph raw_graph = nullptr;
    CUresult ended = driver_.end_capture(stream, &raw_graph);  // always: the stream leaves capture mode
    if (raw_graph) graph.emplace(driver_, raw_graph);
    if (!failure.empty()) throw GraphUnavailable{GraphPhase::capture, failure};
    if (ended != CUDA_SUCCESS || !raw_graph)
      throw GraphUnavailable{GraphPhase::capture, "cuStreamEndCapture: " + driver_.message(ended)};
  }

  // Fallback and --timer direct: each launch between its own pair of events.
  void measure_direct(const TimedCall& call, const TimingSettings& settings, Measurement& result) {
    target_.stream().synchronize("the calls before direct timing");
    DeviceEvent start(driver_), end(driver_);
    const auto budget_start = Clock::now();
    while (int(result.samples_us.size()) < settings.max_samples) {
      if (int(result.samples_us.size()) >= settings.min_samples && elapsed_ms(budget_start) >= settings.rep_ms) break;
      reset(call);
      start.record(target_.stream());
      call.launch();
      end.record(target_.stream());
      result.samples_us.push_back(DeviceEvent::elapsed_ms(start, end) * 1000.0);
      result.launches += 1;
    }
  }

  const DeviceTarget& target_;
  const CudaDriver& driver_;
  std::unique_ptr<CuptiTimer> cupti_;
};

}  // namespace

std::unique_ptr<Timer> make_device_timer(const DeviceTarget& target, bool start_cupti) {
  return std::make_unique<DeviceTimer>(target, start_cupti);
}

}  // namespace abt
