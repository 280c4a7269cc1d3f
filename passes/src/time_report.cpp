#include "passes/time_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <sstream>

namespace abt {

std::string_view before_time_report(std::string_view err) {
  for (size_t at = 0; at < err.size();) {
    if (err.compare(at, 6, "===---") == 0) return err.substr(0, at);
    const size_t end = err.find('\n', at);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return err;
}

std::string without_time_reports(std::string_view err) {
  std::string kept;
  bool inside = false;       // from a report's first banner to its "Total" line
  bool after_report = false;  // the blank lines a report ends with are its own
  for (size_t at = 0; at < err.size();) {
    size_t end = err.find('\n', at);
    end = end == std::string_view::npos ? err.size() : end + 1;
    const std::string_view line = err.substr(at, end - at);
    at = end;
    const size_t last = line.find_last_not_of(" \r\n");
    if (!inside && line.rfind("===---", 0) == 0) {
      inside = true;
      continue;
    }
    if (!inside) {
      if (after_report && last == std::string_view::npos) continue;
      after_report = false;
      kept += line;
      continue;
    }
    if (last != std::string_view::npos && last >= 6 && line.substr(last - 4, 5) == "Total" &&
        line.find('%') != std::string_view::npos)
      inside = false, after_report = true;
  }
  return kept;
}

TimeReport read_time_report(std::string_view err) {
  // GCC:  " tree vectorization                 :   0.01 ( 33%)   0.00 (  0%)   0.01 ( 17%)  2448  (  0%)"
  static const std::regex gcc(R"(^ (\S.*?)\s+:\s+[\d.]+ \(\s*\d+%\)\s+[\d.]+ \(\s*\d+%\)\s+([\d.]+) \(\s*\d+%\).*$)");
  static const std::regex gcc_total(R"(^ TOTAL\s+:\s+[\d.]+\s+[\d.]+\s+([\d.]+).*$)");
  // LLVM: "   0.0000 (  0.0%)   0.0022 ( 22.6%)   0.0022 ( 17.6%)   0.0022 ( 17.6%)  InstCombinePass": the last pair is the wall time
  static const std::regex llvm(R"(^\s+(?:[\d.]+ \(\s*[\d.]+%\)\s+)*([\d.]+) \(\s*[\d.]+%\)\s{2}(\S.*)$)");
  TimeReport report;
  std::map<std::string, size_t> at;
  auto add = [&](const std::string& name, double ms) {
    auto [found, fresh] = at.try_emplace(name, report.passes_ms.size());
    if (fresh) report.passes_ms.emplace_back(name, ms);
    else report.passes_ms[found->second].second += ms;
  };
  std::istringstream lines{std::string(err)};
  bool llvm_section = false, banner = false;
  double llvm_total = 0;
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (line.rfind("===---", 0) == 0) {
      banner = !banner;  // a section's title lies between two banners
      continue;
    }
    if (banner) {
      // LLVM's legacy and new pass managers, and MLIR's pass manager (Triton's MLIR_ENABLE_TIMING)
      llvm_section = line.find("Pass execution timing report") != std::string::npos ||
                     line.find("Execution time report") != std::string::npos;
      continue;
    }
    if (std::regex_match(line, match, gcc_total)) {
      report.total_ms = 1000 * std::stod(match[1]);
    } else if (std::regex_match(line, match, gcc)) {
      // "phase ..." lines sum the others, "|name" ones are within the line above: neither is a pass of its own
      if (match[1].str().rfind("phase ", 0) != 0 && match[1].str()[0] != '|') add(match[1], 1000 * std::stod(match[2]));
    } else if (llvm_section && std::regex_match(line, match, llvm)) {
      const std::string name = match[2];
      // MLIR's "(A) DominanceInfo" is an analysis, "Rest" what no pass accounts for; a nested pass
      // (indented deeper) is inside its pipeline's line and does not match the pattern.
      if (name == "Total") llvm_total += 1000 * std::stod(match[1]);
      else if (name != "Rest" && name.rfind("(A) ", 0) != 0) add(name, 1000 * std::stod(match[1]));
    }
  }
  if (report.total_ms == 0) report.total_ms = llvm_total;
  return report;
}

std::vector<PassTimeChange> largest_time_changes(const TimeReport& a, const TimeReport& b, size_t most) {
  std::map<std::string, PassTimeChange> by_pass;
  for (const auto& [pass, ms] : a.passes_ms) by_pass[pass].pass = pass, by_pass[pass].a_ms += ms;
  for (const auto& [pass, ms] : b.passes_ms) by_pass[pass].pass = pass, by_pass[pass].b_ms += ms;
  std::vector<PassTimeChange> changes;
  for (const auto& [pass, change] : by_pass)
    if (change.a_ms != change.b_ms) changes.push_back(change);
  std::stable_sort(changes.begin(), changes.end(), [](const PassTimeChange& x, const PassTimeChange& y) {
    return std::fabs(x.b_ms - x.a_ms) > std::fabs(y.b_ms - y.a_ms);
  });
  if (changes.size() > most) changes.resize(most);
  return changes;
}

}  // namespace abt
