#!/usr/bin/env bash
# `abtool report` end to end: a host record (g++), its replay with clang++ and --retune, the
# report, then the page in a real headless browser (browser_check.py), with two golden runs' reports
# for the page's fit.
#   usage: tests/report/report_in_browser.sh ABTOOL WORK_DIR
set -euo pipefail
abtool=$1
work=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"
printf 'cpu_saxpy:\n  shapes: [[4096]]\ncpu_matmul:\n  shapes: [[32, 48, 40], [64, 64, 64]]\n' > "$work/shapes.yaml"
quick=(--warmup-ms 5 --rep-ms 20 --rounds 2)
"$abtool" record --compiler host:g++ --shapes "$work/shapes.yaml" --out "$work/A" "${quick[@]}" > "$work/A.log"
"$abtool" replay --from "$work/A" --compiler host:clang++ --retune --out "$work/B" > "$work/B.log"
"$abtool" diff "$work/A" "$work/B" --format json > "$work/diff.json"
"$abtool" report "$work/A" "$work/B" -o "$work/report.html"
# Self-contained: nothing fetched from elsewhere (the SVG namespace is a name, not a request).
if grep -Eo '(src|href)="[^"]*"' "$work/report.html" | grep -v '^href="#' ; then
  echo "FAIL: the report links to something outside itself"
  exit 1
fi
# Reports of other runs, for fit: an H200 A/B with hardware counters (the widest table: a `why`
# column) and a host A/B decided by instruction counts.
more=()
for golden in diff_counters diff_instructions; do
  "$abtool" report "$here/tests/golden/$golden/A" "$here/tests/golden/$golden/B" -o "$work/$golden.html" > /dev/null
  more+=("$work/$golden.html")
done
exec /usr/bin/python3 "$here/tests/report/browser_check.py" "$work/report.html" "$work/diff.json" "$work/report.png" "${more[@]}"
