#!/usr/bin/env bash
# On the GPU machine, with flag_gems importable: the kernel patterns of issue 45 (patterns_workload.py:
# FlagGems' bf16 mm on host TMA descriptors, index_add's atomics, a split-K GEMM with a pre_hook and
# reset_to_zero, a reduce-overhead compiled block) captured from two processes (torchrun), recorded
# (A), replayed with the same Triton (B: an A/A) and with enable_fp_fusion=0 (C), diffed, and the
# fp-fusion A/B explained pass by pass; with a second Triton (the `triton351 WRAPPER` step), replayed
# with it (D), diffed and explained too. Each step's output is in OUT_DIR/<step>.log; times.txt has
# their walls; patterns_summary.py prints the tables of bench/RESULTS.md.
#   usage: bench/capture/patterns_ab.sh OUT_DIR capture|ab|triton351 WRAPPER|summary
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
    timed workload-alone "$python" -m torch.distributed.run --nproc-per-node 2 "${workload[@]}"
    rm -rf "$out/fg-cache"
    timed capture "$abtool" capture --out "$out/cap" -- "$python" -m torch.distributed.run --nproc-per-node 2 "${workload[@]}"
    tail -3 "$out/capture.log" ;;
  ab)
    timed record-A "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" \
      "${timing[@]}" --out "$out/A"
    timed replay-B "$abtool" replay --from "$out/A" --compiler "triton:$python" "${timing[@]}" --out "$out/B"
    timed replay-C "$abtool" replay --from "$out/A" --compiler "triton:$python" --compiler-flags enable_fp_fusion=0 \
      "${timing[@]}" --out "$out/C"
    "$abtool" diff "$out/A" "$out/B" --format json > "$out/diff-aa.json"
    "$abtool" diff "$out/A" "$out/B" > "$out/diff-aa.txt"
    "$abtool" diff "$out/A" "$out/C" --format json > "$out/diff-fusion.json"
    "$abtool" diff "$out/A" "$out/C" --ir > "$out/diff-fusion.txt"
    explain C fusion ;;
  triton351)
    wrapper=$3
    timed replay-D "$abtool" replay --from "$out/A" --compiler "triton:$wrapper" "${timing[@]}" --out "$out/D"
    "$abtool" diff "$out/A" "$out/D" --format json > "$out/diff-351.json"
    "$abtool" diff "$out/A" "$out/D" --ir > "$out/diff-351.txt"
    explain D 351 ;;
  summary)
    "$python" "$here/bench/capture/patterns_summary.py" "$out" ;;
  *) echo "usage: $0 OUT_DIR capture|ab|triton351 WRAPPER|summary" >&2; exit 2 ;;
esac
