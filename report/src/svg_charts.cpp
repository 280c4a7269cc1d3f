#include "svg_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "html_text.h"
#include "util/statistics.h"

namespace abt {
namespace {

const char* verdict_colour(const std::string& verdict) {
  if (verdict == "FASTER") return "#1a7f37";
  if (verdict == "SLOWER") return "#cf222e";
  if (verdict == "AMBIGUOUS") return "#bf8700";
  if (verdict == "UNTRUSTED") return "#8250df";
  return "#57606a";
}

// A log axis from `low` to `high` onto [x0, x1] pixels.
struct LogAxis {
  double low, high, x0, x1;
  double at(double value) const {
    value = std::clamp(value, low, high);
    return x0 + (x1 - x0) * (std::log(value) - std::log(low)) / (std::log(high) - std::log(low));
  }
};

// Ticks at 1, 2 and 5 times the powers of ten inside [low, high].
std::vector<double> log_ticks(double low, double high) {
  std::vector<double> ticks;
  if (!(low > 0) || !(high > low) || !std::isfinite(high)) return ticks;
  for (int power = int(std::floor(std::log10(low))); power <= int(std::ceil(std::log10(high))); ++power)
    for (double step : {1.0, 2.0, 5.0})
      if (double tick = step * std::pow(10.0, power); tick >= low && tick <= high) ticks.push_back(tick);
  return ticks;
}

std::string number_text(double value) { return fmt::format("{:g}", value); }

}  // namespace

std::string speedup_chart(std::vector<SpeedupBar> bars, double threshold_pct) {
  std::stable_sort(bars.begin(), bars.end(), [](const SpeedupBar& x, const SpeedupBar& y) { return x.speedup < y.speedup; });
  const double band = 1 + threshold_pct / 100;
  double low = 1 / band, high = band;
  for (const auto& bar : bars) low = std::min({low, bar.low, bar.speedup}), high = std::max({high, bar.high, bar.speedup});
  low /= 1.02, high *= 1.02;
  size_t label_chars = 5;
  for (const auto& bar : bars) label_chars = std::max(label_chars, bar.label.size());
  const double left = 10 + 6.6 * double(label_chars), right = left + 520, row = 16, top = 24;
  const double height = top + row * double(bars.size()) + 24;
  const LogAxis axis{low, high, left, right};
  std::string svg = fmt::format(
      "<svg class=\"chart speedups\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "role=\"img\" aria-label=\"speedup B vs A per point, sorted, with 95% intervals\">\n",
      right + 20, height);
  svg += fmt::format("<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.0f}\" fill=\"#eaeef2\"><title>within "
                     "--threshold {}% of 1</title></rect>\n",
                     axis.at(1 / band), top - 4, axis.at(band) - axis.at(1 / band), row * double(bars.size()) + 8,
                     threshold_pct);
  // The range's ends are labelled too: a narrow range may hold no round tick but 1.
  std::vector<double> ticks = log_ticks(low, high);
  ticks.push_back(low * 1.005);
  ticks.push_back(high / 1.005);
  for (double tick : ticks) {
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" stroke=\"#d0d7de\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" font-size=\"10\" text-anchor=\"middle\">{4}x</text>\n",
                       axis.at(tick), top - 4, height - 20, top - 10, fmt::format("{:.3g}", tick));
  }
  svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" stroke=\"#24292f\"/>\n", axis.at(1),
                     top - 4, height - 20);
  for (size_t i = 0; i < bars.size(); ++i) {
    const SpeedupBar& bar = bars[i];
    const double y = top + row * double(i) + row / 2;
    const char* colour = verdict_colour(bar.verdict);
    svg += fmt::format(
        "<g class=\"bar\" data-point=\"{0}\"><title>{0}: {1:.3f}x [{2:.3f}, {3:.3f}] {4}</title>"
        "<text x=\"{5:.1f}\" y=\"{6:.1f}\" font-size=\"11\" text-anchor=\"end\" font-family=\"monospace\">{0}</text>"
        "<line x1=\"{7:.1f}\" x2=\"{8:.1f}\" y1=\"{6:.1f}\" y2=\"{6:.1f}\" stroke=\"{9}\" stroke-width=\"3\"/>"
        "<circle cx=\"{10:.1f}\" cy=\"{6:.1f}\" r=\"4\" fill=\"{9}\"/></g>\n",
        html_escape(bar.label), bar.speedup, bar.low, bar.high, bar.verdict, left - 8, y - 4 + 8, axis.at(bar.low),
        std::max(axis.at(bar.high), axis.at(bar.low) + 1), colour, axis.at(bar.speedup));
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.0f}\" font-size=\"11\" text-anchor=\"middle\">speedup B vs A (above 1: B "
                     "is faster), log scale</text>\n</svg>\n",
                     (left + right) / 2, height - 4);
  return svg;
}

std::string roofline_chart(const std::vector<RooflinePoint>& points, std::optional<double> peak_tflops,
                           std::optional<double> peak_gbps) {
  double x_low = 1e30, x_high = 0, y_low = 1e30, y_high = 0;
  for (const auto& point : points) {
    x_low = std::min(x_low, point.intensity), x_high = std::max(x_high, point.intensity);
    y_low = std::min({y_low, point.a_tflops, point.b_tflops}), y_high = std::max({y_high, point.a_tflops, point.b_tflops});
  }
  const bool roofs = peak_tflops && peak_gbps;
  if (roofs) {
    y_high = std::max(y_high, *peak_tflops);
    const double ridge = *peak_tflops * 1e12 / (*peak_gbps * 1e9);
    x_low = std::min(x_low, ridge / 10), x_high = std::max(x_high, ridge * 10);
  }
  x_low /= 2, x_high *= 2, y_low /= 2, y_high *= 2;
  const double left = 70, right = 650, top = 20, bottom = 380;
  const LogAxis x{x_low, x_high, left, right};
  const LogAxis y_up{y_low, y_high, 0, bottom - top};
  auto y_at = [&](double value) { return bottom - y_up.at(value); };
  std::string svg = fmt::format(
      "<svg class=\"chart roofline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"700\" height=\"430\" role=\"img\" "
      "aria-label=\"roofline: achieved TFLOP/s over arithmetic intensity, A and B\">\n"
      "<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"none\" stroke=\"#d0d7de\"/>\n",
      left, top, right - left, bottom - top);
  for (double tick : log_ticks(x_low, x_high))
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#eaeef2\"/><text x=\"{0:.1f}\" "
                       "y=\"{3}\" font-size=\"10\" text-anchor=\"middle\">{4}</text>\n",
                       x.at(tick), top, bottom, bottom + 14, number_text(tick));
  for (double tick : log_ticks(y_low, y_high))
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#eaeef2\"/><text x=\"{3}\" "
                       "y=\"{4:.1f}\" font-size=\"10\" text-anchor=\"end\">{5}</text>\n",
                       left, right, y_at(tick), left - 4, y_at(tick) + 3, number_text(tick));
  if (roofs) {
    // The memory roof rises as intensity x bandwidth until it meets the compute roof at the ridge.
    std::string path;
    for (int i = 0; i <= 64; ++i) {
      const double intensity = x_low * std::pow(x_high / x_low, i / 64.0);
      const double attainable = std::min(*peak_tflops, intensity * *peak_gbps * 1e9 / 1e12);
      if (attainable < y_low) continue;
      path += fmt::format("{}{:.1f},{:.1f} ", path.empty() ? "M" : "L", x.at(intensity), y_at(attainable));
    }
    svg += fmt::format("<path class=\"roof\" d=\"{}\" fill=\"none\" stroke=\"#24292f\" stroke-width=\"2\"><title>roofs: "
                       "{:.0f} TFLOP/s, {:.0f} GB/s</title></path>\n",
                       path, *peak_tflops, *peak_gbps);
  }
  for (const auto& point : points) {
    const double px = x.at(point.intensity);
    svg += fmt::format(
        "<g class=\"roof-point\" data-point=\"{0}\"><title>{0}: {1:.3g} flop/byte, A {2:.4g} TFLOP/s, B {3:.4g} "
        "TFLOP/s</title><line x1=\"{4:.1f}\" x2=\"{4:.1f}\" y1=\"{5:.1f}\" y2=\"{6:.1f}\" stroke=\"#8c959f\"/>"
        "<circle cx=\"{4:.1f}\" cy=\"{5:.1f}\" r=\"4\" fill=\"white\" stroke=\"#0969da\" stroke-width=\"1.5\"/>"
        "<circle cx=\"{4:.1f}\" cy=\"{6:.1f}\" r=\"3.5\" fill=\"#cf222e\"/></g>\n",
        html_escape(point.label), point.intensity, point.a_tflops, point.b_tflops, px, y_at(point.a_tflops),
        y_at(point.b_tflops));
  }
  svg += fmt::format(
      "<text x=\"{0}\" y=\"415\" font-size=\"11\" text-anchor=\"middle\">arithmetic intensity (flop/byte)</text>"
      "<text x=\"14\" y=\"{1}\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 {1})\">TFLOP/s</text>"
      "<circle cx=\"{2}\" cy=\"32\" r=\"4\" fill=\"white\" stroke=\"#0969da\" stroke-width=\"1.5\"/><text x=\"{3}\" y=\"36\" "
      "font-size=\"11\">A</text><circle cx=\"{2}\" cy=\"48\" r=\"3.5\" fill=\"#cf222e\"/><text x=\"{3}\" y=\"52\" "
      "font-size=\"11\">B</text>\n</svg>\n",
      (left + right) / 2, (top + bottom) / 2, right - 40, right - 32);
  return svg;
}

std::string distribution_chart(const std::vector<double>& a_us, const std::vector<double>& b_us) {
  std::vector<double> both(a_us);
  both.insert(both.end(), b_us.begin(), b_us.end());
  std::sort(both.begin(), both.end());
  double low = quantile_sorted(both, 0.01), high = quantile_sorted(both, 0.99);
  if (!(high > low)) low *= 0.99, high = high * 1.01 + 1e-9;
  const double left = 30, right = 330;
  auto x_at = [&](double value) { return left + (right - left) * (std::clamp(value, low, high) - low) / (high - low); };
  std::string svg = "<svg class=\"chart distribution\" xmlns=\"http://www.w3.org/2000/svg\" width=\"440\" height=\"46\" "
                    "role=\"img\" aria-label=\"samples of A and B\">\n";
  auto side = [&](const std::vector<double>& samples, double y, const char* colour, const char* name) {
    if (samples.empty()) return;
    std::vector<double> sorted(samples);
    std::sort(sorted.begin(), sorted.end());
    // At most 200 ticks a side: evenly spaced quantiles stand for the rest.
    const size_t shown = std::min<size_t>(sorted.size(), 200);
    std::string ticks;
    for (size_t i = 0; i < shown; ++i) {
      const double value = shown == sorted.size() ? sorted[i] : quantile_sorted(sorted, (double(i) + 0.5) / double(shown));
      ticks += fmt::format("M{:.1f},{:.0f}v10", x_at(value), y - 5);
    }
    const double median = quantile_sorted(sorted, 0.5);
    svg += fmt::format("<text x=\"4\" y=\"{:.0f}\" font-size=\"11\">{}</text><path d=\"{}\" stroke=\"{}\" "
                       "stroke-opacity=\"0.35\"/><line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.0f}\" y2=\"{:.0f}\" stroke=\"{}\" "
                       "stroke-width=\"2.5\"><title>{} median {:.4g} us, n {}</title></line>\n",
                       y + 4, name, ticks, colour, x_at(median), x_at(median), y - 8, y + 8, colour, name, median,
                       sorted.size());
  };
  side(a_us, 12, "#0969da", "A");
  side(b_us, 32, "#cf222e", "B");
  svg += fmt::format("<text x=\"{}\" y=\"26\" font-size=\"10\">{:.4g}-{:.4g} us</text>\n</svg>\n", right + 4, low, high);
  return svg;
}

}  // namespace abt
