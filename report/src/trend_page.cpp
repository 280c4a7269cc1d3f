#include "report/trend_page.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "chart_js.h"  // generated: Debian's chart.min.js as kChartJs
#include "html_text.h"
#include "stats/summary.h"

namespace abt {
namespace {

const char* kTrendStyle = R"(
*, *::before, *::after { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px auto; padding: 0 24px; color: #24292f; max-width: 1600px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; border-bottom: 1px solid #d0d7de; }
.muted { color: #57606a; } .facts span { margin-right: 16px; }
.chart { position: relative; height: 300px; width: 100%; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
td, th { padding: 3px 6px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.point { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.regression { color: #cf222e; font-weight: 600; } .improvement { color: #1a7f37; font-weight: 600; }
select { font: inherit; padding: 2px 6px; }
)";

// The page's own script: a chart per op from the data blob, change points marked twice (a triangle
// at the point's value, a dashed line at the build), the tooltip, the op filter.
const char* kTrendScript = R"(
const data = JSON.parse(document.getElementById('trend-data').textContent);
const unit = data.metric.unit;
const text = v => unit === 'x' ? v.toFixed(4) + 'x' : unit === 'us' ? (v >= 1000 ? (v / 1000).toFixed(3) + ' ms' : v.toPrecision(4) + ' us')
                 : v.toPrecision(6) + ' ' + unit;
const colours = ['#0969da', '#bf3989', '#1a7f37', '#bc4c00', '#8250df', '#0a3069', '#953800', '#116329', '#6e7781', '#cf222e'];
// A dashed line at the build each step starts at.
const marks = {
  id: 'changeMarks',
  afterDatasetsDraw(chart) {
    const area = chart.chartArea, x = chart.scales.x, ctx = chart.ctx;
    for (const change of chart.options.plugins.changeMarks.changes) {
      const at = x.getPixelForValue(change.after - 0.5);
      ctx.save();
      ctx.strokeStyle = (change.kind === 'regression' ? '#cf222e' : change.kind === 'machine' ? '#6e7781' : '#1a7f37');
      ctx.setLineDash([5, 4]);
      ctx.beginPath(); ctx.moveTo(at, area.top); ctx.lineTo(at, area.bottom); ctx.stroke();
      ctx.restore();
      window.trendMarks = (window.trendMarks || 0) + 1;
    }
  }
};
window.trendCharts = [];
for (const op of data.ops) {
  const changes = [], steps = [];
  const datasets = op.points.map((point, i) => {
    // The compact columns (value, low, high by build from `first`; null where a build has none) as dots.
    const values = [];
    point.v.forEach((value, k) => {
      if (value === null) return;
      const x = point.first + k;
      values.push({x, y: value / point.scale, point: point.point, value, low: point.lo ? point.lo[k] : null,
                   high: point.hi ? point.hi[k] : null, excluded: point.excluded.includes(x), change: null});
    });
    for (const change of point.changes) {  // each step a triangle on its own dataset, drawn whatever the decimation
      changes.push(change);
      const at = values.find(v => v.x === change.after);
      if (at) { at.change = change; steps.push(at); }
    }
    const colour = colours[i % colours.length];
    // A dot a build where builds are few; over many, the line alone (hovering it still shows each build).
    return {label: point.point, borderColor: colour, backgroundColor: colour, borderWidth: 1.5, tension: 0, spanGaps: true,
            pointRadius: values.length > 150 ? 0 : 2.5, pointHoverRadius: 5, pointHitRadius: 5, data: values};
  });
  if (steps.length) datasets.push({type: 'scatter', label: 'steps', data: steps, pointStyle: 'triangle', pointRadius: 7, pointHoverRadius: 9,
                 backgroundColor: steps.map(v => (v.change.kind === 'regression' ? '#cf222e' : v.change.kind === 'machine' ? '#6e7781' : '#1a7f37')),
                 borderColor: steps.map(v => (v.change.kind === 'regression' ? '#cf222e' : v.change.kind === 'machine' ? '#6e7781' : '#1a7f37'))});
  const last = data.builds.length - 1;
  const chart = new Chart(document.getElementById('chart-' + op.index), {
    type: 'line',
    data: {datasets},
    options: {
      animation: false, responsive: true, maintainAspectRatio: false, parsing: false, normalized: true,
      interaction: {mode: 'nearest', intersect: true},
      scales: {
        x: {type: 'linear', min: 0, max: last, ticks: {maxRotation: 0, autoSkip: true, precision: 0,
                                                     callback: value => Number.isInteger(value) ? data.builds[value] : ''}},
        y: {title: {display: true, text: data.axis}},
      },
      plugins: {
        // Many builds: each line drawn from the least and greatest of the builds a pixel holds.
        decimation: {enabled: true, algorithm: 'min-max'},
        legend: {position: 'bottom', labels: {boxWidth: 10, font: {size: 11}}},
        changeMarks: {changes},
        tooltip: {callbacks: {
          title: items => 'build ' + data.builds[items[0].raw.x],
          label: item => {
            const r = item.raw;
            let line = r.point + ': ' + text(r.value);
            if (r.low !== null && r.high !== null) line += ' [' + text(r.low) + ', ' + text(r.high) + ']';
            if (r.excluded) line += ' (not judged)';
            return line;
          },
          afterLabel: item => {
            const c = item.raw.change;
            return c ? c.kind + ' ' + (c.change_pct >= 0 ? '+' : '') + c.change_pct.toFixed(2) + '% [' + c.low_pct.toFixed(2) + '%, ' +
                       c.high_pct.toFixed(2) + '%] since ' + data.builds[c.before] + ', p = ' + c.pvalue.toPrecision(2)
                     : 'no change point at this build';
          },
        }},
      },
    },
    plugins: [marks],
  });
  window.trendCharts.push(chart);
}
document.getElementById('op-filter').addEventListener('change', event => {
  for (const section of document.querySelectorAll('section.op'))
    section.style.display = event.target.value === '' || section.dataset.op === event.target.value ? '' : 'none';
});
window.trendsDrawnMs = performance.now();  // since the page was asked for: what a reader waits
window.trendsReady = true;
)";

// JSON inside <script>: nothing in it may close the element.
std::string script_safe(std::string json) {
  for (size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 3)) json.replace(at, 2, "<\\/");
  return json;
}

// Five significant digits: the chart and its tooltip show no more, and a page of 200 points over
// 500 builds stays small.
nlohmann::json rounded(double value) { return nlohmann::json::parse(fmt::format("{:.5g}", value)); }

}  // namespace

void write_trend_page(const HistoryStore& store, const HistorySeries& history, const std::vector<Change>& changes,
                      std::ostream& out) {
  std::map<std::string, std::vector<const Change*>> by_point;
  for (const Change& change : changes) by_point[change.point].push_back(&change);
  std::map<std::string, std::vector<const Series*>> by_op;
  for (const Series& series : history.series) by_op[series.op].push_back(&series);

  const bool ratio = history.metric.unit == "x";
  nlohmann::json ops = nlohmann::json::array();
  size_t index = 0;
  for (const auto& [op, members] : by_op) {
    nlohmann::json points = nlohmann::json::array();
    for (const Series* series : members) {
      if (series->values.empty()) continue;  // a point that only ever FAILED: nothing to draw
      // Shapes of one op differ by orders of magnitude: each line is drawn against its own first
      // level (a ratio to a control is drawn as it is); the tooltip says the value itself.
      double scale = 1;
      if (!ratio) {
        std::vector<double> first;
        for (const SeriesValue& value : series->values)
          if (!value.excluded && first.size() < 5) first.push_back(value.value);
        if (!first.empty() && median_of(first) != 0) scale = median_of(first);
      }
      // Columns from the first build it has: a value (null in a gap), its interval where any value has one.
      const size_t first = series->values.front().build, span = series->values.back().build - first + 1;
      nlohmann::json values(span, nullptr), lows(span, nullptr), highs(span, nullptr), excluded = nlohmann::json::array();
      bool intervals = false;
      for (const SeriesValue& value : series->values) {
        const size_t k = value.build - first;
        values[k] = rounded(value.value);
        if (value.low && value.high) {
          lows[k] = rounded(*value.low);
          highs[k] = rounded(*value.high);
          intervals = true;
        }
        if (value.excluded) excluded.push_back(value.build);
      }
      nlohmann::json own = nlohmann::json::array();
      for (const Change* change : by_point[series->point])
        own.push_back({{"before", change->before}, {"after", change->after},
                       {"kind", change->compilers() ? std::string(spelling(change->kind)) : "machine"}, {"cause", spelling(change->cause)},
                       {"change_pct", rounded(change->change_pct)}, {"low_pct", rounded(change->low_pct)},
                       {"high_pct", rounded(change->high_pct)}, {"pvalue", rounded(change->pvalue)}});
      nlohmann::json point{{"point", series->point}, {"scale", rounded(scale)}, {"first", first}, {"v", values},
                           {"excluded", excluded}, {"changes", own}};
      if (intervals) {
        point["lo"] = lows;
        point["hi"] = highs;
      }
      points.push_back(std::move(point));
    }
    ops.push_back({{"op", op}, {"index", index++}, {"points", points}});
  }
  nlohmann::json builds = nlohmann::json::array();
  for (const Build& build : history.builds) builds.push_back(build.label);
  const std::string axis = ratio ? "B / A's code (same process)"
                                 : history.metric.name + " relative to each point's first builds";
  const nlohmann::json data{{"metric", {{"name", history.metric.name}, {"unit", history.metric.unit}}},
                            {"axis", axis},
                            {"builds", builds},
                            {"ops", ops}};

  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>abtool history: " << html_escape(store.file().filename().string()) << "</title>\n<style>" << kTrendStyle
      << "</style>\n</head><body>\n";
  out << "<h1>abtool history: " << html_escape(store.file().string()) << "</h1>\n";
  out << fmt::format("<p class=\"facts\"><span>{}</span><span>metric <b>{}</b> ({}, {} is better)</span><span>{} build(s)</span>"
                     "<span>{} series</span><span>{} change point(s)</span></p>\n",
                     html_escape(store.family_text()), html_escape(history.metric.name), html_escape(history.metric.unit),
                     spelling(history.metric.better), history.builds.size(), history.series.size(), changes.size());
  out << "<p class=\"muted\">Each point's level shifts are found by optimal partitioning in units of its own noise, "
         "where its code changed (a step where the code did not is the machine's, marked so) (docs/history.md). A triangle "
         "marks the first build after a step, a dashed line its build on the chart; hover a dot for its build, value, "
         "interval and what changed there.</p>\n";
  out << "<h2>Change points, newest first</h2>\n";
  if (changes.empty()) out << "<p>No change point.</p>\n";
  else {
    out << "<table><thead><tr><th>point</th><th>between</th><th>change</th><th>95% CI</th><th>p</th><th>kind</th>"
           "<th>code</th></tr></thead><tbody>\n";
    for (const Change& change : changes) {
      const std::string kind = change.compilers() ? std::string(spelling(change.kind)) : "machine";
      const char* code = change.cause == ChangeCause::code_changed     ? "changed"
                         : change.cause == ChangeCause::identical_code ? "identical"
                                                                       : "unknown";
      out << fmt::format("<tr><td class=\"point\">{}</td><td>{} &rarr; {}</td><td class=\"num\">{:+.2f}%</td>"
                         "<td class=\"num\">[{:+.2f}%, {:+.2f}%]</td><td class=\"num\">{:.2g}</td><td class=\"{}\">{}</td>"
                         "<td>{}</td></tr>\n",
                         html_escape(change.point), html_escape(history.builds[change.before].label),
                         html_escape(history.builds[change.after].label), change.change_pct, change.low_pct, change.high_pct,
                         change.pvalue, kind, kind, code);
    }
    out << "</tbody></table>\n";
  }
  out << "<h2>Series by op</h2>\n<p><label>op <select id=\"op-filter\"><option value=\"\">all</option>";
  for (const auto& [op, members] : by_op) out << fmt::format("<option>{}</option>", html_escape(op));
  out << "</select></label></p>\n";
  index = 0;
  for (const auto& [op, members] : by_op)
    out << fmt::format("<section class=\"op\" data-op=\"{0}\"><h3>{0} <span class=\"muted\">({1} point(s))</span></h3>"
                       "<div class=\"chart\"><canvas id=\"chart-{2}\"></canvas></div></section>\n",
                       html_escape(op), members.size(), index++);
  out << "<script type=\"application/json\" id=\"trend-data\">" << script_safe(data.dump()) << "</script>\n";
  out << "<script>" << kChartJs << "</script>\n<script>" << kTrendScript << "</script>\n</body></html>\n";
}

}  // namespace abt
