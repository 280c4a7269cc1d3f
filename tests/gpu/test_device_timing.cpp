// The device target and the graph / direct / CUPTI timers on a real GPU, with the example saxpy op.
// Skipped, with the reason, where there is no driver or device.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "compilers/compiler.h"
#include "on_device.h"
#include "graphtime/device_clock_probe.h"
#include "graphtime/device_timer.h"
#include "launch/gpu_activity.h"
#include "stats/summary.h"
#include "launch/device_target.h"
#include "launch/point_workspace.h"
#include "util/files.h"

namespace abt {
namespace fs = std::filesystem;

class DeviceTiming : public OnDevice {
 protected:
  void SetUp() override {
    OnDevice::SetUp();
    if (unavailable()) return;
    const std::string fill = reference_binary(device_fill_source(), "abt_fill_fp32");
    if (HasFailure()) return;
    target_ = std::make_unique<DeviceTarget>(0, fill);
    op_ = find_op_spec(fs::path(ABTOOL_TEST_SOURCE_DIR) / "examples" / "ops", "saxpy");
    compiler_ = make_compiler(parse_compiler_spec("nvrtc", "", {}), device_->arch);
    fs::create_directories(work_.path() / "v");
    variant_ = compiler_->compile({op_.source, op_.kernel, &op_.args, {{"BLOCK", "256"}, {"ITEMS", "4"}}, DType::fp32,
                                   work_.path() / "v", {}});
    ASSERT_TRUE(variant_.ok) << variant_.log;
  }

  std::unique_ptr<LoadedVariant> load(const Point& point) {
    LaunchPlan plan{launch_geometry(op_, *op_.launch, point, {{"BLOCK", "256"}, {"ITEMS", "4"}}), std::nullopt, std::nullopt};
    return target_->load(variant_.binary, variant_.entry_symbol, plan);
  }

  Measurement time(const Point& point, TimerKind timer_kind, std::optional<GraphPhase> fault = std::nullopt) {
    auto workspace = target_->make_workspace(op_, point, 7);
    auto kernel = load(point);
    auto timer = make_device_timer(*target_, false, GraphFaultInjection{fault});
    TimedCall call{[&] { kernel->launch(workspace->args()); }, {}, kernel->symbols()};
    TimingSettings settings;
    settings.timer = timer_kind;
    settings.warmup_ms = 5;
    settings.rep_ms = 20;
    return timer->measure(call, settings);
  }

  std::unique_ptr<CompilerBackend> compiler_;
  std::unique_ptr<DeviceTarget> target_;
  OpSpec op_;
  CompiledVariant variant_;
};

TEST_F(DeviceTiming, InputsGeneratedOnTheDeviceEqualTheHostGenerator) {
  Point point{"saxpy", {100003}, DType::fp32};
  auto device = target_->make_workspace(op_, point, 11);
  PointWorkspace host(op_, point, 11);
  EXPECT_EQ(device->input_digest(), host.input_digest()) << "uniform inputs must be bit-identical on host and device";
  auto other_seed = target_->make_workspace(op_, point, 12);
  EXPECT_NE(other_seed->input_digest(), device->input_digest());
}

TEST_F(DeviceTiming, PoisonedOutputsReadBackAsNanAndAKernelOverwritesThem) {
  Point point{"saxpy", {4099}, DType::fp32};
  auto workspace = target_->make_workspace(op_, point, 3);
  workspace->poison_outputs();
  OutputSnapshot poisoned = workspace->read_outputs();
  ASSERT_EQ(poisoned.size(), 1u);
  float first;
  std::memcpy(&first, poisoned[0].bytes.data(), 4);
  EXPECT_TRUE(std::isnan(first));
  load(point)->launch(workspace->args());
  OutputSnapshot written = workspace->read_outputs();
  PointWorkspace host(op_, point, 3);
  const float* x = reinterpret_cast<const float*>(host.args()[2]);
  const float* y = reinterpret_cast<const float*>(host.args()[3]);
  const float* out = reinterpret_cast<const float*>(written[0].bytes.data());
  for (size_t i = 0; i < 4099; ++i) ASSERT_NEAR(out[i], 2.5f * x[i] + y[i], 1e-6) << i;
}

TEST_F(DeviceTiming, GraphTimingUsesAGraphAndBeatsDirectLaunchOverheadOnATinyKernel) {
  Point tiny{"saxpy", {4096}, DType::fp32};
  Measurement graph = time(tiny, TimerKind::graph);
  Measurement direct = time(tiny, TimerKind::direct);
  EXPECT_EQ(graph.method, TimingMethod::graph);
  EXPECT_TRUE(graph.markers.empty()) << graph.markers.front().text();
  EXPECT_EQ(direct.method, TimingMethod::direct);
  EXPECT_GE(graph.warmup_calls, 5);
  EXPECT_LE(graph.warmup_calls, 200);
  ASSERT_GE(graph.samples_us.size(), 10u);
  double graph_us = median_of(graph.samples_us), direct_us = median_of(direct.samples_us);
  std::cout << "saxpy 4096: graph " << graph_us << " us/launch, direct " << direct_us << " us/launch\n";
  EXPECT_GT(graph_us, 0.5);
  EXPECT_LT(graph_us, direct_us) << "a graph removes per-launch CPU overhead";
}

TEST_F(DeviceTiming, EveryGraphPhaseFallsBackToDirectTimingWithItsMarker) {
  Point point{"saxpy", {1 << 20}, DType::fp32};
  for (GraphPhase phase : {GraphPhase::warmup, GraphPhase::capture, GraphPhase::instantiate, GraphPhase::replay}) {
    Measurement measured = time(point, TimerKind::graph, phase);
    const std::string name(spelling(phase));
    EXPECT_EQ(measured.method, TimingMethod::direct) << name;
    ASSERT_EQ(measured.markers.size(), 1u) << name;
    EXPECT_EQ(measured.markers[0].text().rfind("BENCHMARK_DIRECT_NO_CUDAGRAPH phase=" + name + " reason=\"", 0), 0u)
        << measured.markers[0].text();
    EXPECT_GE(measured.samples_us.size(), 10u) << name;
  }
}

TEST_F(DeviceTiming, ALaunchThatSynchronizesCannotBeCapturedAndFallsBack) {
  Point point{"saxpy", {1 << 16}, DType::fp32};
  auto workspace = target_->make_workspace(op_, point, 7);
  auto kernel = load(point);
  auto timer = make_device_timer(*target_);
  // Like an op that reads a device value back to size its next launch: a stream sync inside the call.
  TimedCall call{[&] {
                   kernel->launch(workspace->args());
                   target_->stream().synchronize("reading back a size");
                 },
                 {}, kernel->symbols()};
  TimingSettings settings;
  settings.warmup_ms = 5;
  settings.rep_ms = 20;
  Measurement measured = timer->measure(call, settings);
  EXPECT_EQ(measured.method, TimingMethod::direct);
  ASSERT_EQ(measured.markers.size(), 1u);
  EXPECT_EQ(measured.markers[0].text().rfind("BENCHMARK_DIRECT_NO_CUDAGRAPH phase=capture reason=\"reading back a size", 0), 0u)
      << measured.markers[0].text();
  // The stream left capture mode: the point goes on running.
  kernel->launch(workspace->args());
  EXPECT_EQ(workspace->read_outputs().size(), 1u);
}

TEST_F(DeviceTiming, CuptiCountsOnlyTheOpsKernelsAfterAnL2Flush) {
  Point point{"saxpy", {1 << 22}, DType::fp32};
  Measurement cupti = time(point, TimerKind::cupti);
  EXPECT_EQ(cupti.method, TimingMethod::cupti);
  ASSERT_GE(cupti.samples_us.size(), 10u);
  Measurement graph = time(point, TimerKind::graph);
  const double cupti_us = median_of(cupti.samples_us), graph_us = median_of(graph.samples_us);
  std::cout << "saxpy 4M: cupti " << cupti_us << " us (cold L2), graph " << graph_us << " us/launch\n";
  // 48 MiB moved per call: both see a memory-bound kernel of the same order.
  EXPECT_GT(cupti_us, 0.5 * graph_us);
  EXPECT_LT(cupti_us, 2.0 * graph_us);

  // A call that launches nothing on abtool's stream has no duration to report.
  auto timer = make_device_timer(*target_);
  TimedCall nothing{[] {}, {}, {"saxpy"}};
  TimingSettings settings;
  settings.timer = TimerKind::cupti;
  EXPECT_THROW(timer->measure(nothing, settings), PointError);
}

}  // namespace abt

namespace abt {

TEST_F(DeviceTiming, TheClockProbeReadsTheSmClockAfterWork) {
  const std::string probe_cubin = reference_binary(clock_probe_source(), kClockProbeKernel);
  ASSERT_FALSE(HasFailure());
  auto probe = make_device_clock_probe(*target_, probe_cubin);
  time(Point{"saxpy", {1 << 24}, DType::fp32}, TimerKind::graph);  // load first: the clock rises under it
  const double mhz = probe->sm_clock_mhz();
  std::cout << "SM clock after a graph measurement: " << mhz << " MHz (maximum " << probe->max_clock_mhz() << ")\n";
  EXPECT_GT(mhz, 0.5 * probe->max_clock_mhz());
  EXPECT_LT(mhz, 1.2 * probe->max_clock_mhz());
}

TEST_F(DeviceTiming, NvmlListsTheProcessesOnTheDevice) {
  auto activity = make_nvml_activity();
  auto others = activity->other_processes(target_->context().pci_bus_id());
  ASSERT_TRUE(others.has_value()) << activity->unavailable_reason();
  std::cout << "other compute processes on " << target_->context().pci_bus_id() << ": " << others->size() << "\n";
}

}  // namespace abt
