// The HTML report's page and charts (the browser test, tests/report, checks them rendered).
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "../../report/src/svg_charts.h"
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
  Comparison report = compare_runs(a, b, 2.0);
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  EXPECT_NE(html.find("Verdicts from instruction counts (callgrind) at <b>3 of 3</b> points"), std::string::npos);
  EXPECT_EQ(count_of(html, "<th>instructions B/A</th>"), 2u) << "a column in each op's table";
  EXPECT_NE(html.find("<td class=\"num\">+1.425% (917291 &rarr; 930358)</td>"), std::string::npos);
}

// Runs with hardware counters (tests/golden/diff_counters, an H200 A/B): the why beside each point.
TEST(HtmlReport, ShowsEachPointsWhyFromItsCounters) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff_counters";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b, 2.0);
  std::ostringstream page;
  write_html_report(report, page);
  const std::string html = page.str();
  EXPECT_EQ(count_of(html, "<th>why (counters)</th>"), 3u) << "a column in each op's table";
  EXPECT_EQ(count_of(html, "<td class=\"why\">dram read"), 6u) << "one per point";
  EXPECT_NE(html.find("inst +7.29%"), std::string::npos);
}

TEST(HtmlReport, HasEveryPointEveryChartAndBothRunsMetadata) {
  const fs::path golden = fs::path(ABTOOL_TEST_SOURCE_DIR) / "tests" / "golden" / "diff";
  RunData a = read_run(golden / "A"), b = read_run(golden / "B");
  Comparison report = compare_runs(a, b, 2.0);
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
  EXPECT_EQ(html.find("instructions B/A"), std::string::npos) << "runs that did not count have no such column";
  EXPECT_NE(html.find(a.meta.compiler.path), std::string::npos);
  EXPECT_NE(html.find(b.meta.compiler.path), std::string::npos);
  // Self-contained: no script, no stylesheet or image fetched.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_FALSE(std::regex_search(html, std::regex("(src|href)=\"[a-z]+:")));
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

}  // namespace abt
