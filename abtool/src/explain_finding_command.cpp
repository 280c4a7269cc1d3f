// `abtool explain-finding [CODE]`: what a finding code beside a verdict means and what to do about
// it (verdict/finding.h finding_explanation), as cargo's --explain does for its error codes.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "commands.h"
#include "util/closest_name.h"
#include "util/errors.h"
#include "util/terminal.h"
#include "verdict/finding.h"

namespace abt {
namespace {

void print_explanation(FindingCode code, size_t width, std::ostream& out) {
  out << spelling(code) << "\n  " << wrap_text(std::string(finding_explanation(code)), width, "  ", 2) << "\n";
}

}  // namespace

int run_explain_finding(const std::string& given, std::ostream& out) {
  const size_t width = std::clamp<size_t>(stdout_width(), 40, 100);
  std::vector<std::string> codes;
  for (const auto& [code, name] : Spellings<FindingCode>::table) codes.emplace_back(name);
  if (given.empty()) {  // every code, in the order a note shows them
    for (size_t i = 0; i < Spellings<FindingCode>::table.size(); ++i) {
      if (i) out << "\n";
      print_explanation(Spellings<FindingCode>::table[i].first, width, out);
    }
    return kExitOk;
  }
  std::string name = given;  // as the text shows a marker (HOST_BUSY) or as JSON spells the code
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  const auto code = parse_spelling<FindingCode>(name);
  if (!code) {
    const auto meant = closest_name(name, codes);
    throw InputError(meant ? fmt::format("explain-finding: no finding code '{}' (did you mean '{}'?)", given, *meant)
                           : fmt::format("explain-finding: no finding code '{}' (the codes: {})", given, fmt::join(codes, ", ")));
  }
  print_explanation(*code, width, out);
  return kExitOk;
}

}  // namespace abt
