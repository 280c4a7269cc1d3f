// `abtool history report -o trends.html`: one self-contained page of a history (no network): a
// chart per op, each point's series a line over the builds (its shapes and dtypes as lines), the
// change points marked on the line and as a dashed line at their build, hovering a dot showing the
// build, the value, its interval and what changed there; a filter by op; the change points as a
// table. Charts are drawn by Chart.js (Debian's libjs-chart.js), inlined when abtool was built.
#pragma once
#include <ostream>
#include <vector>

#include "history/changes.h"

namespace abt {

void write_trend_page(const HistoryStore& store, const HistorySeries& history, const std::vector<Change>& changes,
                      std::ostream& out);

}  // namespace abt
