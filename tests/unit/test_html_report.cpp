// The HTML report's page and charts (the browser test, tests/report, checks them rendered).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "../../report/src/number_text.h"
#include "../../report/src/svg_charts.h"
#include "printers/columns.h"
#include "report/html_report.h"
#include "rundir/meta_record.h"

namespace abt {
namespace fs = std::filesystem;

namespace {

size_t count_of(const std::string& text, const std::string& what) {
  size_t count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

}  // namespace

// Counted runs (tests/golden/diff_instructions): the metric that decided, per point and in the summary.
TEST(HtmlReport, ShowsTheInstructionCountsThatDecided) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff_instructions";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b);
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  EXPECT_NE(html.find("Verdicts from instruction counts (callgrind) at <b>3 of 3</b> points"), std::string::npos);
  EXPECT_EQ(count_of(html, "<th>instructions</th>"), 2u) << "a column in each op's table, titled as diff titles it";
  EXPECT_NE(html.find("<td class=\"num ci\">+1.425%<br><span class=\"muted\">917291 &rarr; 930358</span></td>"), std::string::npos);
}

// Runs with hardware counters (tests/golden/diff_counters, an H200 A/B): the why beside each point.
TEST(HtmlReport, ShowsEachPointsWhyFromItsCounters) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff_counters";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b);
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  EXPECT_EQ(count_of(html, "<th>why (counters)</th>"), 3u) << "a column in each op's table";
  EXPECT_EQ(count_of(html, "<td class=\"why\">dram read"), 6u) << "one per point";
  EXPECT_NE(html.find("inst +7.29%"), std::string::npos);
}

// report --passes where the first divergence is the module's attributes alone (Triton 3.5.1 against
// 3.6.0): the code's own first divergence and its excerpt are shown beside the attribute's.
TEST(HtmlReport, AnAttributeOnlyDivergenceShowsTheCodesOwnExcerpt) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b);
  PointComparison* row = nullptr;
  for (PointComparison& candidate : report.points)
    if (candidate.ir_delta && !row) row = &candidate;
  ASSERT_NE(row, nullptr) << "the golden runs have a point whose code differs";
  PassExplanation found;
  found.outcome = ExplainOutcome::pass;
  found.divergence.diverged = found.divergence.attributes_only = true;
  found.divergence.stage = PassStage::ttgir;
  found.divergence.pass = "TritonGPUGlobalScratchAllocationPass (tritongpu-global-scratch-memory-allocation)";
  found.divergence.excerpt = "-module attributes {} {\n+module attributes {\"ttng.two-ctas\" = false} {\n";
  PassDivergence::CodeDivergence code;
  code.stage = PassStage::mlir_llvm;
  code.pass = "ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm)";
  code.changed_lines = code.raw_changed_lines = 2;
  code.excerpt = "-  %v2 = llvm.mlir.constant(0 : i32)\n+  %v2 = builtin.unrealized_conversion_cast\n";
  found.divergence.code = code;
  row->passes = found;
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  EXPECT_NE(html.find("llir (MLIR) pass ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm) (the module&#39;s attributes differ "
                      "first, at "),
            std::string::npos)
      << html.substr(html.find("class=\"passes\""), 1500);
  EXPECT_NE(html.find("<summary>the code's first divergence, ConvertTritonGPUToLLVM (convert-triton-gpu-to-llvm): its output, A "
                      "to B</summary><pre>-  %v2 = llvm.mlir.constant(0 : i32)\n+  %v2 = builtin.unrealized_conversion_cast"),
            std::string::npos)
      << html.substr(html.find("class=\"passes\""), 1500);
}

TEST(HtmlReport, HasEveryPointEveryChartAndBothRunsMetadata) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b);
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  for (const auto& row : report.points) {
    EXPECT_NE(html.find("<tr data-point=\"" + row.id + "\"><td class=\"point\">"), std::string::npos) << row.id;
    EXPECT_NE(html.find("<g class=\"bar\" data-point=\"" + row.id + "\">"), std::string::npos) << row.id;
  }
  EXPECT_EQ(count_of(html, "<svg class=\"chart distribution\""), report.points.size());
  // Every point of these ops declares flops and bytes; a host run has no roofs.
  EXPECT_EQ(count_of(html, "<g class=\"roof-point\""), report.points.size());
  EXPECT_NE(html.find("No device peaks"), std::string::npos);
  EXPECT_EQ(html.find("<th>instructions</th>"), std::string::npos) << "runs that did not count have no such column";
  EXPECT_NE(html.find(a.meta.compiler.path), std::string::npos);
  EXPECT_NE(html.find(b.meta.compiler.path), std::string::npos);
  // Issue 74: a host run's Runs table says how it was timed and that no GPU was used, not the
  // --timer default and why there is no CUDA driver.
  ASSERT_EQ(a.meta.compiler.backend, BackendKind::host);
  EXPECT_NE(html.find("<tr><th>GPU</th><td>not used (host ops)</td><td>not used (host ops)</td></tr>"), std::string::npos);
  EXPECT_NE(html.find("<tr><th>timing</th><td>wall clock (host ops) --warmup-ms "), std::string::npos);
  EXPECT_EQ(html.find("--timer graph"), std::string::npos);
  // Self-contained: no script, no stylesheet or image fetched.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_FALSE(std::regex_search(html, std::regex("(src|href)=\"[a-z]+:")));
}

// The page's point tables take their columns from the one declaration diff's tables use: a column
// added there is a column here, in the same order and with the same title.
TEST(HtmlReport, PointTablesHaveTheDeclaredColumnsInOrder) {
  for (const char* golden_run : {"diff", "diff_instructions", "diff_counters"}) {
    const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / golden_run;
    RunData a = read_run(golden / "A"), b = read_run(golden / "B");
    Comparison report = compare_runs(a, b);
    std::ostringstream page;
    write_html_report(report, page);
    std::string head = "<thead><tr>";
    size_t columns = 0;
    for (const Column& column : columns_for(report, Placement::below)) {
      head += std::string("<th>") + column.title + "</th>";
      ++columns;
    }
    const std::string html = page.str();
    EXPECT_NE(html.find(head + "</tr></thead>"), std::string::npos) << golden_run << "\n" << head;
    const size_t row = html.find("<tr data-point=");
    ASSERT_NE(row, std::string::npos) << golden_run;
    const std::string first_row = html.substr(row, html.find("</tr>", row) - row);
    EXPECT_EQ(count_of(first_row, "<td"), columns) << golden_run << ": a cell per column\n" << first_row;
  }
}

TEST(HtmlReport, TextIsEscaped) {
  SpeedupBar bar{"<op>/1&2", "SAME", 1.0, 0.99, 1.01};
  std::string svg = speedup_chart({bar}, 2.0);
  EXPECT_EQ(svg.find("<op>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;op&gt;/1&amp;2"), std::string::npos);
}

TEST(HtmlReport, DegenerateNumbersStillDrawAChart) {
  // Every speedup exactly 1, every sample equal, one roofline point: finite axes, something drawn.
  std::string speedups = speedup_chart({{"p", "SAME", 1, 1, 1}}, 0);
  EXPECT_NE(speedups.find("<circle"), std::string::npos);
  EXPECT_EQ(speedups.find("nan"), std::string::npos);
  std::string samples = distribution_chart({5, 5, 5}, {5, 5});
  EXPECT_EQ(samples.find("nan"), std::string::npos);
  EXPECT_NE(samples.find("<path d=\"M"), std::string::npos);
  std::string roofline = roofline_chart({{"p", 2.0, 1.0, 1.0}}, std::nullopt, std::nullopt);
  EXPECT_EQ(roofline.find("nan"), std::string::npos);
  EXPECT_EQ(roofline.find("inf"), std::string::npos);
  EXPECT_NE(roofline.find("roof-point"), std::string::npos);
}

// Issue 44: "a sample strip's axis stretched by one outlier (114.1-1523 us) so the bulk sits in a
// few pixels". The axis spans the bulk; the far sample is a marker at the edge with its count.
TEST(HtmlReport, ASampleStripsAxisSpansTheBulkAndMarksWhatLiesBeyond) {
  std::vector<double> a, b;
  for (int i = 0; i < 100; ++i) a.push_back(114.1 + 0.02 * i), b.push_back(115.0 + 0.02 * i);
  a.push_back(1523);
  const std::string svg = distribution_chart(a, b);
  std::smatch ends;
  ASSERT_TRUE(std::regex_search(svg, ends, std::regex("class=\"axis\"[^>]*>([0-9.]+)</text><text class=\"axis\"[^>]*>([0-9.]+) us<")))
      << svg;
  EXPECT_NEAR(std::stod(ends[1]), 114.1, 0.01);
  EXPECT_LT(std::stod(ends[2]), 125) << "the outlier does not stretch the axis";
  EXPECT_EQ(count_of(svg, "<g class=\"outliers\" data-count=\"1\">"), 1u) << svg;
  EXPECT_NE(svg.find("A: 1 sample(s) beyond the axis, up to 1.523 ms"), std::string::npos);
  EXPECT_EQ(svg.find("e+"), std::string::npos);
}

// One number format across the page: four significant digits, a time's unit by its size, and an
// exponent only below 0.001 or from 1e9 (issue 61: "max abs 0.0000000596" had the reader count zeros).
TEST(HtmlReport, NumbersAreWrittenOneWay) {
  EXPECT_EQ(time_text(1.19), "1.190 us");
  EXPECT_EQ(time_text(631.22), "631.2 us");
  EXPECT_EQ(time_text(14080), "14.08 ms");
  EXPECT_EQ(time_text(2.5e6), "2.500 s");
  EXPECT_EQ(time_range_text(5993, 14080), "5.993-14.08 ms");
  EXPECT_EQ(time_range_text(114.1, 1523), "0.1141-1.523 ms");
  EXPECT_EQ(significant_text(0.0035), "0.003500");
  EXPECT_EQ(significant_text(0.00035), "3.500e-04");
  EXPECT_EQ(significant_text(5.96e-8, 3), "5.96e-08");
  EXPECT_EQ(significant_text(0), "0");
  EXPECT_EQ(tick_text(0.005), "0.005");
  EXPECT_EQ(tick_text(5000), "5000");
}

}  // namespace abt
