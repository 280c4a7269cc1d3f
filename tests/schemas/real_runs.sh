#!/usr/bin/env bash
# Real runs against the documented schemas: a record, its replay (with a fallback point), their
# diff as JSON (with IR diffs), a --retune replay and its diff (--passes), a replay without GCC's vectorizer
# and its diff --passes, and the checked-in golden runs.
#   usage: tests/schemas/real_runs.sh ABTOOL WORK_DIR
set -euo pipefail
abtool=$1
work=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work"
printf 'cpu_saxpy:\n  shapes: [[4096]]\ncpu_matmul:\n  shapes: [[32, 48, 40]]\n' > "$work/shapes.yaml"
printf 'cpu_saxpy:\n  shapes: [[4096], [8192]]\ncpu_matmul:\n  shapes: [[32, 48, 40]]\n' > "$work/more.yaml"
quick=(--warmup-ms 2 --rep-ms 4 --rounds 2)
"$abtool" record --compiler host:g++ --shapes "$work/shapes.yaml" --out "$work/A" "${quick[@]}" > "$work/A.log"
# [8192] is not in A's record: that point falls back to a sweep and carries the marker.
"$abtool" replay --from "$work/A" --shapes "$work/more.yaml" --out "$work/B" > "$work/B.log"
"$abtool" diff "$work/A" "$work/B" --ir --format json > "$work/diff.json"
# --retune with another compiler: results carry `retuned` and `output_vs_baseline`, diff `retune`.
"$abtool" replay --from "$work/A" --compiler host:clang++ --retune --out "$work/C" > "$work/C.log"
"$abtool" diff "$work/A" "$work/C" --passes --format json > "$work/retuned.json" 2> "$work/retuned.err"
# diff --passes where one pipeline lost a pass: each point's `passes` names the pass.
"$abtool" replay --from "$work/A" --compiler-flags=-fno-tree-vectorize --out "$work/V" "${quick[@]}" > "$work/V.log"
"$abtool" diff "$work/A" "$work/V" --passes --format json > "$work/passes.json" 2> "$work/passes.err"
grep -q '"outcome": "pass"' "$work/passes.json"
"$abtool" explain "$work/A" "$work/V" --format json -q > "$work/explain.json"
grep -q '"same_as_pinned"' "$work/C/results.json"
grep -q AUTOTUNE_REPLAY_FALLBACK "$work/B/results.json"
# --metric instructions (where Valgrind is installed): results carry `instructions` per side,
# meta.json `metric`, diff `metric` and `instructions`.
counted=()
if command -v valgrind > /dev/null; then
  "$abtool" record --compiler host:g++ --shapes "$work/shapes.yaml" --metric instructions --out "$work/I" "${quick[@]}" > "$work/I.log"
  "$abtool" replay --from "$work/I" --out "$work/J" > "$work/J.log"
  "$abtool" diff "$work/I" "$work/J" --format json > "$work/counted.json"
  grep -q '"instructions":{"calls"' "$work/J/results.json"
  counted=("$work/I" "$work/J" "$work/counted.json")
fi
# --gpus over three stand-in devices (host ops), stopped once its parts exist: OUT/gpus.json; then
# --resume merges the parts into one run.
printf 'cpu_matmul:\n  shapes: [[96, 96, 96], [128, 96, 96], [96, 128, 96], [96, 96, 128], [128, 128, 96], [128, 96, 128]]\n' > "$work/gpus.yaml"
export ABTOOL_TEST_GPUS="Stand-in GPU;Stand-in GPU;Stand-in GPU"
"$abtool" record --compiler host:g++ --shapes "$work/gpus.yaml" --gpus all --out "$work/G" "${quick[@]}" > "$work/G.log" 2>&1 &
fleet=$!
for _ in $(seq 600); do
  [[ -f $work/G/parts/gpu0/meta.json && -f $work/G/parts/gpu1/meta.json && -f $work/G/parts/gpu2/meta.json ]] && break
  sleep 0.05
done
kill -INT $fleet
status=0; wait $fleet || status=$?
[[ $status == 130 ]] || { echo "a stopped --gpus run exits 130, not $status"; exit 1; }
cp "$work/G/gpus.json" "$work/gpus.json"
"$abtool" record --resume "$work/G" > "$work/G-resume.log"
unset ABTOOL_TEST_GPUS
[[ ! -e $work/G/gpus.json ]]
/usr/bin/python3 "$here/tests/schemas/validate.py" "$here/rundir/schemas" "$work/A" "$work/B" "$work/diff.json" "$work/C" "$work/retuned.json" \
  "$work/V" "$work/passes.json" "$work/explain.json" \
  "$here/tests/golden/explain/expected.json" "$work/gpus.json" "$work/G" "${counted[@]}" \
  "$here/tests/golden/diff/A" "$here/tests/golden/diff/B" "$here/tests/golden/diff/expected.json" \
  "$here/tests/golden/diff_instructions/A" "$here/tests/golden/diff_instructions/B" \
  "$here/tests/golden/diff_instructions/expected.json" \
  "$here/tests/golden/diff_counters/A" "$here/tests/golden/diff_counters/B" "$here/tests/golden/diff_counters/expected.json"
