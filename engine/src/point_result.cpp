// A point's record, made once, when the point ends: its sides' samples and identities, its
// choice's verification and markers, its roofline.
#include <algorithm>
#include <cmath>

#include "pending_point.h"

namespace abt {
namespace {

Roofline roofline_of(const OpSpec& op, const Point& point, const DeviceInfo* device) {
  Roofline roofline;
  Symbols symbols = op.symbols(point.shape, point.dtype, {});
  // A metric with a pole or outside its domain at this point's size (the op's load refuses only
  // one that is nowhere finite) is no figure at all: no GFLOP/s of inf or nan in any table.
  auto figure = [](double value) { return std::isfinite(value) && value >= 0 ? std::optional<double>(value) : std::nullopt; };
  if (!op.flops.empty()) roofline.flops = figure(op.flops.eval(symbols));
  if (!op.bytes.empty()) roofline.bytes = figure(op.bytes.eval(symbols));
  if (device) {
    PeakRates peaks = device_peaks(*device, point.dtype, op.tensor_peak ? ComputeUnit::tensor : ComputeUnit::simt);
    roofline.peak_tflops = peaks.tflops;
    roofline.peak_gbps = peaks.gbps;
    roofline.peak_source = peaks.source;
  }
  return roofline;
}

void add_once(std::vector<Marker>& markers, const std::vector<Marker>& more) {
  for (const auto& marker : more)
    if (std::find(markers.begin(), markers.end(), marker) == markers.end()) markers.push_back(marker);
}

}  // namespace

const Side* find_side(const std::vector<Side>& sides, SideRole role) {
  for (const auto& side : sides)
    if (side.role == role) return &side;
  return nullptr;
}

Side* find_side(std::vector<Side>& sides, SideRole role) {
  return const_cast<Side*>(find_side(const_cast<const std::vector<Side>&>(sides), role));
}

PointRecord point_record(const OpSession& session, const PendingPoint& pending) {
  const OpContext& context = session.context;
  const Choice& choice = pending.choice;
  PointRecord record;
  record.point = pending.point;
  record.kernel = context.op.kernel;
  record.success = pending.error.empty();
  record.error = pending.error;
  record.roofline = roofline_of(context.op, pending.point, context.device);
  if (pending.bench) record.input_digest = pending.bench->input_digest();
  record.config_source = choice.source;
  record.markers = choice.markers;
  record.verify = choice.verify;
  if (choice.verify && !choice.verify->passed()) record.markers.push_back(verify_failed_marker(choice.verify->max_abs, choice.verify->max_rel));
  record.output_digest = choice.output_digest;
  if (context.op.captured)
    if (auto found = context.op.captured->by_point.find(pending.point.id()); found != context.op.captured->by_point.end())
      record.library_config = found->second.library_choice;

  if (const Side* measured = find_side(pending.sides, SideRole::measured)) {
    record.config = measured->config;
    record.variant = measured->variant;
    record.binary_hash = measured->binary_hash;
    record.compile_ms = measured->compile_ms;
    if (!measured->compile_profile.stages.empty()) record.compile_profile = measured->compile_profile;
    record.ir_files = measured->ir_files.all();
    record.binary = measured->binary;
    record.measurement = measured->measurement;
    record.instructions = measured->instructions;
    record.counters = measured->counters;
    record.metrics = measured->metrics;
    record.markers.insert(record.markers.end(), measured->measurement.markers.begin(), measured->measurement.markers.end());
  }
  record.latency = summarize(record.measurement.samples_us);
  if (const Side* baseline = find_side(pending.sides, SideRole::baseline)) {
    record.baseline = Baseline{baseline->measurement, summarize(baseline->measurement.samples_us), baseline->binary_hash,
                               baseline->instructions, baseline->counters, {}, baseline->metrics};
    record.output_vs_baseline = baseline->outputs;
    add_once(record.markers, baseline->measurement.markers);
  }
  if (const Side* own = find_side(pending.sides, SideRole::retuned)) {
    Retuned retuned;
    retuned.config = own->config;
    retuned.variant = own->variant;
    retuned.same_as_pinned = !own->timed();
    retuned.binary_hash = own->binary_hash;
    retuned.ir_files = own->ir_files.all();
    retuned.compile_ms = own->compile_ms;
    retuned.measurement = own->measurement;
    retuned.latency = summarize(own->measurement.samples_us);
    record.retuned = std::move(retuned);
  }
  record.markers.insert(record.markers.end(), pending.markers.begin(), pending.markers.end());
  if (const DeviceInfo* device = context.device) record.gpu = PointGpu{device->index, device->uuid};
  record.time = pending.time;
  if (pending.bench) record.time->phases.add(pending.bench->phases());
  record.markers.insert(record.markers.end(), context.conditions.begin(), context.conditions.end());
  return record;
}

}  // namespace abt
