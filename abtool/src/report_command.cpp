#include <fmt/format.h>

#include <sstream>

#include "commands.h"
#include "compare/comparison.h"
#include "report/html_report.h"
#include "util/errors.h"
#include "util/files.h"

namespace abt {

int run_report(const ReportOptions& options) {
  // The default name is not a request to replace what is there: the last report stays.
  if (!options.out_given && std::filesystem::exists(std::filesystem::symlink_status(options.out)))
    throw InputError(fmt::format("report: {} exists (an earlier report); name the page with -o FILE, or -o {} to replace it",
                                 options.out.string(), options.out.string()));
  check_output_file(options.out, "report -o");
  refuse_output_inside(options.out, {options.a, options.b}, "report -o");
  auto [a, b] = read_runs(options.a, options.b);
  Comparison report = compare_runs(a, b, options.rule);
  if (options.passes) explain_for_diff(a, b, report);
  std::ostringstream page;
  write_html_report(report, page);
  write_file_atomically(options.out, page.str());
  for (const auto& warning : report.warnings) fmt::print(stderr, "abtool report: WARNING: {}\n", warning.text);
  fmt::print("{}: {} points, FASTER {} SLOWER {} SAME {} AMBIGUOUS {} UNTRUSTED {} FAILED {} MISSING {}\n",
             options.out.string(), report.points.size(), report.count(Verdict::faster), report.count(Verdict::slower),
             report.count(Verdict::same), report.count(Verdict::ambiguous), report.count(Verdict::untrusted),
             report.count(Verdict::failed), report.count(Verdict::missing));
  return kExitOk;
}

}  // namespace abt
