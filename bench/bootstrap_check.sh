#!/usr/bin/env bash
# Do the bootstrap's shortcuts (stats/include/stats/bootstrap.h: stopping early, the
# within-round stage computed) change any verdict? Each pair of runs is diffed at thresholds 1, 2
# and 5% as usual and as the bootstrap is defined, every resample and every draw made
# (ABTOOL_EXHAUSTIVE_BOOTSTRAP=1); prints, per pair, the comparisons, how many verdicts (or notes)
# differ, and both wall times; then each differing point with both intervals.
#   usage: bench/bootstrap_check.sh RUN_A RUN_B [RUN_A RUN_B ...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
(( $# >= 2 && $# % 2 == 0 )) || { sed -n '2,8p' "$0" >&2; exit 2; }
work=$(mktemp -d /tmp/abtool-bootstrap-check.XXXXXX)
printf '%-40s %6s %11s %9s %12s\n' "B" points "differ" "fast s" "exhaustive s"
while (( $# )); do
  a=$1 b=$2
  shift 2
  differ=0 compared=0 early=0 full=0
  for threshold in 1 2 5; do
    start=$(date +%s.%N)
    "$abtool" diff "$a" "$b" --format json --threshold "$threshold" > "$work/early.json" 2> /dev/null
    middle=$(date +%s.%N)
    ABTOOL_EXHAUSTIVE_BOOTSTRAP=1 "$abtool" diff "$a" "$b" --format json --threshold "$threshold" > "$work/full.json" 2> /dev/null
    end=$(date +%s.%N)
    read -r n d < <(python3 - "$work/early.json" "$work/full.json" "$work/differ.txt" "$threshold" <<'PY'
import json, sys
early, full = (json.load(open(f))["points"] for f in sys.argv[1:3])
differ = [(x, y) for x, y in zip(early, full) if x["verdict"] != y["verdict"] or x["note"] != y["note"]]
print(len(early), len(differ))
with open(sys.argv[3], "a") as log:
    for x, y in differ:
        log.write(f'{sys.argv[4]}% {x["point"]}: {x["verdict"]} {x["ci95"]} vs {y["verdict"]} {y["ci95"]} (exhaustive)\n')
PY
)
    compared=$((compared + n)) differ=$((differ + d))
    early=$(python3 -c "print($early + $middle - $start)") full=$(python3 -c "print($full + $end - $middle)")
  done
  printf '%-40s %6s %11s %9.2f %12.2f\n' "$(basename "$(dirname "$b")")/$(basename "$b")" "$compared" "$differ" "$early" "$full"
done
if [[ -s $work/differ.txt ]]; then cat "$work/differ.txt"; fi
rm -rf "$work"
