#include "compare/report_printers.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "compare/cells.h"
#include "util/terminal.h"
#include "util/units.h"

namespace abt {

namespace {

std::string yes_no(const std::optional<bool>& value, const char* yes, const char* no) {
  return value ? (*value ? yes : no) : "-";
}

bool timed(const PointComparison& row) { return row.a && row.b; }

std::string output_cell(const PointComparison& row) {
  if (row.output_bits && row.output_bits->a_self_max_abs)
    return fmt::format("nondeterministic (A vs A max {:.2g}; B vs A max {:.2g}{})", *row.output_bits->a_self_max_abs,
                       row.output_bits->max_abs, within_own_spread(*row.output_bits) ? "" : ", beyond A's own spread");
  if (row.output_bits && !row.output_bits->identical)
    return fmt::format("DIFFERS max {:.2g}", row.output_bits->max_abs);
  return yes_no(row.same_output, "same", "DIFFERS");
}

// B's instruction count against A's, where both were counted.
std::string instructions_cell(const PointComparison& row) {
  return row.instructions ? fmt::format("{:+.3f}%", row.instructions->change_pct) : "-";
}

std::string retune_cell(const PointComparison& row) {
  if (!row.retune) return "-";
  return fmt::format("{:.3f}x {}{}", row.retune->speedup, spelling(row.retune->verdict),
                     row.retune->optimum_moved ? " (moved: " + row.retune->b_variant + ")" : "");
}

struct Column {
  const char* name;
  bool numeric;  // right-aligned
  std::string (*cell)(const PointComparison&);
};

// Every column, in table order; the default layout shows the first kNarrowColumns (and the
// config when it fits), the rest go to a line per point below the table.
const std::vector<Column>& all_columns() {
  static const std::vector<Column> columns{
      {"point", false, [](const PointComparison& row) { return row.id; }},
      {"A", true, [](const PointComparison& row) { return timed(row) ? format_microseconds(row.a->median_us) : "-"; }},
      {"B", true, [](const PointComparison& row) { return timed(row) ? format_microseconds(row.b->median_us) : "-"; }},
      {"speedup", true, [](const PointComparison& row) { return timed(row) ? fmt::format("{:.3f}x", row.speedup) : "-"; }},
      {"95% CI", false,
       [](const PointComparison& row) {
         return timed(row) ? fmt::format("[{:.3f}, {:.3f}]", row.speedup_low, row.speedup_high) : "-";
       }},
      {"verdict", false,
       [](const PointComparison& row) {  // * : decided by another metric than the time beside it
         return std::string(spelling(row.verdict)) + (row.metric() == Metric::instructions ? "*" : "");
       }},
      {"instructions", true, instructions_cell},
      {"config", false, config_cell},
      {"n A/B", false,
       [](const PointComparison& row) { return timed(row) ? fmt::format("{}/{}", row.a->n, row.b->n) : "-"; }},
      {"spread A/B", false,
       [](const PointComparison& row) {
         return timed(row) ? fmt::format("{:.1f}%/{:.1f}%", row.a->spread_pct, row.b->spread_pct) : "-";
       }},
      {"drift", false,
       [](const PointComparison& row) { return row.drift_pct ? fmt::format("{:+.1f}%", *row.drift_pct) : "-"; }},
      {"output", false, output_cell},
      {"IR delta", false,
       [](const PointComparison& row) { return row.ir_delta ? row.ir_delta->short_text() : std::string("-"); }},
      {"retuned (best vs best)", false, retune_cell},
      {"note", false, [](const PointComparison& row) { return row.note(); }},
      {"why (counters)", false, [](const PointComparison& row) { return row.counters ? row.counters->why : std::string("-"); }},
  };
  return columns;
}
constexpr size_t kNarrowColumns = 6;  // point .. verdict
constexpr size_t kInstructionsColumn = 6, kConfigColumn = 7, kRetuneColumn = 13, kWhyColumn = 15;
constexpr size_t kVerdictColumn = 5;
constexpr size_t kDefaultWidth = 80;  // the table's width off a terminal

// The columns a report has something in: instruction counts and re-tuning only where it does.
std::vector<Column> wide_columns(const Comparison& report) {
  std::vector<Column> columns;
  for (size_t c = 0; c < all_columns().size(); ++c)
    if ((c != kRetuneColumn || report.retuned()) && (c != kInstructionsColumn || report.decided_by_instructions()) &&
        (c != kWhyColumn || report.with_counters()))
      columns.push_back(all_columns()[c]);
  return columns;
}

// One line per point for what the narrow table leaves out, when there is something to say.
std::string point_details(const PointComparison& row, bool config_shown) {
  std::vector<std::string> parts;
  if (!config_shown) parts.push_back("config " + config_cell(row));
  if (row.same_output && !*row.same_output) parts.push_back("output bits " + output_cell(row));
  if (row.ir_delta && row.ir_delta->changed) parts.push_back("IR " + row.ir_delta->short_text());
  if (row.counters) parts.push_back("why: " + row.counters->why);
  if (row.retune)
    parts.push_back(fmt::format("best vs best {:.3f}x [{:.3f}, {:.3f}] {}{}{}", row.retune->speedup, row.retune->speedup_low,
                                row.retune->speedup_high, spelling(row.retune->verdict),
                                row.retune->optimum_moved ? ", optimum moved to " + row.retune->b_variant : "",
                                row.retune->identical_code ? " (identical code)" : ""));
  if (!row.note().empty()) parts.push_back(row.note());
  if (parts.empty()) return "";
  return fmt::format("{}: {}", row.id, fmt::join(parts, "; "));
}

// "compile stages B vs A, cpu_softmax (3 points, instructions by callgrind, threshold 0.1%): SLOWER
// +1.31% (g++ same, cc1plus +1.52%, as same, ld same)"; both sides' wall times where nothing was counted.
std::string compile_stages_line(const OpCompileStages& op, double threshold_pct) {
  std::vector<std::string> stages;
  for (const StageComparison& stage : op.stages) {
    if (stage.only_in_a || stage.only_in_b) {
      stages.push_back(fmt::format("{} only in {}", stage.stage, stage.only_in_a ? "A" : "B"));
    } else if (stage.decision) {
      stages.push_back(stage.decision->verdict == Verdict::same ? fmt::format("{} same", stage.stage)
                                                                : fmt::format("{} {:+.2f}%", stage.stage, stage.decision->change_pct));
    } else if (stage.a_ms && stage.b_ms) {  // both sides' milliseconds: NVRTC reports whole ones, 0 among them
      stages.push_back(fmt::format("{} {:.1f} -> {:.1f} ms", stage.stage, *stage.a_ms, *stage.b_ms));
    }
  }
  if (op.total)
    return fmt::format("compile stages B vs A, {} ({} of {} point{} counted, instructions by callgrind, threshold {}%): {} "
                       "{:+.2f}% ({})",
                       op.op, op.counted_points, op.points, op.points == 1 ? "" : "s", threshold_pct,
                       spelling(op.total->verdict), op.total->change_pct, fmt::join(stages, ", "));
  return fmt::format("compile stages B vs A, {} ({} point{}, wall time, not decided; --compile-instructions counts "
                     "them): {}",
                     op.op, op.points, op.points == 1 ? "" : "s", fmt::join(stages, ", "));
}

std::string summary_line(const Comparison& report) {
  std::string text = report.geomean_speedup
                         ? fmt::format("geomean speedup B vs A: {:.3f}x over trusted points", *report.geomean_speedup)
                         : std::string("geomean speedup B vs A: n/a (no trusted points)");
  text += fmt::format(" | FASTER {} SLOWER {} SAME {} AMBIGUOUS {} UNTRUSTED {} FAILED {} MISSING {} (threshold {}%)",
                      report.count(Verdict::faster), report.count(Verdict::slower), report.count(Verdict::same),
                      report.count(Verdict::ambiguous), report.count(Verdict::untrusted), report.count(Verdict::failed),
                      report.count(Verdict::missing), report.threshold_pct);
  if (report.retuned())
    text += fmt::format("\nre-tuned (replay --retune): B's own best config differs from A's at {} of {} points; geomean "
                        "best vs best {}, pinned {}",
                        report.optimum_moved(), report.retuned(),
                        report.retuned_geomean_speedup ? fmt::format("{:.3f}x", *report.retuned_geomean_speedup) : "n/a",
                        report.geomean_speedup ? fmt::format("{:.3f}x", *report.geomean_speedup) : "n/a");
  std::vector<std::string> other_picks;
  int captured = 0;
  for (const auto& row : report.points) {
    if (!row.library_pick_differs) continue;
    ++captured;
    if (*row.library_pick_differs)
      other_picks.push_back(fmt::format("{} (library: {}; abtool: {})", row.id, *row.library_config, row.a_config));
  }
  if (captured)
    text += fmt::format("\nlibrary picks (captured ops): A's sweep picked another config than the library's own at {} of {} "
                        "points{}{}",
                        other_picks.size(), captured, other_picks.empty() ? "" : ": ",
                        fmt::join(other_picks.begin(), other_picks.begin() + long(std::min<size_t>(other_picks.size(), 8)), ", "));
  if (other_picks.size() > 8) text += fmt::format(", and {} more (--format json lists them)", other_picks.size() - 8);
  int differing = 0, compared = 0, nondeterministic = 0, beyond_spread = 0;
  for (const auto& row : report.points) {
    compared += row.same_output.has_value();
    if (row.output_bits && row.output_bits->a_self_max_abs) {
      ++nondeterministic;
      beyond_spread += !within_own_spread(*row.output_bits);
      continue;
    }
    differing += row.same_output && !*row.same_output;
  }
  if (differing)
    text += fmt::format("\noutput bits: B's outputs differ from A's at {} of {} points (a numerics change, or a "
                        "miscompile within the tolerance)",
                        differing, compared);
  if (nondeterministic)
    text += fmt::format("\nnondeterministic outputs: A's own code gave other bits when run twice at {} point(s); B "
                        "differs from A by more than twice A's own spread at {} of them",
                        nondeterministic, beyond_spread);
  if (!report.compile_times.empty()) {
    std::vector<std::string> ops;
    for (const auto& op : report.compile_times)
      ops.push_back(fmt::format("{} {:.2f}x ({} point{}, {:.0f} -> {:.0f} ms)", op.op, op.geomean_ratio, op.points,
                                op.points == 1 ? "" : "s", op.a_total_ms, op.b_total_ms));
    text += fmt::format("\ncompile time B vs A (measured variants): {}", fmt::join(ops, ", "));
    auto listed = [](const std::vector<const PointComparison*>& rows) {
      std::vector<std::string> texts;
      for (const PointComparison* row : rows)
        texts.push_back(fmt::format("{} {:.0f} -> {:.0f} ms", row->id, *row->a_compile_ms, *row->b_compile_ms));
      return fmt::format("{}", fmt::join(texts, ", "));
    };
    if (!report.slowest_compiles.empty()) text += "; most slowed: " + listed(report.slowest_compiles);
    if (!report.fastest_compiles.empty()) text += "; most sped up: " + listed(report.fastest_compiles);
  }
  for (const OpCompileStages& op : report.compile_stages) text += "\n" + compile_stages_line(op, report.instruction_threshold_pct);
  if (const int counted = report.decided_by_instructions()) {
    std::map<Verdict, int> by_time;
    for (const auto& row : report.points)
      if (row.metric() == Metric::instructions && row.timing_verdict) ++by_time[*row.timing_verdict];
    std::vector<std::string> time_counts;
    for (const auto& [verdict, count] : by_time) time_counts.push_back(fmt::format("{} {}", spelling(verdict), count));
    text += fmt::format("\nverdicts from instruction counts ({}) at {} of {} points (threshold {}%); the time alone "
                        "said {} there",
                        report.instruction_tools(), counted, report.points.size(), report.instruction_threshold_pct, fmt::join(time_counts, " "));
  }
  int paired = 0;
  for (const auto& row : report.points) paired += row.in_process_pair;
  if (paired)
    text += fmt::format("\n{} of {} points decided from A's code measured beside B's in B's process (interleaved); "
                        "drift: A's code there against A's record",
                        paired, report.points.size());
  return text;
}

const char* verdict_colour(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster: return "\x1b[32m";
    case Verdict::slower: return "\x1b[31m";
    case Verdict::ambiguous: return "\x1b[33m";
    case Verdict::untrusted: return "\x1b[35m";
    case Verdict::failed:
    case Verdict::missing: return "\x1b[1;31m";
    case Verdict::same: return nullptr;
  }
  return nullptr;
}

struct Table {
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<Verdict> verdicts;  // of each row
  std::vector<size_t> widths;

  Table(std::vector<Column> chosen, const Comparison& report) : columns(std::move(chosen)) {
    for (const auto& point : report.points) {
      std::vector<std::string> row;
      for (const auto& column : columns) row.push_back(column.cell(point));
      rows.push_back(std::move(row));
      verdicts.push_back(point.verdict);
    }
    for (size_t c = 0; c < columns.size(); ++c) {
      widths.push_back(std::string(columns[c].name).size());
      for (const auto& row : rows) widths[c] = std::max(widths[c], row[c].size());
    }
  }
  size_t width() const {
    size_t total = 0;
    for (size_t w : widths) total += w + 2;
    return total - 2;
  }
  // `most`: the widest a line may be; a point whose name would push its row past it gets a line
  // of its own, its numbers on the next (the first column narrowed to what is left).
  void print(std::ostream& out, bool colour, size_t most = std::string::npos) {
    if (most != std::string::npos && width() > most) {
      const size_t rest = width() - widths[0];
      widths[0] = most > rest + std::string(columns[0].name).size() ? most - rest : std::string(columns[0].name).size();
    }
    std::vector<std::string> head;
    for (const auto& column : columns) head.push_back(column.name);
    print_row(out, head, nullptr);
    for (size_t r = 0; r < rows.size(); ++r) {
      if (rows[r][0].size() > widths[0]) {
        out << rows[r][0] << "\n";
        std::vector<std::string> numbers = rows[r];
        numbers[0].clear();
        print_row(out, numbers, colour ? verdict_colour(verdicts[r]) : nullptr);
      } else {
        print_row(out, rows[r], colour ? verdict_colour(verdicts[r]) : nullptr);
      }
    }
  }

 private:
  // `code`: the verdict's colour, or null.
  void print_row(std::ostream& out, const std::vector<std::string>& row, const char* code) const {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      std::string cell = columns[c].numeric ? fmt::format("{:>{}}", row[c], widths[c]) : fmt::format("{:<{}}", row[c], widths[c]);
      if (code && c == kVerdictColumn) cell = code + row[c] + "\x1b[0m" + cell.substr(row[c].size());  // padding outside the colour
      line += cell;
      if (c + 1 < row.size()) line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
};

}  // namespace

// Under the table: what its speedup means, and what a starred verdict was decided by.
static std::string table_legend(const Comparison& report) {
  std::string legend = "speedup = A's time / B's (above 1: B is faster)";
  if (report.decided_by_instructions()) legend += "; * decided by instruction counts (callgrind), not by the time beside it";
  return legend;
}

void print_text(const Comparison& report, std::ostream& out, bool colour, bool wide, size_t width) {
  out << "A: " << report.a_dir << "\nB: " << report.b_dir << "\n";
  for (const auto& warning : report.warnings)
    out << (wide ? "WARNING: " + warning.text : wrap_text("WARNING: " + warning.text, width, "  ")) << "\n";
  if (wide) {
    Table(wide_columns(report), report).print(out, colour);
    out << table_legend(report) << "\n";
  } else {
    // `width` columns: the verdict's columns always; the config too where it fits; the rest below.
    // Off a terminal (no width) the table is chosen for 80 columns and nothing is broken.
    const bool fitted = width != std::string::npos;
    const size_t table_width = fitted ? width : kDefaultWidth;
    const auto& all = all_columns();
    std::vector<Column> verdict_columns(all.begin(), all.begin() + kNarrowColumns);
    if (report.decided_by_instructions()) verdict_columns.push_back(all[kInstructionsColumn]);
    std::vector<Column> narrow = verdict_columns;
    narrow.push_back(all[kConfigColumn]);
    Table table(narrow, report);
    const bool config_shown = table.width() <= table_width;
    if (!config_shown) table = Table(verdict_columns, report);
    table.print(out, colour, width);
    out << wrap_text(table_legend(report), width, "  ") << "\n";
    std::vector<std::string> details;
    for (const auto& row : report.points)
      if (std::string line = point_details(row, config_shown); !line.empty()) details.push_back(line);
    if (!details.empty()) {
      out << "\n";
      for (const auto& line : details) out << "  " << wrap_text(line, width, "    ", 2) << "\n";
    }
    out << wrap_text(summary_line(report), width, "  ") << "\n";
    return;
  }
  out << summary_line(report) << "\n";
}

void print_markdown(const Comparison& report, std::ostream& out) {
  out << "**A:** `" << report.a_dir << "`  \n**B:** `" << report.b_dir << "`\n\n";
  for (const auto& warning : report.warnings) out << "> **WARNING:** " << warning.text << "\n\n";
  const Table table(wide_columns(report), report);
  out << "|";
  for (const auto& column : table.columns) out << " " << column.name << " |";
  out << "\n|";
  for (const auto& column : table.columns) out << (column.numeric ? "---:|" : "---|");
  out << "\n";
  for (auto row : table.rows) {
    for (auto& cell : row) {
      std::string escaped;
      for (char ch : cell) escaped += ch == '|' ? std::string("\\|") : std::string(1, ch);
      cell = escaped;
    }
    out << "| " << fmt::format("{}", fmt::join(row, " | ")) << " |\n";
  }
  out << "\n" << table_legend(report) << "\n\n" << summary_line(report) << "\n";
}

namespace {

// One side's counter as a CSV number; empty where the point has no counters.
std::string counter_cell(const PointComparison& row, double GpuCounters::*field, GpuCounters CounterDelta::*side) {
  return row.counters ? fmt::format("{}", (*row.counters).*side.*field) : "";
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char ch : text) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return quoted + "\"";
}

// A side's counted compile, every stage together; empty where it was not counted.
std::string compile_instructions_cell(const std::optional<CompileProfile>& profile) {
  return profile && profile->counted() ? std::to_string(profile->total_instructions()) : "";
}

template <typename T>
std::string csv_number(const std::optional<T>& value) {
  return value ? fmt::format("{}", *value) : "";
}

}  // namespace

void print_csv(const Comparison& report, std::ostream& out) {
  out << "point,a_us,b_us,speedup,ci95_low,ci95_high,verdict,n_a,n_b,spread_a_pct,spread_b_pct,drift_pct,"
         "in_process_pair,same_config,ir_changed,ir_delta,a_compile_ms,b_compile_ms,a_variant,b_variant,same_output,"
         "output_max_abs,retuned_variant,optimum_moved,retuned_speedup,retuned_ci95_low,retuned_ci95_high,retuned_verdict,"
         "note,metric,a_instructions,b_instructions,instructions_change_pct,timing_verdict,a_dram_read_bytes,"
         "b_dram_read_bytes,a_dram_write_bytes,b_dram_write_bytes,a_l2_hit_pct,b_l2_hit_pct,a_warp_instructions,"
         "b_warp_instructions,a_occupancy_pct,b_occupancy_pct,why,a_compile_instructions,b_compile_instructions\n";
  auto flag = [](const std::optional<bool>& value) { return value ? std::string(*value ? "true" : "false") : ""; };
  for (const auto& row : report.points) {
    const bool timed = row.a && row.b;
    auto timed_number = [&](double value) { return timed ? fmt::format("{}", value) : std::string(); };
    std::vector<std::string> cells{row.id,
                                   timed_number(timed ? row.a->median_us : 0),
                                   timed_number(timed ? row.b->median_us : 0),
                                   timed_number(row.speedup),
                                   timed_number(row.speedup_low),
                                   timed_number(row.speedup_high),
                                   std::string(spelling(row.verdict)),
                                   timed ? std::to_string(row.a->n) : "",
                                   timed ? std::to_string(row.b->n) : "",
                                   timed_number(timed ? row.a->spread_pct : 0),
                                   timed_number(timed ? row.b->spread_pct : 0),
                                   csv_number(row.drift_pct),
                                   row.in_process_pair ? "true" : "false",
                                   flag(row.same_config),
                                   flag(row.ir_changed),
                                   row.ir_delta ? row.ir_delta->short_text() : "",
                                   csv_number(row.a_compile_ms),
                                   csv_number(row.b_compile_ms),
                                   row.a_variant,
                                   row.b_variant,
                                   flag(row.same_output),
                                   row.output_bits ? fmt::format("{}", row.output_bits->max_abs) : "",
                                   row.retune ? row.retune->b_variant : "",
                                   row.retune ? flag(row.retune->optimum_moved) : "",
                                   row.retune ? fmt::format("{}", row.retune->speedup) : "",
                                   row.retune ? fmt::format("{}", row.retune->speedup_low) : "",
                                   row.retune ? fmt::format("{}", row.retune->speedup_high) : "",
                                   row.retune ? std::string(spelling(row.retune->verdict)) : "",
                                   row.note(),
                                   std::string(spelling(row.metric())),
                                   row.instructions ? std::to_string(row.instructions->a) : "",
                                   row.instructions ? std::to_string(row.instructions->b) : "",
                                   row.instructions ? fmt::format("{}", row.instructions->change_pct) : "",
                                   row.timing_verdict ? std::string(spelling(*row.timing_verdict)) : "",
                                   counter_cell(row, &GpuCounters::dram_read_bytes, &CounterDelta::a),
                                   counter_cell(row, &GpuCounters::dram_read_bytes, &CounterDelta::b),
                                   counter_cell(row, &GpuCounters::dram_write_bytes, &CounterDelta::a),
                                   counter_cell(row, &GpuCounters::dram_write_bytes, &CounterDelta::b),
                                   counter_cell(row, &GpuCounters::l2_hit_pct, &CounterDelta::a),
                                   counter_cell(row, &GpuCounters::l2_hit_pct, &CounterDelta::b),
                                   counter_cell(row, &GpuCounters::warp_instructions, &CounterDelta::a),
                                   counter_cell(row, &GpuCounters::warp_instructions, &CounterDelta::b),
                                   counter_cell(row, &GpuCounters::occupancy_pct, &CounterDelta::a),
                                   counter_cell(row, &GpuCounters::occupancy_pct, &CounterDelta::b),
                                   row.counters ? row.counters->why : "",
                                   compile_instructions_cell(row.a_compile),
                                   compile_instructions_cell(row.b_compile)};
    for (size_t c = 0; c < cells.size(); ++c) out << (c ? "," : "") << csv_field(cells[c]);
    out << "\n";
  }
}

}  // namespace abt
