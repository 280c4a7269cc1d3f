#include "model/point_record.h"

namespace abt {

bool PointRecord::has_marker(MarkerKind kind) const {
  for (const auto& marker : markers)
    if (marker.kind == kind) return true;
  return false;
}

RooflineFigures roofline_figures(const Roofline& roofline, double median_us) {
  const auto& [flops, bytes, peak_tflops, peak_gbps, peak_source] = roofline;
  RooflineFigures figures;
  if (median_us > 0) {
    if (flops) figures.tflops = *flops / (median_us * 1e-6) / 1e12;
    if (bytes) figures.gbps = *bytes / (median_us * 1e-6) / 1e9;
    if (flops && peak_tflops) figures.pct_peak_compute = 100.0 * *figures.tflops / *peak_tflops;
    if (bytes && peak_gbps) figures.pct_peak_memory = 100.0 * *figures.gbps / *peak_gbps;
  }
  if (flops && bytes && *bytes > 0) figures.arithmetic_intensity = *flops / *bytes;
  if (peak_tflops && peak_gbps) {
    figures.ridge_point = *peak_tflops * 1e12 / (*peak_gbps * 1e9);
    if (figures.arithmetic_intensity) figures.memory_bound = *figures.arithmetic_intensity < *figures.ridge_point;
  }
  return figures;
}

}  // namespace abt
