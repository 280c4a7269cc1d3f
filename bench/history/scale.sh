#!/usr/bin/env bash
# The history at scale (issue 60): BUILDS replays of POINTS points each (synthetic runs written by
# abtool's own writers: tests/history/synthetic_runs.cpp), added to one history with `history add`,
# added again (nothing changed: nothing read), `history changes` over every series, and the trend
# page of PAGE_POINTS points over the same builds; prints a table of wall times and sizes.
#   usage: [BUILDS=500] [POINTS=10000] [PAGE_POINTS=200] [WORK=/tmp/abtool-history-scale] bench/history/scale.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
abtool=${ABTOOL:-$root/build/abtool/abtool}
synthetic=${SYNTHETIC:-$root/build/tests/abtool-synthetic-runs}
builds=${BUILDS:-500} points=${POINTS:-10000} page_points=${PAGE_POINTS:-200}
work=${WORK:-/tmp/abtool-history-scale}
rm -rf "$work"
mkdir -p "$work"
seconds() { local start=$1; echo "$(( $(date +%s%N) - start ))" | awk '{ printf "%.1f", $1 / 1e9 }'; }

start=$(date +%s%N)
"$synthetic" "$work/runs" "$builds" "$points" 1 $((builds * 3 / 5)) 5 10 > /dev/null
made=$(seconds "$start")
start=$(date +%s%N)
"$abtool" history add --db "$work/h.sqlite" -q "$work"/runs/B*
added=$(seconds "$start")
start=$(date +%s%N)
"$abtool" history add --db "$work/h.sqlite" -q "$work"/runs/B*
again=$(seconds "$start")
start=$(date +%s%N)
"$abtool" history changes --db "$work/h.sqlite" --format json > "$work/changes.json"
changed=$(seconds "$start")
found=$(python3 -c "import json; print(len(json.load(open('$work/changes.json'))['changes']))")
rows=$(python3 -c "import sqlite3; print(sqlite3.connect('$work/h.sqlite').execute('SELECT count(*) FROM observations').fetchone()[0])")
rm -rf "$work/runs"
"$synthetic" "$work/page-runs" "$builds" "$page_points" 1 $((builds * 3 / 5)) 5 10 > /dev/null
"$abtool" history add --db "$work/page.sqlite" -q "$work"/page-runs/B*
start=$(date +%s%N)
"$abtool" history report --db "$work/page.sqlite" -o "$work/trends.html" > /dev/null
paged=$(seconds "$start")
printf '%-58s %s\n' "what ($builds builds of $points points; $(nproc) cores)" "figure"
printf '%-58s %s\n' "runs written (synthetic, abtool's writers)" "$made s, $(du -sh "$work" | cut -f1) left after"
printf '%-58s %s\n' "history add of every run ($((builds * points)) point rows, $rows rows)" "$added s"
printf '%-58s %s\n' "history add of them again (unchanged: none read)" "$again s"
printf '%-58s %s\n' "history changes over $points series ($found change points)" "$changed s"
printf '%-58s %s\n' "history.sqlite" "$(du -h "$work/h.sqlite" | cut -f1)"
printf '%-58s %s\n' "history report of $page_points points x $builds builds" "$paged s, $(du -h "$work/trends.html" | cut -f1)"
echo "trend page: $work/trends.html (tests/report/trend_check.py opens it in Chromium)"
