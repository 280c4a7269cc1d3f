#include "report/html_report.h"

#include <fmt/format.h>

#include <map>

#include "compare/ir_diff.h"
#include "html_text.h"
#include "svg_charts.h"
#include "util/units.h"

namespace abt {
namespace {

// A diff longer than this is cut in the page; `abtool diff --ir` prints it whole.
constexpr size_t kMaxDiffLines = 400;

const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #24292f; max-width: 1400px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #d0d7de; }
table { border-collapse: collapse; margin: 8px 0; } td, th { padding: 3px 8px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; } code, pre, td.point { font-family: ui-monospace, monospace; font-size: 12px; }
pre { background: #f6f8fa; padding: 8px; overflow-x: auto; max-height: 480px; }
.verdict-FASTER { color: #1a7f37; font-weight: 600; } .verdict-SLOWER { color: #cf222e; font-weight: 600; }
.verdict-AMBIGUOUS { color: #bf8700; } .verdict-UNTRUSTED { color: #8250df; } .verdict-FAILED, .verdict-MISSING { color: #cf222e; }
.warning { background: #fff8c5; border-left: 4px solid #bf8700; padding: 6px 10px; margin: 6px 0; }
.counts span { margin-right: 14px; } .muted { color: #57606a; }
details { margin: 4px 0; } summary { cursor: pointer; }
)";

std::string verdict_html(Verdict verdict) {
  const std::string name(spelling(verdict));
  return fmt::format("<span class=\"verdict-{0}\">{0}</span>", name);
}

std::string config_text_of(const PointComparison& row) {
  if (row.a_variant == row.b_variant) return row.a_variant.empty() ? "-" : row.a_variant;
  return row.a_variant + " -> " + row.b_variant;
}

std::string op_of(const std::string& id) { return id.substr(0, id.find('/')); }

// The samples diff compared for a point: A's code in B's process when interleaved.
const Measurement* a_side(const RunData& a, const RunData& b, const std::string& id) {
  const PointRecord* pb = b.find(id);
  if (pb && pb->baseline) return &pb->baseline->measurement;
  const PointRecord* pa = a.find(id);
  return pa ? &pa->measurement : nullptr;
}

void summary_section(const Comparison& report, std::ostream& out) {
  out << "<section id=\"summary\"><h2>Summary</h2>\n<p class=\"counts\">";
  for (const auto& [verdict, name] : Spellings<Verdict>::table)
    out << fmt::format("<span>{} <b>{}</b></span>", verdict_html(verdict), report.count(verdict));
  out << "</p>\n<p>";
  if (report.geomean_speedup)
    out << fmt::format("Geomean speedup B vs A over trusted points: <b>{:.3f}x</b> (threshold {}%).", *report.geomean_speedup,
                       report.threshold_pct);
  else
    out << "No trusted points: no geomean speedup.";
  if (report.retuned())
    out << fmt::format(" Re-tuned (replay --retune): B's optimum moved at {} of {} points; best vs best geomean {}.",
                       report.optimum_moved(), report.retuned(),
                       report.retuned_geomean_speedup ? fmt::format("{:.3f}x", *report.retuned_geomean_speedup) : "n/a");
  out << "</p>\n";
  for (const auto& warning : report.warnings) out << "<div class=\"warning\">" << html_escape(warning) << "</div>\n";
  out << "</section>\n";
}

void speedup_section(const Comparison& report, std::ostream& out) {
  std::vector<SpeedupBar> bars;
  for (const auto& row : report.points)
    if (row.a && row.b) bars.push_back({row.id, std::string(spelling(row.verdict)), row.speedup, row.speedup_low, row.speedup_high});
  out << "<section id=\"speedups\"><h2>Speedups, sorted, with 95% intervals</h2>\n";
  if (bars.empty()) out << "<p>No point was measured on both sides.</p>\n";
  else out << speedup_chart(bars, report.threshold_pct);
  out << "</section>\n";
}

void op_tables(const Comparison& report, std::ostream& out) {
  std::map<std::string, std::vector<const PointComparison*>> by_op;
  std::vector<std::string> order;
  for (const auto& row : report.points) {
    auto& rows = by_op[op_of(row.id)];
    if (rows.empty()) order.push_back(op_of(row.id));
    rows.push_back(&row);
  }
  const bool retuned = report.retuned() > 0;
  out << "<section id=\"ops\"><h2>Points by op</h2>\n";
  for (const auto& op : order) {
    out << fmt::format("<h3>{}</h3>\n<table class=\"points\"><thead><tr><th>point</th><th>A</th><th>B</th><th>speedup</th>"
                       "<th>95% CI</th><th>verdict</th><th>config</th><th>n A/B</th><th>drift</th><th>output bits</th>"
                       "<th>IR delta</th>{}<th>note</th></tr></thead><tbody>\n",
                       html_escape(op), retuned ? "<th>best vs best</th>" : "");
    for (const PointComparison* row : by_op[op]) {
      const bool timed = row->a && row->b;
      std::string output = "-";
      if (row->output_bits && !row->output_bits->identical)
        output = fmt::format("DIFFERS ({} elements, max abs {:.3g}, max rel {:.3g})", row->output_bits->differing,
                             row->output_bits->max_abs, row->output_bits->max_rel);
      else if (row->same_output)
        output = *row->same_output ? "same" : "DIFFERS";
      std::string retune;
      if (row->retune)
        retune = fmt::format("<td>{:.3f}x [{:.3f}, {:.3f}] {}{}</td>", row->retune->speedup, row->retune->speedup_low,
                             row->retune->speedup_high, verdict_html(row->retune->verdict),
                             row->retune->optimum_moved ? " optimum moved to " + html_escape(row->retune->b_variant) : "");
      else if (retuned)
        retune = "<td>-</td>";
      out << fmt::format(
          "<tr data-point=\"{0}\"><td class=\"point\">{0}</td><td class=\"num\">{1}</td><td class=\"num\">{2}</td>"
          "<td class=\"num\">{3}</td><td class=\"num\">{4}</td><td>{5}</td><td><code>{6}</code></td><td class=\"num\">{7}</td>"
          "<td class=\"num\">{8}</td><td>{9}</td><td><code>{10}</code></td>{11}<td>{12}</td></tr>\n",
          html_escape(row->id), timed ? format_microseconds(row->a->median_us) : "-",
          timed ? format_microseconds(row->b->median_us) : "-", timed ? fmt::format("{:.3f}x", row->speedup) : "-",
          timed ? fmt::format("[{:.3f}, {:.3f}]", row->speedup_low, row->speedup_high) : "-", verdict_html(row->verdict),
          html_escape(config_text_of(*row)), timed ? fmt::format("{}/{}", row->a->n, row->b->n) : "-",
          row->drift_pct ? fmt::format("{:+.1f}%", *row->drift_pct) : "-", html_escape(output),
          html_escape(row->ir_delta ? row->ir_delta->short_text() : "-"), retune, html_escape(row->note));
    }
    out << "</tbody></table>\n";
  }
  out << "</section>\n";
}

void roofline_section(const Comparison& report, const RunData& a, const RunData& b, std::ostream& out) {
  std::vector<RooflinePoint> points;
  std::optional<double> peak_tflops, peak_gbps;
  for (const auto& row : report.points) {
    const PointRecord* pb = b.find(row.id);
    // A log-log chart: a point that does no arithmetic (a copy, a transpose) has no place on it.
    if (!pb || !row.a || !row.b || !pb->roofline.flops || !pb->roofline.bytes || !(*pb->roofline.flops > 0) ||
        !(*pb->roofline.bytes > 0))
      continue;
    const double flops = *pb->roofline.flops;
    points.push_back({row.id, flops / *pb->roofline.bytes, flops / (row.a->median_us * 1e-6) / 1e12,
                      flops / (row.b->median_us * 1e-6) / 1e12});
    // Roofs of the dtype most points use would need a chart per dtype; the highest peak bounds them all.
    if (pb->roofline.peak_tflops) peak_tflops = std::max(peak_tflops.value_or(0), *pb->roofline.peak_tflops);
    if (pb->roofline.peak_gbps) peak_gbps = pb->roofline.peak_gbps;
  }
  (void)a;
  out << "<section id=\"roofline\"><h2>Roofline</h2>\n";
  if (points.empty()) {
    out << "<p>No point declares both flops and bytes above zero (op.yaml <code>metrics</code>).</p>\n</section>\n";
    return;
  }
  if (!peak_tflops || !peak_gbps)
    out << "<p class=\"muted\">No device peaks (a host run): the points without roofs.</p>\n";
  else
    out << fmt::format("<p class=\"muted\">Roofs: {:.0f} TFLOP/s (the highest peak of the points' dtypes) and {:.0f} "
                       "GB/s. A hollow, B filled.</p>\n",
                       *peak_tflops, *peak_gbps);
  out << roofline_chart(points, peak_tflops, peak_gbps) << "</section>\n";
}

void distribution_section(const Comparison& report, const RunData& a, const RunData& b, std::ostream& out) {
  out << "<section id=\"distributions\"><h2>Sample distributions</h2>\n<p class=\"muted\">Every sample a tick (at most "
         "200 quantiles a side), the median a bar; A above, B below.</p>\n<table>\n";
  for (const auto& row : report.points) {
    const PointRecord* pb = b.find(row.id);
    const Measurement* measured_a = a_side(a, b, row.id);
    if (!row.a || !row.b || !pb || !measured_a) continue;
    out << fmt::format("<tr data-point=\"{0}\"><td class=\"point\">{0}</td><td>{1}</td></tr>\n", html_escape(row.id),
                       distribution_chart(measured_a->samples_us, pb->measurement.samples_us));
  }
  out << "</table></section>\n";
}

void ir_section(const Comparison& report, std::ostream& out) {
  out << "<section id=\"ir\"><h2>IR delta</h2>\n";
  std::map<std::string, std::vector<IrFileDiff>> diffs;
  for (auto& diff : ir_diffs(report)) diffs[diff.point].push_back(std::move(diff));
  for (const auto& row : report.points) {
    if (!row.ir_delta) continue;
    out << fmt::format("<details data-point=\"{0}\"><summary><code>{0}</code>: {1}</summary>\n", html_escape(row.id),
                       html_escape(row.ir_delta->short_text(8)));
    if (row.ir_delta->stages.size() > 1)
      out << "<p class=\"muted\">stages: " << html_escape(row.ir_delta->stages_text()) << "</p>\n";
    for (const auto& file : diffs[row.id]) {
      if (file.diff.empty()) {
        out << fmt::format("<p class=\"muted\">{}: same code</p>\n", html_escape(file.kind));
        continue;
      }
      std::string shown;
      size_t lines = 0, start = 0;
      for (; start < file.diff.size() && lines < kMaxDiffLines; ++lines) {
        size_t end = file.diff.find('\n', start);
        end = end == std::string::npos ? file.diff.size() : end + 1;
        shown += file.diff.substr(start, end - start);
        start = end;
      }
      std::string more;
      if (start < file.diff.size()) more = "\n... cut here; `abtool diff --ir` prints the whole diff\n";
      out << fmt::format("<details><summary>{} <code>{}</code> vs <code>{}</code></summary><pre>{}{}</pre></details>\n",
                         html_escape(file.kind), html_escape(file.a_file), html_escape(file.b_file), html_escape(shown),
                         html_escape(more));
    }
    out << "</details>\n";
  }
  out << "</section>\n";
}

std::string compiler_text(const CompilerFingerprint& compiler) {
  return fmt::format("{} {} [{}] {}", spelling(compiler.backend), compiler.path, compiler.version,
                     fmt::join(compiler.flags, " "));
}

void meta_section(const RunData& a, const RunData& b, std::ostream& out) {
  auto row = [&](const char* name, const std::string& a_text, const std::string& b_text) {
    out << fmt::format("<tr><th>{}</th><td>{}</td><td>{}</td></tr>\n", name, html_escape(a_text), html_escape(b_text));
  };
  auto gpu_text = [](const nlohmann::json& gpu) {
    if (gpu.contains("name"))
      return fmt::format("{} ({}), {} SMs, SM clock max {} MHz, driver {}", gpu.value("name", ""), gpu.value("cc", ""),
                         gpu.value("sm_count", 0), gpu["clocks_mhz"].value("sm_max", 0.0), gpu.value("driver", ""));
    return "none: " + gpu.value("unavailable", std::string());
  };
  auto timing_text = [](const TimingRecord& timing) {
    return fmt::format("--timer {} --warmup-ms {} --rep-ms {} --rounds {}", spelling(timing.timer), timing.warmup_ms,
                       timing.rep_ms, timing.rounds);
  };
  auto markers_text = [](const RunData& run) {
    std::map<std::string, int> counts;
    for (const auto& point : run.results.points)
      for (const auto& marker : point.markers) ++counts[std::string(spelling(marker.kind))];
    std::vector<std::string> parts;
    for (const auto& [name, count] : counts) parts.push_back(fmt::format("{} x{}", name, count));
    return parts.empty() ? std::string("none") : fmt::format("{}", fmt::join(parts, ", "));
  };
  auto clocks_text = [](const RunData& run) {
    std::vector<double> clocks;
    for (const auto& point : run.results.points)
      clocks.insert(clocks.end(), point.measurement.round_clock_mhz.begin(), point.measurement.round_clock_mhz.end());
    if (clocks.empty()) return std::string("-");
    auto [low, high] = std::minmax_element(clocks.begin(), clocks.end());
    return fmt::format("{:.0f}-{:.0f} MHz over {} rounds", *low, *high, clocks.size());
  };
  out << "<section id=\"meta\"><h2>Runs</h2>\n<table class=\"meta\"><thead><tr><th></th><th>A</th><th>B</th></tr></thead><tbody>\n";
  row("directory", a.layout.dir().string(), b.layout.dir().string());
  row("mode", std::string(spelling(a.meta.mode)), std::string(spelling(b.meta.mode)) +
          (b.meta.replay_from ? " of " + b.meta.replay_from->string() : ""));
  row("compiler", compiler_text(a.meta.compiler), compiler_text(b.meta.compiler));
  row("GPU", gpu_text(a.meta.gpu), gpu_text(b.meta.gpu));
  row("SM clock in rounds", clocks_text(a), clocks_text(b));
  row("host", a.meta.host.dump(), b.meta.host.dump());
  row("timing", timing_text(a.meta.timing), timing_text(b.meta.timing));
  row("seed", std::to_string(a.meta.seed), std::to_string(b.meta.seed));
  row("markers", markers_text(a), markers_text(b));
  row("time", a.meta.start_time + " to " + a.meta.end_time, b.meta.start_time + " to " + b.meta.end_time);
  row("abtool", a.meta.abtool_version + " " + a.meta.abtool_git_sha, b.meta.abtool_version + " " + b.meta.abtool_git_sha);
  row("status", std::string(spelling(a.meta.status)), std::string(spelling(b.meta.status)));
  out << "</tbody></table></section>\n";
}

}  // namespace

void write_html_report(const Comparison& report, const RunData& a, const RunData& b, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>abtool report: "
      << html_escape(a.layout.dir().filename().string()) << " vs " << html_escape(b.layout.dir().filename().string())
      << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>abtool report</h1>\n"
      << fmt::format("<p>A (baseline): <code>{}</code><br>B (candidate): <code>{}</code></p>\n", html_escape(report.a_dir),
                     html_escape(report.b_dir));
  summary_section(report, out);
  speedup_section(report, out);
  op_tables(report, out);
  roofline_section(report, a, b, out);
  distribution_section(report, a, b, out);
  ir_section(report, out);
  meta_section(a, b, out);
  out << "<p class=\"muted\">abtool " << html_escape(b.meta.abtool_version) << "; speedup = A/B of the medians, above 1: B is "
      << "faster; verdicts as in <code>abtool diff</code>.</p>\n</body></html>\n";
}

}  // namespace abt
