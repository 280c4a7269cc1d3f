#!/usr/bin/env bash
# On the GPU machine, with flag_gems importable: the kernel patterns of issue 45 (patterns_workload.py:
# FlagGems' bf16 mm on host TMA descriptors, index_add's atomics, a split-K GEMM with a pre_hook and
# reset_to_zero, a reduce-overhead compiled block) captured from two processes (torchrun), recorded
# (A), replayed with the same Triton (B: an A/A) and with enable_fp_fusion=0 (C), diffed, and the
# fp-fusion A/B explained pass by pass; with a second Triton (the `triton351 WRAPPER` step), replayed
# with it (D), diffed and explained too. The `planted` step records the capture again without
# Triton's coalescing pass (P: a planted change, B's pass A lacks), replays it with the pass (Q),
# and asks `explain --skip-passes --time` which pass brings Q's time back to P's at the three points
# it changed most. Each step's output is in OUT_DIR/<step>.log; times.txt has their walls;
# patterns_summary.py prints the tables of bench/RESULTS.md. `ab` records A only if it is not there.
# ALONE=0 leaves out the workload's run without capture (its wall is only for comparison);
# EXPLAIN=0 leaves the explains out of `ab` and `triton351`, for the `explain RUN NAME` step later
# (RUN C and NAME fusion, or D and 351), so that a device call's steps fit its time limit.
#   usage: bench/capture/patterns_ab.sh OUT_DIR capture|record|ab|triton351 WRAPPER|explain RUN NAME|planted|summary
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1 step=$2
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
timing=(${TIMING:---warmup-ms 100 --rep-ms 100 --rounds 6})
mkdir -p "$out"
export TRITON_CACHE_DIR=$out/triton-cache FLAGGEMS_CACHE_DIR=$out/fg-cache
source "$here/bench/capture/timed.sh"
workload=("$here/bench/capture/patterns_workload.py" --tokens 256,1024 --repeat 2)
# explain B_RUN NAME: every point whose code differs, as JSON with the dumps in OUT_DIR/explain-NAME/,
# then as text the TMA mm's and the split-K GEMM's points and the two of largest change.
explain() {
  timed "explain-$2" sh -c '"$0" explain "$1" "$2" --out "$3" --format json > "$4"' "$abtool" "$out/A" "$out/$1" \
    "$out/explain-$2" "$out/explain-$2.json"
  local picked=$("$python" - "$out/diff-$2.json" <<'PY'
import json, sys
points = [p for p in json.load(open(sys.argv[1]))["points"] if not p.get("identical_code") and p["verdict"] != "FAILED"]
named = [p["point"] for p in points if "host_tma" in p["point"] or "splitk" in p["point"]][:2]
largest = sorted((p for p in points if p["point"] not in named), key=lambda p: abs((p.get("speedup") or 1) - 1), reverse=True)
print(" ".join(named + [p["point"] for p in largest[:2]]))
PY
)
  [ -n "$picked" ] && "$abtool" explain "$out/A" "$out/$1" $picked > "$out/explain-$2.txt" 2>&1
}
case $step in
  capture)
    [ "${ALONE:-1}" = 0 ] || timed workload-alone "$python" -m torch.distributed.run --nproc-per-node 2 "${workload[@]}"
    rm -rf "$out/fg-cache"
    timed capture "$abtool" capture --out "$out/cap" -- "$python" -m torch.distributed.run --nproc-per-node 2 "${workload[@]}"
    tail -3 "$out/capture.log" ;;
  record)
    timed record-A "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" \
      "${timing[@]}" --out "$out/A" ;;
  ab)
    [ -d "$out/A" ] || timed record-A "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" \
      --compiler "triton:$python" "${timing[@]}" --out "$out/A"
    timed replay-B "$abtool" replay --from "$out/A" --compiler "triton:$python" "${timing[@]}" --out "$out/B"
    timed replay-C "$abtool" replay --from "$out/A" --compiler "triton:$python" --compiler-flags enable_fp_fusion=0 \
      "${timing[@]}" --out "$out/C"
    "$abtool" diff "$out/A" "$out/B" --format json > "$out/diff-aa.json"
    "$abtool" diff "$out/A" "$out/B" > "$out/diff-aa.txt"
    "$abtool" diff "$out/A" "$out/C" --format json > "$out/diff-fusion.json"
    "$abtool" diff "$out/A" "$out/C" --ir > "$out/diff-fusion.txt"
    [ "${EXPLAIN:-1}" = 0 ] || explain C fusion ;;
  triton351)
    wrapper=$3
    timed replay-D "$abtool" replay --from "$out/A" --compiler "triton:$wrapper" "${timing[@]}" --out "$out/D"
    "$abtool" diff "$out/A" "$out/D" --format json > "$out/diff-351.json"
    "$abtool" diff "$out/A" "$out/D" --ir > "$out/diff-351.txt"
    [ "${EXPLAIN:-1}" = 0 ] || explain D 351 ;;
  explain)
    explain "$3" "$4" ;;
  planted)
    timed record-P "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" \
      --compiler-flags abtool_skip_passes=tritongpu-coalesce "${timing[@]}" --out "$out/P"
    timed replay-Q "$abtool" replay --from "$out/P" --compiler "triton:$python" "${timing[@]}" --out "$out/Q"
    "$abtool" diff "$out/P" "$out/Q" --format json > "$out/diff-planted.json"
    "$abtool" diff "$out/P" "$out/Q" --ir > "$out/diff-planted.txt"
    picked=$("$python" - "$out/diff-planted.json" <<'PY'
import json, sys
points = [p for p in json.load(open(sys.argv[1]))["points"] if not p.get("identical_code") and p["verdict"] != "FAILED"]
print(" ".join(p["point"] for p in sorted(points, key=lambda p: abs((p.get("speedup") or 1) - 1), reverse=True)[:3]))
PY
)
    [ -n "$picked" ] && timed explain-planted sh -c '"$0" explain "$1" "$2" --skip-passes --time --out "$3" $4 > "$5"' \
      "$abtool" "$out/P" "$out/Q" "$out/explain-planted" "$picked" "$out/explain-planted.txt" ;;
  summary)
    "$python" "$here/bench/capture/patterns_summary.py" "$out" ;;
  *) echo "usage: $0 OUT_DIR capture|record|ab|triton351 WRAPPER|explain RUN NAME|planted|summary" >&2; exit 2 ;;
esac
