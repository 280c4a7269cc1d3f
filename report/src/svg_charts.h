// The report's charts, drawn as inline SVG from the numbers (no script): each returns one <svg>,
// drawn on a 1200-unit-wide canvas that the page scales to its width.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace abt {

// One row per point, sorted by speedup: the interval as a bar, the speedup as a dot, coloured by
// verdict; a line at 1 and the threshold's band. Log scale.
struct SpeedupBar {
  std::string label, verdict;
  double speedup = 1, low = 1, high = 1;
};
std::string speedup_chart(std::vector<SpeedupBar> bars, double threshold_pct);

// Log-log roofline: achieved TFLOP/s over arithmetic intensity, A hollow and B filled, joined by
// a line; the device's roofs when its peaks are known.
struct RooflinePoint {
  std::string label;
  double intensity = 0;             // flops per byte
  double a_tflops = 0, b_tflops = 0;
};
std::string roofline_chart(const std::vector<RooflinePoint>& points, std::optional<double> peak_tflops,
                           std::optional<double> peak_gbps);

// A point's samples, A's row above B's, each sample a tick and each median a bar; the axis spans
// both sides' bulk (within 3 interquartile ranges of the quartiles), and the samples beyond it are
// a marker at the edge with their count and the farthest value.
std::string distribution_chart(const std::vector<double>& a_us, const std::vector<double>& b_us);

}  // namespace abt
