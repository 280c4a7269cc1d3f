#!/usr/bin/env bash
# A library's benchmark suite against abtool's A/B of it, on the GPU machine with flag_gems
# importable (bench/RESULTS.md): the suite (bench/suite/flag_gems_suite.py) alone, under capture,
# then `record` of the whole capture (a fresh compile cache) and its interleaved A/A `replay` at
# the default budgets, and `diff`. Prints the times, the ratio (record + replay) / suite, each
# run's time by phase and GPU busy fraction (run.log's last line), the points whose time outside
# warm-up and timing exceeds 1 s plus 1 s per GB of their inputs and outputs, and the verdicts.
# Every step's output is in OUT_DIR/<step>.log; OUT_DIR/times.txt has the times.
#   usage: bench/suite_scale.sh OUT_DIR [capture|capture-full|ab|all] [suite options, e.g. --ops abs,exp]
#   capture: the suite's warm-up run (fills Triton's cache; its timing loops at 1 ms, its tuners
#   as they are), the suite alone, and under capture (its timing loops run once, and the capture
#   replay-checked at its end);
#   capture-full: twice under capture --full-timing --no-check, and the captures compared (the same
#   specializations and library picks?): the capture against the first, and the first against the
#   second (how often the library's tuners pick otherwise between two runs of the whole suite);
#   ab: record, replay and diff of OUT_DIR/cap, and the summary; all (default): both.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=$1; shift
steps=all
case ${1:-} in capture|capture-full|ab|all) steps=$1; shift ;; esac
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
mkdir -p "$out"
export TRITON_CACHE_DIR=$out/triton-cache
suite=("$python" "$here/bench/suite/flag_gems_suite.py" "$@")
source "$here/bench/capture/timed.sh"
if [[ $steps == capture-full ]]; then
  timed capture-full-timing "$abtool" capture --full-timing --no-check --out "$out/cap-full" -- "${suite[@]}"
  timed capture-full-again "$abtool" capture --full-timing --no-check --out "$out/cap-full-2" -- "${suite[@]}"
  alone=$(awk '$1 == "suite-alone" { print $4 }' "$out/times.txt" | tail -1)
  "$python" "$here/bench/suite/capture_compare.py" "$out/cap" "$out/cap-full" $alone; code=$?
  echo "--- the suite's tuners between two runs, both with --full-timing:"
  "$python" "$here/bench/suite/capture_compare.py" "$out/cap-full" "$out/cap-full-2"
  exit $code
fi
if [[ $steps != ab ]]; then
  timed suite-warm-up "${suite[@]}" --warmup 1 --rep 1  # Triton's cache filled, as a suite run again would find it
  timed suite-alone "${suite[@]}"
  timed capture "$abtool" capture --out "$out/cap" -- "${suite[@]}"
  grep -E "captured|not captured" "$out/capture.log" | tail -3
fi
[[ $steps == capture ]] && exit 0
[ -f "$out/cap/capture.json" ] || { echo "no capture in $out/cap"; exit 1; }
cache=(--cache-dir "$out/abtool-cache")
timed record "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" "${cache[@]}" --out "$out/A"
timed replay "$abtool" replay --from "$out/A" --compiler "triton:$python" "${cache[@]}" --out "$out/B"
timed diff "$abtool" diff "$out/A" "$out/B"
"$abtool" diff "$out/A" "$out/B" --format json > "$out/diff.json" 2> /dev/null
"$python" "$here/bench/suite/summary.py" "$out"
