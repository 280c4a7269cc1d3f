// What `abtool history` prints: the builds (list), one point's series as a sparkline with its
// change points (show, 80 columns), the change points (changes: text, JSON, Markdown, CSV) and the
// gate's verdict. Sentences are made here only.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "history/changes.h"
#include "printers/output_format.h"

namespace abt {

inline constexpr const char* kHistoryChangesSchema = "abtool.history_changes/2";

void print_builds(const HistoryStore& store, std::ostream& out);
// `width`: the columns the lines may take (80 off a terminal).
// `steps`: the series' own, as find_changes found them (the noise shown is the one it judged by).
// `gate`: the gate's result on the newest build (of this series alone): its line says the bar the
// gate held the newest value to, the gate's own words, so show and gate never disagree.
void print_series(const HistorySeries& history, const Series& series, const SeriesSteps& steps, const std::vector<Change>& changes,
                  const GateResult& gate, size_t width, std::ostream& out);
void print_changes(const HistorySeries& history, const std::vector<Change>& changes, OutputFormat format, std::ostream& out);
nlohmann::json changes_json(const HistorySeries& history, const std::vector<Change>& changes);
// The gate's lines: each regression the newest build starts, with the commands that narrow it; each
// point it FAILED, did not measure or could not judge; a summary.
void print_gate(const HistorySeries& history, const GateResult& result, std::ostream& out);

// "▁▂▃▅▇": `values` scaled between their least and greatest, `width` characters at most (a
// character stands for the median of several values where there are more).
std::string sparkline(const std::vector<double>& values, size_t width);

}  // namespace abt
