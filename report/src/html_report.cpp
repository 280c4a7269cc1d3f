#include "report/html_report.h"

#include "passes/pass_table.h"

#include <fmt/format.h>

#include <map>

#include "compare/cells.h"
#include "compare/ir_diff.h"
#include "html_text.h"
#include "number_text.h"
#include "printers/columns.h"
#include "printers/printers.h"
#include "svg_charts.h"

namespace abt {
namespace {

// A diff longer than this is cut in the page; `abtool diff --ir` prints it whole.
constexpr size_t kMaxDiffLines = 400;

// The page fits its window: tables take the width and wrap their text columns (point names and
// configs at their separators), the IR delta is one line (the whole in its title and the IR
// section), and the charts are scaled to the width. Below 1200 px a points table with every
// column scrolls inside itself rather than widen the page.
const char* kStyle = R"(
*, *::before, *::after { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px auto; padding: 0 24px; color: #24292f; max-width: 1600px; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 32px; border-bottom: 1px solid #d0d7de; }
table { border-collapse: collapse; margin: 8px 0; } td, th { padding: 3px 4px; border-bottom: 1px solid #eaeef2; text-align: left; vertical-align: top; }
table.points, table.meta { width: 100%; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; } td.ci { white-space: normal; }
code, pre, td.point { font-family: ui-monospace, monospace; font-size: 12px; }
td.point, td.config, td.output, table.meta td { overflow-wrap: anywhere; }
td.note, td.why { overflow-wrap: anywhere; }  /* a finding code ([crosses_threshold]) must not widen the table */
td.note, td.why { min-width: 12ch; } td.point { min-width: 12ch; } td.config { min-width: 11ch; }
td.ir { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 15ch; font-family: ui-monospace, monospace; font-size: 12px; }
td.ir a { color: inherit; text-decoration: none; }
pre { background: #f6f8fa; padding: 8px; overflow-x: auto; max-height: 480px; }
svg.chart { display: block; width: 100%; height: auto; }
.dist { display: grid; grid-template-columns: minmax(10ch, 24ch) minmax(0, 1fr); gap: 8px; align-items: center; border-bottom: 1px solid #eaeef2; }
.dist .point { font-family: ui-monospace, monospace; font-size: 12px; overflow-wrap: anywhere; }
.verdict-FASTER { color: #1a7f37; font-weight: 600; } .verdict-SLOWER { color: #cf222e; font-weight: 600; }
.verdict-AMBIGUOUS { color: #bf8700; } .verdict-UNTRUSTED { color: #8250df; } .verdict-FAILED, .verdict-MISSING { color: #cf222e; }
.warning { background: #fff8c5; border-left: 4px solid #bf8700; padding: 6px 10px; margin: 6px 0; overflow-wrap: anywhere; }
.counts span { margin-right: 14px; } .muted { color: #57606a; }
details { margin: 4px 0; } summary { cursor: pointer; overflow-wrap: anywhere; }
@media (max-width: 1199px) { table.points { display: block; overflow-x: auto; } }
)";

// Escaped, with a place to break after each separator of a point name or a config
// (cpu_matmul/192x320x96/fp32, BM128_BN128_BK32_WARPS4), which have no spaces to wrap at.
std::string breakable(const std::string& text) {
  std::string out;
  for (char ch : text) {
    out += html_escape(std::string(1, ch));
    if (ch == '/' || ch == '_' || ch == ',') out += "<wbr>";
  }
  return out;
}

std::string verdict_html(Verdict verdict) {
  const std::string name(spelling(verdict));
  return fmt::format("<span class=\"verdict-{0}\">{0}</span>", name);
}

void summary_section(const Comparison& report, std::ostream& out) {
  out << "<section id=\"summary\"><h2>Summary</h2>\n<p class=\"counts\">";
  for (const auto& [verdict, name] : Spellings<Verdict>::table)
    out << fmt::format("<span>{} <b>{}</b></span>", verdict_html(verdict), report.count(verdict));
  out << "</p>\n<p>";
  if (report.instruction_geomean_ratio)
    out << fmt::format("Geomean instructions B/A over the {} points the counts decided: <b>{:.4f}x</b>. ",
                       report.decided_by_instructions(), *report.instruction_geomean_ratio);
  if (report.geomean_speedup)
    out << fmt::format("Geomean speedup B vs A (time) over its {} trusted points: <b>{:.3f}x</b> (threshold {}%).",
                       report.time_trusted, *report.geomean_speedup, report.rule.threshold_pct);
  else
    out << "No trusted time: no geomean speedup.";
  if (report.retuned())
    out << fmt::format(" Re-tuned (replay --retune): B's optimum moved at {} of {} points; best vs best geomean {}.",
                       report.optimum_moved(), report.retuned(),
                       report.retuned_geomean_speedup ? fmt::format("{:.3f}x", *report.retuned_geomean_speedup) : "n/a");
  if (const int counted = report.decided_by_instructions())
    out << fmt::format(" Verdicts from instruction counts ({}) at <b>{} of {}</b> points (threshold {}%): the "
                       "instructions column; the time's own verdict is in each note.",
                       html_escape(report.instruction_tools()), counted, report.points.size(), report.rule.instruction_threshold_pct);
  out << "</p>\n";
  if (const std::string picks = library_picks(report); !picks.empty()) out << "<p>" << html_escape(picks) << "</p>\n";
  for (const auto& warning : report.warnings) out << "<div class=\"warning\">" << html_escape(warning.text) << "</div>\n";
  out << "</section>\n";
}

void speedup_section(const Comparison& report, std::ostream& out) {
  std::vector<SpeedupBar> bars;
  for (const auto& row : report.points)
    // The time's speedups, coloured by the time's own verdict (not the counts', where they decided).
    if (row.a && row.b) bars.push_back({row.id, std::string(spelling(row.time_verdict())), row.speedup, row.speedup_low, row.speedup_high});
  out << "<section id=\"speedups\"><h2>Speedups, sorted, with 95% intervals</h2>\n";
  if (bars.empty()) out << "<p>No point was measured on both sides.</p>\n";
  else out << speedup_chart(bars, report.rule.threshold_pct);
  out << "</section>\n";
}

// The output column as the page says it: the elements and both maxima where they differ.
std::string output_html(const PointComparison& row) {
  if (row.output_bits && row.output_bits->a_self_max_abs)
    return html_escape(fmt::format("nondeterministic (A vs A max abs {}; B vs A max abs {}{})",
                                   significant_text(*row.output_bits->a_self_max_abs, 3), significant_text(row.output_bits->max_abs, 3),
                                   within_own_spread(*row.output_bits) ? "" : ", beyond A's own spread"));
  if (row.output_bits && !row.output_bits->identical)
    return html_escape(fmt::format("DIFFERS ({} elements, max abs {}, max rel {})", row.output_bits->differing,
                                   significant_text(row.output_bits->max_abs, 3), significant_text(row.output_bits->max_rel, 3)));
  if (row.same_output) return *row.same_output ? "same" : "DIFFERS";
  return "-";
}

// One cell of a point's row: the column's own text, escaped, in a cell of its kind; the columns the
// page says more in (times with their unit, the verdict coloured, the IR delta a link to its
// section, a metric's values) by their key.
std::string html_cell(const Column& column, const PointComparison& row) {
  const bool timed = row.a && row.b;
  switch (column.key) {
    case ColumnKey::point: return fmt::format("<td class=\"point\">{}</td>", breakable(row.id));
    case ColumnKey::a_time: return fmt::format("<td class=\"num\">{}</td>", timed ? time_text(row.a->median_us) : "-");
    case ColumnKey::b_time: return fmt::format("<td class=\"num\">{}</td>", timed ? time_text(row.b->median_us) : "-");
    case ColumnKey::interval: return fmt::format("<td class=\"num ci\">{}</td>", html_escape(column.cell(row)));
    case ColumnKey::verdict: return fmt::format("<td>{}</td>", verdict_html(row.verdict));
    case ColumnKey::metric: {  // B's change, and both values
      const MetricComparison* metric = row.metric(*column.metric);
      if (!metric || !metric->a || !metric->b) return "<td>-</td>";
      return fmt::format("<td class=\"num ci\">{}<br><span class=\"muted\">{} &rarr; {}</span></td>",
                         html_escape(metric_change_cell(metric)), html_escape(metric_value_text(metric->metric, metric->a->value(), false)),
                         html_escape(metric_value_text(metric->metric, metric->b->value(), false)));
    }
    case ColumnKey::config: return fmt::format("<td class=\"config\"><code>{}</code></td>", breakable(config_cell(row)));
    case ColumnKey::output: return fmt::format("<td class=\"output\">{}</td>", output_html(row));
    case ColumnKey::ir_delta: {
      if (!row.ir_delta) return "<td class=\"ir\">-</td>";
      const std::string text = html_escape(row.ir_delta->short_text());
      return fmt::format("<td class=\"ir\" title=\"{0}\"><a href=\"#ir-{1}\">{0}</a></td>", text, html_escape(row.id));
    }
    case ColumnKey::retune:
      if (!row.retune) return "<td>-</td>";
      return fmt::format("<td>{:.3f}x [{:.3f}, {:.3f}] {}{}</td>", row.retune->speedup, row.retune->speedup_low,
                         row.retune->speedup_high, verdict_html(row.retune->verdict),
                         row.retune->optimum_moved ? " optimum moved to " + html_escape(row.retune->b_variant) : "");
    case ColumnKey::why: return fmt::format("<td class=\"why\">{}</td>", html_escape(column.cell(row)));
    case ColumnKey::note: return fmt::format("<td class=\"note\">{}</td>", html_escape(column.cell(row)));
    default:  // a text cell breaks only after its separators ("718/<wbr>291"), so the columns fit the page
      return column.numeric ? "<td class=\"num\">" + html_escape(column.cell(row)) + "</td>"
                            : "<td class=\"text\">" + breakable(column.cell(row)) + "</td>";
  }
}

void op_tables(const Comparison& report, std::ostream& out) {
  std::map<std::string, std::vector<const PointComparison*>> by_op;
  std::vector<std::string> order;
  for (const auto& row : report.points) {
    auto& rows = by_op[row.op];
    if (rows.empty()) order.push_back(row.op);
    rows.push_back(&row);
  }
  // Every column the report has something in, as diff --wide shows them (printers/columns.h).
  const std::vector<Column> columns = columns_for(report, Placement::below);
  std::string head;
  for (const Column& column : columns) head += fmt::format("<th>{}</th>", html_escape(column.title));
  out << "<section id=\"ops\"><h2>Points by op</h2>\n";
  for (const auto& op : order) {
    out << fmt::format("<h3>{}</h3>\n<table class=\"points\"><thead><tr>{}</tr></thead><tbody>\n", html_escape(op), head);
    for (const PointComparison* row : by_op[op]) {
      out << fmt::format("<tr data-point=\"{}\">", html_escape(row->id));
      for (const Column& column : columns) out << html_cell(column, *row);
      out << "</tr>\n";
    }
    out << "</tbody></table>\n";
  }
  out << "</section>\n";
}

void roofline_section(const Comparison& report, std::ostream& out) {
  std::vector<RooflinePoint> points;
  std::optional<double> peak_tflops, peak_gbps;
  for (const auto& row : report.points) {
    // A log-log chart: a point that does no arithmetic (a copy, a transpose) has no place on it.
    if (!row.roofline || !row.a || !row.b) continue;
    const Roofline& roofline = *row.roofline;
    if (!roofline.flops || !roofline.bytes || !(*roofline.flops > 0) || !(*roofline.bytes > 0)) continue;
    const double flops = *roofline.flops;
    points.push_back({row.id, flops / *roofline.bytes, flops / (row.a->median_us * 1e-6) / 1e12,
                      flops / (row.b->median_us * 1e-6) / 1e12});
    // Roofs of the dtype most points use would need a chart per dtype; the highest peak bounds them all.
    if (roofline.peak_tflops) peak_tflops = std::max(peak_tflops.value_or(0), *roofline.peak_tflops);
    if (roofline.peak_gbps) peak_gbps = roofline.peak_gbps;
  }
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

void distribution_section(const Comparison& report, std::ostream& out) {
  out << "<section id=\"distributions\"><h2>Sample distributions</h2>\n<p class=\"muted\">Every sample a tick (at most "
         "200 quantiles a side), the median a bar; A above, B below. The axis spans both sides' bulk (within three "
         "interquartile ranges of the quartiles); a triangle at an edge stands for the samples beyond it.</p>\n";
  for (const auto& row : report.points) {
    if (!row.a || !row.b) continue;
    out << fmt::format("<div class=\"dist\" data-point=\"{0}\"><div class=\"point\">{1}</div>{2}</div>\n",
                       html_escape(row.id), breakable(row.id),
                       distribution_chart({row.a_samples.begin(), row.a_samples.end()},
                                          {row.b_samples.begin(), row.b_samples.end()}));
  }
  out << "</section>\n";
}

void ir_section(const Comparison& report, std::ostream& out) {
  out << "<section id=\"ir\"><h2>IR delta</h2>\n";
  std::map<std::string, std::vector<IrFileDiff>> diffs;
  for (auto& diff : ir_diffs(report)) diffs[diff.point].push_back(std::move(diff));
  for (const auto& row : report.points) {
    if (!row.ir_delta) continue;
    out << fmt::format("<details id=\"ir-{0}\" data-point=\"{0}\"><summary><code>{2}</code>: {1}</summary>\n",
                       html_escape(row.id), html_escape(row.ir_delta->short_text(8)), breakable(row.id));
    if (row.ir_delta->stages.size() > 1)
      out << "<p class=\"muted\">stages: " << html_escape(row.ir_delta->stages_text()) << "</p>\n";
    if (row.passes) {  // report --passes: where inside the compiler the code parts (abtool explain)
      out << "<p class=\"passes\">first divergent pass: " << html_escape(explanation_text(*row.passes)) << "</p>\n";
      if (row.passes->outcome == ExplainOutcome::pass && !row.passes->divergence.excerpt.empty())
        out << fmt::format("<details><summary>its output, A to B</summary><pre>{}</pre></details>\n",
                           html_escape(row.passes->divergence.excerpt));
      // the module's attributes alone parted there: where the code parts is what the reader wants
      if (const auto& code = row.passes->divergence.code; row.passes->outcome == ExplainOutcome::pass && code)
        out << fmt::format("<details><summary>the code's first divergence, {}: its output, A to B</summary><pre>{}</pre></details>\n",
                           html_escape(code->pass), html_escape(code->excerpt));
    }
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

// Where the runs' compiles carry stages: per op, a row per stage with both sides' wall time and
// instructions, and the counts' verdict (compile_stages.h).
// --passes: the points counted by where their code first differs (passes/pass_table.h).
void pass_table_section(const Comparison& report, std::ostream& out) {
  if (report.explained() == 0) return;
  out << "<section id=\"pass-table\"><h2>Where the code first differs</h2>\n<table><thead><tr><th>pass (stage)</th>"
         "<th>points</th><th>verdicts</th><th>geomean instructions B/A</th><th>geomean time B vs A</th></tr></thead><tbody>\n";
  for (const PassTableRow& row : pass_table_of(report)) {
    std::vector<std::string> verdicts;
    for (const auto& [verdict, count] : row.verdicts) verdicts.push_back(fmt::format("{} {}", verdict, count));
    out << fmt::format("<tr><td class=\"point\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", html_escape(row.where),
                       row.points, html_escape(fmt::format("{}", fmt::join(verdicts, ", "))),
                       row.geomean_instruction_ratio ? significant_text(*row.geomean_instruction_ratio, 4) + "x" : "-",
                       row.geomean_speedup ? significant_text(*row.geomean_speedup, 4) + "x" : "-");
  }
  out << "</tbody></table></section>\n";
}

void compile_section(const Comparison& report, std::ostream& out) {
  if (report.compile_stages.empty()) return;
  out << "<section id=\"compile\"><h2>Compile by stage</h2>\n";
  for (const OpCompileStages& op : report.compile_stages) {
    out << fmt::format("<h3>{}</h3>\n<p>{} point{}, {} counted on both sides{}</p>\n", html_escape(op.op), op.points,
                       op.points == 1 ? "" : "s", op.counted_points,
                       op.total ? fmt::format(": every stage together {} {:+.2f}% (threshold {}%)", verdict_html(op.total->verdict),
                                              op.total->change_pct, report.rule.instruction_threshold_pct)
                                : std::string());
    out << "<table><thead><tr><th>stage</th><th>A ms</th><th>B ms</th><th>A instructions</th><th>B instructions</th>"
           "<th>change</th><th>verdict</th></tr></thead><tbody>\n";
    for (const StageComparison& stage : op.stages) {
      auto ms = [](const std::optional<double>& value) { return value ? fmt::format("{:.1f}", *value) : std::string("-"); };
      const bool counted = stage.decision.has_value();
      out << fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                         html_escape(stage.stage), ms(stage.a_ms), ms(stage.b_ms),
                         counted ? std::to_string(stage.a_instructions) : "-", counted ? std::to_string(stage.b_instructions) : "-",
                         counted ? fmt::format("{:+.3f}%", stage.decision->change_pct) : (stage.only_in_a ? "only in A" : stage.only_in_b ? "only in B" : "-"),
                         counted ? verdict_html(stage.decision->verdict) : "-");
    }
    out << "</tbody></table>\n";
  }
  out << "</section>\n";
}

std::string compiler_text(const CompilerFingerprint& compiler) {
  return fmt::format("{} {} [{}] {}", spelling(compiler.backend), compiler.path, compiler.version,
                     fmt::join(compiler.flags, " "));
}

void meta_section(const RunSummary& a_run, const RunSummary& b_run, std::ostream& out) {
  const MetaRecord &a = a_run.meta, &b = b_run.meta;
  auto row = [&](const char* name, const std::string& a_text, const std::string& b_text) {
    out << fmt::format("<tr><th>{}</th><td>{}</td><td>{}</td></tr>\n", name, html_escape(a_text), html_escape(b_text));
  };
  // A host run's ops never touch the GPU, and are timed by the wall clock whatever --timer says.
  auto host_ops = [](const MetaRecord& meta) { return meta.compiler.backend == BackendKind::host; };
  auto gpu_text = [&](const MetaRecord& meta) {
    const DeviceRecord& gpu = meta.gpu;
    if (host_ops(meta)) return std::string("not used (host ops)");
    if (gpu.present())
      return fmt::format("{} ({}), {} SMs, SM clock max {} MHz, driver {}", gpu.name, gpu.cc, gpu.sm_count,
                         gpu.sm_clock_max_mhz, gpu.driver);
    return "none: " + gpu.unavailable.value_or("");
  };
  auto host_text = [](const HostRecord& host) {
    return fmt::format("{}, {} logical cores, {} ({}){}", host.cpu, host.logical_cores, host.kernel, host.arch,
                       host.cpufreq_governor.empty() ? "" : ", governor " + host.cpufreq_governor);
  };
  auto timing_text = [&](const MetaRecord& meta) {
    const TimingRecord& timing = meta.timing;
    return fmt::format("{} --warmup-ms {} --rep-ms {} --rounds {}",
                       host_ops(meta) ? std::string("wall clock (host ops)") : fmt::format("--timer {}", spelling(timing.timer)),
                       timing.warmup_ms, timing.rep_ms, timing.rounds);
  };
  auto markers_text = [](const RunSummary& run) {
    std::vector<std::string> parts;
    for (const auto& [name, count] : run.marker_counts) parts.push_back(fmt::format("{} x{}", name, count));
    return parts.empty() ? std::string("none") : fmt::format("{}", fmt::join(parts, ", "));
  };
  auto clocks_text = [](const RunSummary& run) {
    const std::vector<double>& clocks = run.round_clocks_mhz;
    if (clocks.empty()) return std::string("-");
    auto [low, high] = std::minmax_element(clocks.begin(), clocks.end());
    return fmt::format("{:.0f}-{:.0f} MHz over {} rounds", *low, *high, clocks.size());
  };
  out << "<section id=\"meta\"><h2>Runs</h2>\n<table class=\"meta\"><thead><tr><th></th><th>A</th><th>B</th></tr></thead><tbody>\n";
  row("directory", a_run.dir, b_run.dir);
  row("mode", std::string(spelling(a.mode)), std::string(spelling(b.mode)) + (b.replay_from ? " of " + b.replay_from->string() : ""));
  row("compiler", compiler_text(a.compiler), compiler_text(b.compiler));
  row("GPU", gpu_text(a), gpu_text(b));
  row("SM clock in rounds", clocks_text(a_run), clocks_text(b_run));
  row("host", host_text(a.host), host_text(b.host));
  row("timing", timing_text(a), timing_text(b));
  row("seed", std::to_string(a.seed), std::to_string(b.seed));
  row("markers", markers_text(a_run), markers_text(b_run));
  row("time", a.start_time + " to " + a.end_time, b.start_time + " to " + b.end_time);
  row("abtool", a.abtool_version + " " + a.abtool_git_sha, b.abtool_version + " " + b.abtool_git_sha);
  row("status", std::string(spelling(a.status)), std::string(spelling(b.status)));
  out << "</tbody></table></section>\n";
}

}  // namespace

void write_html_report(const Comparison& report, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>abtool report: "
      << html_escape(std::filesystem::path(report.a_dir).filename().string()) << " vs "
      << html_escape(std::filesystem::path(report.b_dir).filename().string())
      << "</title>\n<style>" << kStyle << "</style></head>\n<body>\n<h1>abtool report</h1>\n"
      << fmt::format("<p>A (baseline): <code>{}</code><br>B (candidate): <code>{}</code></p>\n", html_escape(report.a_dir),
                     html_escape(report.b_dir));
  summary_section(report, out);
  speedup_section(report, out);
  op_tables(report, out);
  roofline_section(report, out);
  distribution_section(report, out);
  ir_section(report, out);
  pass_table_section(report, out);
  compile_section(report, out);
  meta_section(report.a_run, report.b_run, out);
  out << "<p class=\"muted\">abtool " << html_escape(report.b_run.meta.abtool_version) << "; speedup = A/B of the medians, above 1: B is "
      << "faster; verdicts as in <code>abtool diff</code>.</p>\n</body></html>\n";
}

}  // namespace abt
