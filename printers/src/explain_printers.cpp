#include "printers/explain_printers.h"
#include "passes/canonical_diff.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "util/terminal.h"

namespace abt {
namespace {

std::string names(const std::vector<std::string>& passes) {
  return passes.empty() ? "none" : fmt::format("{}", fmt::join(passes, ", "));
}

// What the reader must know before trusting the answer: dumps of other code than was timed.
std::string rebuilt_warning(const PassExplanation& found) {
  std::vector<std::string> sides;
  if (found.a_rebuilt_measured == false) sides.emplace_back("A's");
  if (found.b_rebuilt_measured == false) sides.emplace_back("B's");
  if (sides.empty()) return "";
  return fmt::format("  note: compiled again, {} variant built another binary than its run measured: the dumps "
                     "are of that compile\n", fmt::join(sides, " and "));
}

std::string timing_text(const SkippedPass& pass, const std::string& b_verdict) {
  if (!pass.timed) return "";
  const SkipTiming& timed = *pass.timed;
  if (!timed.error.empty()) return fmt::format("; not timed: {}", timed.error);
  return fmt::format("; against A: {} {:.3f}x [{:.3f}, {:.3f}]{}", spelling(timed.verdict), timed.speedup, timed.low, timed.high,
                     restores_a_time(pass, b_verdict) ? " (A's time again)" : "");
}

// "212 lines changed after canonicalization (4372 raw)": the code's change beside the text's.
std::string changed_text(bool canonical, size_t changed, size_t raw) {
  if (!canonical) return fmt::format("{} lines changed (raw: value names as printed)", changed);
  if (changed == raw) return fmt::format("{} lines changed", changed);
  return fmt::format("{} lines changed after canonicalization ({} raw)", changed, raw);
}

// The one line a compiler engineer reads first, as the SASS delta beside a verdict.
std::string operations_text(bool order_only, bool counted, const std::vector<std::pair<std::string, long long>>& changes) {
  if (order_only) return "the same operations, in another order";
  if (!counted) return "";
  if (changes.empty()) return "the same count of each operation (their operands or attributes differ)";
  return op_changes_text(changes);
}

// `passes` without those in `named`, in their order.
std::vector<std::string> less(const std::vector<std::string>& passes, const std::vector<std::string>& named) {
  std::vector<std::string> left;
  for (const std::string& pass : passes)
    if (std::find(named.begin(), named.end(), pass) == named.end()) left.push_back(pass);
  return left;
}

// `pipeline`'s passes that the lines above (one side's passes since the last output alike, the
// passes before the divergence that are not aligned) did not name already: each pass named once.
std::vector<std::string> not_named_above(const std::vector<std::string>& pipeline, const PassDivergence& divergence, bool a_side) {
  std::vector<std::string> left = less(pipeline, a_side ? divergence.since_same_only_in_a : divergence.since_same_only_in_b);
  left = less(left, a_side ? divergence.only_in_a : divergence.only_in_b);
  if (divergence.code) left = less(left, a_side ? divergence.code->since_same_only_in_a : divergence.code->since_same_only_in_b);
  return left;
}

// explain's default: a point on one line (wrapped to `width`), the headline its table counts it by.
std::string point_line(const PointExplanation& point, const std::string& verdict) {
  const PassExplanation& found = point.passes;
  std::string line = fmt::format("{}{}  {}  ", point.point, verdict.empty() ? "" : "  " + verdict,
                                 point.a_variant == point.b_variant ? point.a_variant : point.a_variant + " -> " + point.b_variant);
  switch (found.outcome) {
    case ExplainOutcome::failed: return line + "cannot explain: " + found.error;
    case ExplainOutcome::no_divergence: return line + "no divergence: every pass, every stage and the binaries are the same";
    case ExplainOutcome::stage:
      line += fmt::format("first differs at stage {} ({})", found.stage,
                          found.no_passes.empty() ? "no pass's IR differs" : found.no_passes);
      break;
    case ExplainOutcome::pass: {
      line += explanation_text(found);
      const PassDivergence& pass = found.divergence;
      if (pass.attributes_only && pass.code)
        line += "; " + changed_text(pass.canonical, pass.code->changed_lines, pass.code->raw_changed_lines);
      else if (!pass.attributes_only)
        line += "; " + changed_text(pass.canonical, pass.changed_lines, pass.raw_changed_lines);
      break;
    }
  }
  if (found.a_rebuilt_measured == false || found.b_rebuilt_measured == false)
    line += "; the dumps are of another binary than its run measured";
  if (point.skipped) {
    std::vector<std::string> as_a;
    for (const SkippedPass& pass : *point.skipped)
      if (pass.outcome == SkipOutcome::restores_a)
        as_a.push_back(pass.pass + (restores_a_time(pass, verdict) ? " (A's time again)" : ""));
    line += point.skipped->empty() ? std::string("; no pass can be left out of B")
            : as_a.empty()         ? fmt::format("; no pass of {} left out of B gives A's code", point.skipped->size())
                         : fmt::format("; left out of B, {} give{} A's code", fmt::join(as_a, ", "), as_a.size() == 1 ? "s" : "");
  }
  return line;
}

void print_point(const PointExplanation& point, const std::string& verdict, std::ostream& out) {
  const PassExplanation& found = point.passes;
  out << fmt::format("{}{}  {}\n", point.point, verdict.empty() ? "" : "  " + verdict,
                     point.a_variant == point.b_variant ? point.a_variant : point.a_variant + " -> " + point.b_variant);
  switch (found.outcome) {
    case ExplainOutcome::failed:
      out << fmt::format("  cannot explain: {}\n", found.error);
      return;
    case ExplainOutcome::no_divergence:
      out << fmt::format("  no divergence: every pass ({} A, {} B), every stage and the binaries are the same\n",
                         found.a_passes, found.b_passes);
      break;
    case ExplainOutcome::stage: {
      const PassDivergence& pass = found.divergence;
      if (found.no_passes.empty())
        out << fmt::format("  first divergent stage: {} (the IR after each of the {} passes both ran was the same)\n",
                           found.stage, pass.aligned);
      else
        out << fmt::format("  first divergent stage: {} ({})\n", found.stage, found.no_passes);
      if (!pass.since_same_only_in_a.empty() || !pass.since_same_only_in_b.empty())
        out << fmt::format("  after the last common pass, ran on one side only: A {}; B {}\n", names(pass.since_same_only_in_a),
                           names(pass.since_same_only_in_b));
      break;
    }
    case ExplainOutcome::pass: {
      const PassDivergence& pass = found.divergence;
      // Passes that ran on one side only, since the last identical output, come before the first
      // output that differs: they are what the reader looks for, so the headline names them.
      if (!pass.since_same_only_in_a.empty() || !pass.since_same_only_in_b.empty()) {
        out << fmt::format("  first divergence: passes that ran on one side only, since the last identical output: A {}; B {}\n",
                           names(pass.since_same_only_in_a), names(pass.since_same_only_in_b));
        out << fmt::format("  the first output that differs is then that of {} ({})\n", pass.pass, spelling(pass.stage));
      } else {
        out << fmt::format("  first divergent pass: {} ({})\n", pass.pass, spelling(pass.stage));
      }
      out << fmt::format("  its output: {} -> {} lines, {}\n", pass.a_lines, pass.b_lines,
                         changed_text(pass.canonical, pass.changed_lines, pass.raw_changed_lines));
      if (const std::string ops = operations_text(pass.order_only, pass.ops_counted, pass.op_changes);
          !ops.empty() && !pass.attributes_only)  // the module's attributes alone: the code's line follows
        out << "  operations: " << ops << "\n";
      // the passes before it that are not aligned, less those the headline named
      const std::vector<std::string> earlier_a = less(pass.only_in_a, pass.since_same_only_in_a);
      const std::vector<std::string> earlier_b = less(pass.only_in_b, pass.since_same_only_in_b);
      if (!earlier_a.empty() || !earlier_b.empty())
        out << fmt::format("  {}passes before it that are not aligned (new, dropped or moved): A {}; B {}\n",
                           earlier_a.size() + earlier_b.size() < pass.only_in_a.size() + pass.only_in_b.size() ? "earlier, " : "",
                           names(earlier_a), names(earlier_b));
      std::istringstream excerpt(pass.excerpt);
      for (std::string line; std::getline(excerpt, line);) out << "    " << line << "\n";
      if (pass.attributes_only && !pass.code)
        out << "  only the module's attributes differ there, and no later pass's code differs: the code parts after the passes\n";
      if (pass.attributes_only && pass.code) {
        out << fmt::format("  only the module's attributes differ there; the code first differs at: {} ({}), {}\n",
                           pass.code->pass, spelling(pass.code->stage),
                           changed_text(pass.canonical, pass.code->changed_lines, pass.code->raw_changed_lines));
        if (const std::string ops = operations_text(pass.code->order_only, pass.code->ops_counted, pass.code->op_changes);
            !ops.empty())
          out << "  operations: " << ops << "\n";
        if (!pass.code->since_same_only_in_a.empty() || !pass.code->since_same_only_in_b.empty())
          out << fmt::format("  since the last output whose code was alike, ran on one side only: A {}; B {}\n",
                             names(pass.code->since_same_only_in_a), names(pass.code->since_same_only_in_b));
        std::istringstream code(pass.code->excerpt);
        for (std::string line; std::getline(code, line);) out << "    " << line << "\n";
      }
      break;
    }
  }
  if (const PassDivergence& passes = found.divergence; !passes.pipeline_only_in_a.empty() || !passes.pipeline_only_in_b.empty()) {
    const std::vector<std::string> later_a = not_named_above(passes.pipeline_only_in_a, passes, true);
    const std::vector<std::string> later_b = not_named_above(passes.pipeline_only_in_b, passes, false);
    if (!later_a.empty() || !later_b.empty())
      out << fmt::format("  {}passes one side's pipeline has and the other's lacks: A {}; B {}\n",
                         later_a.size() + later_b.size() < passes.pipeline_only_in_a.size() + passes.pipeline_only_in_b.size()
                             ? "and further "
                             : "",
                         names(later_a), names(later_b));
  }
  if (found.pass_times) {  // -ftime-report: where the compile time went, side by side
    const auto& times = *found.pass_times;
    std::vector<std::string> changes;
    for (const PassTimeChange& change : times.largest)
      changes.push_back(fmt::format("{} {:+.1f} ms ({:.1f} -> {:.1f})", change.pass, change.b_ms - change.a_ms, change.a_ms, change.b_ms));
    out << fmt::format("  compile time by pass (as the compiler timed its passes): A {:.1f} ms, B {:.1f} ms{}{}\n", times.a_ms,
                       times.b_ms, times.a_ms > 0 ? fmt::format(" ({:.2f}x)", times.b_ms / times.a_ms) : "",
                       changes.empty() ? "" : fmt::format("; most changed: {}", fmt::join(changes, ", ")));
  }
  out << rebuilt_warning(found);
  if (!point.skipped) return;
  if (point.skipped->empty()) {
    out << "  left out of B in turn: no pass that can be left out (Triton's MLIR passes and GCC's can; the code parts in "
           "LLVM's or the machine passes, or in another compiler)\n";
    return;
  }
  out << "  left out of B in turn, what B's variant then compiles to:\n";
  for (const SkippedPass& pass : *point.skipped) {
    const std::string timed = timing_text(pass, verdict);
    switch (pass.outcome) {
      case SkipOutcome::restores_a: out << fmt::format("    {}: A's code (the binary A's variant compiles to){}\n", pass.pass, timed); break;
      case SkipOutcome::no_effect: out << fmt::format("    {}: B's code still (no effect)\n", pass.pass); break;
      case SkipOutcome::other_code: out << fmt::format("    {}: other code than A's and B's{}\n", pass.pass, timed); break;
      case SkipOutcome::failed: out << fmt::format("    {}: cannot be left out: {}\n", pass.pass, pass.detail); break;
    }
  }
  std::vector<std::string> restoring;
  for (const SkippedPass& pass : *point.skipped)
    if (restores_a_time(pass, verdict)) restoring.push_back(pass.pass);
  if (!restoring.empty())
    out << fmt::format("  left out of B, {} {} B's time back to A's\n", fmt::join(restoring, ", "), restoring.size() == 1 ? "brings" : "each bring");
}

// The lines wrapped to `width` (their indent kept, four more for what wraps), but not the IR
// excerpts': code is read as it was printed. An excerpt's line is four spaces in, then its diff
// mark (' ', '-', '+', "@@", "..."), where a list's item there starts with a pass's name.
std::string wrap_prose(const std::string& text, size_t width) {
  std::istringstream lines(text);
  std::string wrapped;
  for (std::string line; std::getline(lines, line);) {
    const size_t indent = line.find_first_not_of(' ');
    if (indent == std::string::npos || indent > 4 || (indent == 4 && !std::isalnum(static_cast<unsigned char>(line[4])))) {
      wrapped += line + "\n";
      continue;
    }
    wrapped += line.substr(0, indent) + wrap_text(line.substr(indent), width, std::string(indent + 4, ' '), indent) + "\n";
  }
  return wrapped;
}

}  // namespace

void print_explain_text(const ExplainReport& report, std::ostream& out, const ExplainTextOptions& options) {
  std::ostringstream text;
  text << fmt::format("explain {} {}: {} point(s)\n", report.a_dir, report.b_dir, report.points.size());
  if (report.points.empty()) {
    text << "no point to explain: every point's measured binaries are the same on both sides (name points to explain them anyway)\n";
    out << wrap_prose(text.str(), options.width);
    return;
  }
  if (!options.detail) text << "\n";
  for (const PointExplanation& point : report.points) {
    const auto found = report.verdicts.find(point.point);
    const std::string verdict = found == report.verdicts.end() ? "" : found->second;
    if (options.detail) {
      text << "\n";
      print_point(point, verdict, text);
    } else {
      text << point_line(point, verdict) << "\n";
    }
  }
  if (const std::string table = pass_table_text(pass_table_of(report)); !table.empty()) text << "\n" << table;
  if (!report.out.empty()) text << fmt::format("\neach side's pass outputs: {}\n", report.out);
  if (!options.detail)
    text << "each point's passes, its output's operations and IR excerpt: add --detail (and the point's id for one)\n";
  out << wrap_prose(text.str(), options.width);
}

void print_explain(const ExplainReport& report, OutputFormat format, std::ostream& out, const ExplainTextOptions& options) {
  if (format == OutputFormat::json) print_explain_json(report, out);
  else print_explain_text(report, out, options);
}

void print_explain_json(const ExplainReport& report, std::ostream& out) { out << explain_report_json(report).dump(2) << "\n"; }

}  // namespace abt
