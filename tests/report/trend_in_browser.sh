#!/usr/bin/env bash
# `abtool history report` end to end: a history of 200 points over 100 builds (synthetic replays
# written by abtool's own writers, steps planted at build 60 in every 10th point), its trend page,
# then the page in a real headless browser (trend_check.py): charts drawn, the steps marked, the
# tooltip's words, the op filter, no request, no sideways scroll at 1280 px, open in under 2 s, under 3 MB.
#   usage: tests/report/trend_in_browser.sh ABTOOL SYNTHETIC_RUNS WORK_DIR
set -euo pipefail
abtool=$1
synthetic=$2
work=$3
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"
"$synthetic" "$work/runs" 100 200 1 60 5 10 > /dev/null
"$abtool" history add --db "$work/h.sqlite" -q "$work"/runs/B*
"$abtool" history report --db "$work/h.sqlite" -o "$work/trends.html"
if grep -Eo '(src|href)="[^"]*"' "$work/trends.html" | grep -v '^href="#'; then
  echo "FAIL: the trend page links to something outside itself"
  exit 1
fi
exec /usr/bin/python3 "$here/tests/report/trend_check.py" "$work/trends.html" "$work/trends.png"
