// What diff's gate says on stderr (printers/gate_printer.h): the regression's numbers, and the
// points it could not judge, by how the gate is used.
#include <gtest/gtest.h>

#include <sstream>

#include "printers/gate_printer.h"

namespace abt {
namespace {

PointComparison row(const std::string& id, Verdict verdict, double a_us = 10, double b_us = 12) {
  PointComparison point;
  point.id = id;
  point.verdict = verdict;
  point.a = SideSummary{a_us, 20};
  point.b = SideSummary{b_us, 20};
  point.speedup = a_us / b_us;
  point.speedup_low = point.speedup * 0.99;
  point.speedup_high = point.speedup * 1.01;
  return point;
}

std::string printed(const Comparison& report, GateUse use, bool allow_incomplete = false, bool allow_undecided = false) {
  std::ostringstream out;
  print_gate(report, gate_of(report), use, {allow_incomplete, allow_undecided}, out);
  return out.str();
}

TEST(GatePrinter, ARegressionNamesItsNumbersAndTheThreshold) {
  Comparison report;
  report.points = {row("op/1/fp32", Verdict::slower), row("op/2/fp32", Verdict::same, 10, 10)};
  EXPECT_EQ(printed(report, GateUse::fail_on_regression),
            "abtool diff: regression: op/1/fp32 10.00 us -> 12.00 us (0.833x, 95% CI [0.825, 0.842]) beyond --threshold 2%\n");
  report.points[0].instructions = InstructionDecision{"callgrind", 1000, 1100, 10.0, 0, Verdict::slower, {}};
  report.points[0].timing_verdict = Verdict::ambiguous;
  EXPECT_EQ(regression_text(report, report.points[0]),
            "op/1/fp32 1000 -> 1100 instructions (+10.000%) beyond --instructions-threshold 0.1% (time 10.00 us -> 12.00 us, AMBIGUOUS)");
}

TEST(GatePrinter, PointsNotComparedAreListedAndFailTheJobUnlessAllowed) {
  Comparison report;
  report.points = {row("op/1/fp32", Verdict::same), row("op/2/fp32", Verdict::missing)};
  report.points[1].findings.push_back({FindingCode::missing, {{FindingField::in_, "B"}}});
  const std::string ci = printed(report, GateUse::fail_on_regression);
  EXPECT_NE(ci.find("abtool diff: incomplete: op/2/fp32 MISSING (missing in B)\n"), std::string::npos) << ci;
  EXPECT_NE(ci.find("1 point(s) could not be compared (--allow-incomplete accepts that)"), std::string::npos) << ci;
  EXPECT_EQ(printed(report, GateUse::fail_on_regression, true).find("could not be compared"), std::string::npos);
  EXPECT_EQ(printed(report, GateUse::bisect), "abtool diff: cannot tell: op/2/fp32 MISSING (missing in B)\n");
  report.points.erase(report.points.begin());
  EXPECT_NE(printed(report, GateUse::fail_on_regression, true).find("no point could be compared"), std::string::npos);
}

// Issue 74: a CI job is not green on nothing: undecided points are listed and said (exit 125),
// unless --allow-undecided.
TEST(GatePrinter, UndecidedPointsAreSaidUnlessAllowed) {
  Comparison report;
  report.points = {row("op/1/fp32", Verdict::ambiguous), row("op/2/fp32", Verdict::ambiguous)};
  const std::string none = printed(report, GateUse::fail_on_regression);
  EXPECT_NE(none.find("abtool diff: undecided: op/1/fp32 AMBIGUOUS\n"), std::string::npos) << none;
  EXPECT_NE(none.find("abtool diff: no point was decided: no verdict to pass the job on"), std::string::npos) << none;
  EXPECT_NE(none.find("--allow-undecided accepts that); exit 125\n"), std::string::npos) << none;
  EXPECT_EQ(printed(report, GateUse::fail_on_regression, false, true), "");
  report.points[1].verdict = Verdict::same;
  EXPECT_NE(printed(report, GateUse::fail_on_regression).find("1 of 2 point(s) compared were not decided"), std::string::npos);
}

}  // namespace
}  // namespace abt
