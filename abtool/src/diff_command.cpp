#include <fmt/format.h>

#include <iostream>

#include "commands.h"
#include "compare/comparison.h"
#include "compare/ir_diff.h"
#include "compare/report_printers.h"
#include "util/errors.h"
#include "util/units.h"

namespace abt {

int run_diff(const DiffOptions& options) {
  RunData a = read_run(options.a);
  RunData b = read_run(options.b);
  Comparison report = compare_runs(a, b, options.threshold_pct);
  if (options.format == "json") {
    // One JSON document: the IR diffs go inside it.
    nlohmann::json json = report.to_json();
    if (options.ir) json["ir_diffs"] = ir_diffs_json(report);
    std::cout << json.dump(2) << "\n";
  } else {
    if (options.format == "md") print_markdown(report, std::cout);
    else print_text(report, std::cout);
    if (options.ir) {
      std::cout << "\n";
      print_ir_diffs(report, std::cout);
    }
  }
  // On stderr whatever the format: scripts read the report from stdout and this from stderr.
  if (report.all_binaries_identical)
    std::cerr << "abtool diff: WARNING: B's code is byte-identical to A's; this comparison cannot show a compiler effect\n";
  if (options.fail_on_regression && report.has_significant_regression()) {
    for (const auto& row : report.points)
      if (row.verdict == Verdict::slower)
        fmt::print(stderr, "abtool diff: regression: {} {} -> {} ({:.3f}x, 95% CI [{:.3f}, {:.3f}]) beyond --threshold {}%\n",
                   row.id, format_microseconds(row.a->median_us), format_microseconds(row.b->median_us), row.speedup, row.speedup_low,
                   row.speedup_high, report.threshold_pct);
    return kExitPointFailed;
  }
  return kExitOk;
}

}  // namespace abt
