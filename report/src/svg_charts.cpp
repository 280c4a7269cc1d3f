#include "svg_charts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "html_text.h"
#include "number_text.h"
#include "stats/summary.h"

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

// Every chart is drawn on a canvas this wide and scaled to the page's width (CSS: svg.chart).
constexpr double kCanvasWidth = 1200;

// A label the chart's label column holds: a long one keeps its end (the shape and dtype), its
// whole text is in the bar's title.
constexpr size_t kLabelChars = 60;
std::string shown_label(const std::string& label) {
  return label.size() <= kLabelChars ? label : "..." + label.substr(label.size() - (kLabelChars - 3));
}

std::string svg_open(const char* kind, double height, const std::string& label) {
  return fmt::format("<svg class=\"chart {0}\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {1:.0f} {2:.0f}\" "
                     "width=\"{1:.0f}\" height=\"{2:.0f}\" preserveAspectRatio=\"xMinYMin meet\" role=\"img\" "
                     "aria-label=\"{3}\">\n",
                     kind, kCanvasWidth, height, html_escape(label));
}

}  // namespace

std::string speedup_chart(std::vector<SpeedupBar> bars, double threshold_pct) {
  std::stable_sort(bars.begin(), bars.end(), [](const SpeedupBar& x, const SpeedupBar& y) { return x.speedup < y.speedup; });
  const double band = 1 + threshold_pct / 100;
  double low = 1 / band, high = band;
  for (const auto& bar : bars) low = std::min({low, bar.low, bar.speedup}), high = std::max({high, bar.high, bar.speedup});
  low /= 1.02, high *= 1.02;
  size_t label_chars = 5;
  for (const auto& bar : bars) label_chars = std::max(label_chars, bar.label.size());
  const double left = 10 + 6.6 * double(std::min(label_chars, kLabelChars)), right = kCanvasWidth - 30, row = 16, top = 24;
  const double height = top + row * double(bars.size()) + 42;  // the axis title, then the legend
  const LogAxis axis{low, high, left, right};
  std::string svg = svg_open("speedups", height, "speedup B vs A per point, sorted, with 95% intervals");
  svg += fmt::format("<rect x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"{:.0f}\" fill=\"#eaeef2\"><title>within "
                     "--threshold {}% of 1</title></rect>\n",
                     axis.at(1 / band), top - 4, axis.at(band) - axis.at(1 / band), row * double(bars.size()) + 8,
                     threshold_pct);
  // The range's ends are labelled too (a narrow range may hold no round tick but 1), unless a
  // round tick's label is so near that the two would overlap.
  std::vector<double> ticks = log_ticks(low, high);
  for (double end : {low * 1.005, high / 1.005})
    if (std::none_of(ticks.begin(), ticks.end(), [&](double tick) { return std::fabs(axis.at(tick) - axis.at(end)) < 48; }))
      ticks.push_back(end);
  for (double tick : ticks) {
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" stroke=\"#d0d7de\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" font-size=\"10\" text-anchor=\"middle\">{4}x</text>\n",
                       axis.at(tick), top - 4, height - 38, top - 10, significant_text(tick, 3));
  }
  svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2:.0f}\" stroke=\"#24292f\"/>\n", axis.at(1),
                     top - 4, height - 38);
  for (size_t i = 0; i < bars.size(); ++i) {
    const SpeedupBar& bar = bars[i];
    const double y = top + row * double(i) + row / 2;
    const char* colour = verdict_colour(bar.verdict);
    svg += fmt::format(
        "<g class=\"bar\" data-point=\"{0}\"><title>{0}: {1:.3f}x [{2:.3f}, {3:.3f}] {4}</title>"
        "<text x=\"{5:.1f}\" y=\"{6:.1f}\" font-size=\"11\" text-anchor=\"end\" font-family=\"monospace\">{11}</text>"
        "<line x1=\"{7:.1f}\" x2=\"{8:.1f}\" y1=\"{6:.1f}\" y2=\"{6:.1f}\" stroke=\"{9}\" stroke-width=\"3\"/>"
        "<circle cx=\"{10:.1f}\" cy=\"{6:.1f}\" r=\"4\" fill=\"{9}\"/></g>\n",
        html_escape(bar.label), bar.speedup, bar.low, bar.high, bar.verdict, left - 8, y - 4 + 8, axis.at(bar.low),
        std::max(axis.at(bar.high), axis.at(bar.low) + 1), colour, axis.at(bar.speedup), html_escape(shown_label(bar.label)));
  }
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.0f}\" font-size=\"11\" text-anchor=\"middle\">speedup B vs A (above 1: B "
                     "is faster), log scale</text>\n",
                     (left + right) / 2, height - 22);
  // The legend: a dot is the point's speedup, its bar the 95% interval, coloured by verdict.
  double x = 10;
  svg += fmt::format("<g class=\"legend\"><text x=\"{:.0f}\" y=\"{:.0f}\" font-size=\"11\">dot: speedup, bar: 95% "
                     "interval; grey band: within --threshold</text>",
                     x, height - 4);
  x = right - 5 * 92;
  for (const char* verdict : {"FASTER", "SLOWER", "SAME", "AMBIGUOUS", "UNTRUSTED"}) {
    svg += fmt::format("<circle cx=\"{0:.0f}\" cy=\"{1:.0f}\" r=\"4\" fill=\"{2}\"/><text x=\"{3:.0f}\" y=\"{4:.0f}\" "
                       "font-size=\"11\">{5}</text>",
                       x, height - 8, verdict_colour(verdict), x + 8, height - 4, verdict);
    x += 92;
  }
  svg += "</g>\n</svg>\n";
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
  const double left = 70, right = kCanvasWidth - 30, top = 20, bottom = 460, height = 510;
  const LogAxis x{x_low, x_high, left, right};
  const LogAxis y_up{y_low, y_high, 0, bottom - top};
  auto y_at = [&](double value) { return bottom - y_up.at(value); };
  std::string svg = svg_open("roofline", height, "roofline: achieved TFLOP/s over arithmetic intensity, A and B");
  svg += fmt::format("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" fill=\"none\" stroke=\"#d0d7de\"/>\n", left,
                     top, right - left, bottom - top);
  for (double tick : log_ticks(x_low, x_high))
    svg += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" stroke=\"#eaeef2\"/><text x=\"{0:.1f}\" "
                       "y=\"{3}\" font-size=\"10\" text-anchor=\"middle\">{4}</text>\n",
                       x.at(tick), top, bottom, bottom + 14, tick_text(tick));
  for (double tick : log_ticks(y_low, y_high))
    svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"{2:.1f}\" y2=\"{2:.1f}\" stroke=\"#eaeef2\"/><text x=\"{3}\" "
                       "y=\"{4:.1f}\" font-size=\"10\" text-anchor=\"end\">{5}</text>\n",
                       left, right, y_at(tick), left - 4, y_at(tick) + 3, tick_text(tick));
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
        "<g class=\"roof-point\" data-point=\"{0}\"><title>{0}: {1} flop/byte, A {2} TFLOP/s, B {3} "
        "TFLOP/s</title><line x1=\"{4:.1f}\" x2=\"{4:.1f}\" y1=\"{5:.1f}\" y2=\"{6:.1f}\" stroke=\"#8c959f\"/>"
        "<circle cx=\"{4:.1f}\" cy=\"{5:.1f}\" r=\"4\" fill=\"white\" stroke=\"#0969da\" stroke-width=\"1.5\"/>"
        "<circle cx=\"{4:.1f}\" cy=\"{6:.1f}\" r=\"3.5\" fill=\"#cf222e\"/></g>\n",
        html_escape(point.label), significant_text(point.intensity), significant_text(point.a_tflops),
        significant_text(point.b_tflops), px, y_at(point.a_tflops),
        y_at(point.b_tflops));
  }
  svg += fmt::format(
      "<text x=\"{0}\" y=\"{4}\" font-size=\"11\" text-anchor=\"middle\">arithmetic intensity (flop/byte)</text>"
      "<text x=\"14\" y=\"{1}\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 {1})\">TFLOP/s</text>"
      "<circle cx=\"{2}\" cy=\"32\" r=\"4\" fill=\"white\" stroke=\"#0969da\" stroke-width=\"1.5\"/><text x=\"{3}\" y=\"36\" "
      "font-size=\"11\">A</text><circle cx=\"{2}\" cy=\"48\" r=\"3.5\" fill=\"#cf222e\"/><text x=\"{3}\" y=\"52\" "
      "font-size=\"11\">B</text>\n</svg>\n",
      (left + right) / 2, (top + bottom) / 2, right - 40, right - 32, height - 15);
  return svg;
}

// Where a side's bulk lies: Tukey's far fences (3 interquartile ranges beyond the quartiles),
// inside the side's own range.
std::pair<double, double> bulk_of(const std::vector<double>& sorted) {
  const double q1 = quantile_sorted(sorted, 0.25), q3 = quantile_sorted(sorted, 0.75), spread = 3 * (q3 - q1);
  return {std::max(sorted.front(), q1 - spread), std::min(sorted.back(), q3 + spread)};
}

std::string distribution_chart(const std::vector<double>& a_us, const std::vector<double>& b_us) {
  std::vector<double> a_sorted(a_us), b_sorted(b_us);
  std::sort(a_sorted.begin(), a_sorted.end());
  std::sort(b_sorted.begin(), b_sorted.end());
  // The axis spans both sides' bulk, so one far sample cannot squeeze the rest into a few pixels;
  // samples beyond it are counted at the edge they fall past.
  double low = INFINITY, high = -INFINITY;
  for (const auto* sorted : {&a_sorted, &b_sorted})
    if (!sorted->empty()) {
      auto [bulk_low, bulk_high] = bulk_of(*sorted);
      low = std::min(low, bulk_low), high = std::max(high, bulk_high);
    }
  if (!std::isfinite(low) || !std::isfinite(high)) low = 0, high = 1;
  if (!(high > low)) {
    const double pad = std::max(std::fabs(low) * 0.01, 1e-9);
    low -= pad, high += pad;
  }
  const double left = 24, right = kCanvasWidth - 110, height = 62;
  auto x_at = [&](double value) { return left + (right - left) * (std::clamp(value, low, high) - low) / (high - low); };
  std::string svg = svg_open("distribution", height, "samples of A and B");
  auto side = [&](const std::vector<double>& sorted, double y, const char* colour, const char* name) {
    if (sorted.empty()) return;
    // At most 200 ticks a side: evenly spaced quantiles stand for the rest.
    const size_t shown = std::min<size_t>(sorted.size(), 200);
    std::string ticks;
    for (size_t i = 0; i < shown; ++i) {
      const double value = shown == sorted.size() ? sorted[i] : quantile_sorted(sorted, (double(i) + 0.5) / double(shown));
      if (value >= low && value <= high) ticks += fmt::format("M{:.1f},{:.0f}v10", x_at(value), y - 5);
    }
    const double median = quantile_sorted(sorted, 0.5);
    svg += fmt::format("<text x=\"4\" y=\"{:.0f}\" font-size=\"11\">{}</text><path d=\"{}\" stroke=\"{}\" "
                       "stroke-opacity=\"0.35\"/><line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.0f}\" y2=\"{:.0f}\" stroke=\"{}\" "
                       "stroke-width=\"2.5\"><title>{} median {}, n {}</title></line>\n",
                       y + 4, name, ticks, colour, x_at(median), x_at(median), y - 8, y + 8, colour, name, time_text(median),
                       sorted.size());
    const auto below = size_t(std::lower_bound(sorted.begin(), sorted.end(), low) - sorted.begin());
    const auto above = size_t(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), high));
    if (below)
      svg += fmt::format("<g class=\"outliers\" data-count=\"{0}\"><title>{1}: {0} sample(s) below the axis, down to "
                         "{2}</title><path d=\"M{3:.1f},{4:.0f}l6,-5v10z\" fill=\"{5}\"/></g>\n",
                         below, name, time_text(sorted.front()), left - 8, y, colour);
    if (above)
      svg += fmt::format("<g class=\"outliers\" data-count=\"{0}\"><title>{1}: {0} sample(s) beyond the axis, up to "
                         "{2}</title><path d=\"M{3:.1f},{4:.0f}l-6,-5v10z\" fill=\"{5}\"/><text x=\"{6:.1f}\" "
                         "y=\"{7:.0f}\" font-size=\"10\">{0} to {8}</text></g>\n",
                         above, name, time_text(sorted.back()), right + 8, y, colour, right + 10, y + 4,
                         time_text(sorted.back()));
  };
  side(a_sorted, 12, "#0969da", "A");
  side(b_sorted, 32, "#cf222e", "B");
  const std::string range = time_range_text(low, high);
  const std::string low_text = range.substr(0, range.find('-')), high_text = range.substr(range.find('-') + 1);
  svg += fmt::format("<line x1=\"{0}\" x2=\"{1}\" y1=\"44\" y2=\"44\" stroke=\"#d0d7de\"/><text class=\"axis\" x=\"{0}\" "
                     "y=\"57\" font-size=\"10\">{2}</text><text class=\"axis\" x=\"{1}\" y=\"57\" font-size=\"10\" "
                     "text-anchor=\"end\">{3}</text>\n</svg>\n",
                     left, right, low_text, high_text);
  return svg;
}

}  // namespace abt
