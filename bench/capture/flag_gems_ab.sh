#!/usr/bin/env bash
# On the GPU machine, with flag_gems importable: abtool capture of a FlagGems workload, and what it
# costs; the captured ops recorded (A), replayed with the same Triton (B: an A/A) and with
# enable_fp_fusion=0 (C); diff A B, diff A C --ir, the HTML report of A vs C; a torch.compile'd
# function under capture. Every step's output is in OUT_DIR/<step>.log; times.txt is the table.
#   usage: bench/capture/flag_gems_ab.sh OUT_DIR [workload options, e.g. --small]
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1; shift
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
timing=(${TIMING:---warmup-ms 200 --rep-ms 200 --rounds 10})
mkdir -p "$out"
export TRITON_CACHE_DIR=$out/triton-cache
# The workload alone and under capture, into $out/cap (capture_cost.sh prints what it cost).
bash "$here/bench/capture/capture_cost.sh" "$out" "$@"
source "$here/bench/capture/timed.sh"
[ -f "$out/cap/capture.json" ] || exit 1
timed record-A "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" \
  "${timing[@]}" --out "$out/A"
timed replay-B "$abtool" replay --from "$out/A" --compiler "triton:$python" "${timing[@]}" --out "$out/B"
"$abtool" diff "$out/A" "$out/B" | tee "$out/diff-aa.txt"
"$abtool" diff "$out/A" "$out/B" --format json > "$out/diff-aa.json"
# mm's LibTuner space: LibTuner's own first call, cold (fresh Triton and FlagGems caches), on the
# captured mm shapes, against abtool's cold sweep of the same space there (--no-cache, fresh Triton cache).
mm_shapes=$("$python" - "$out/cap" <<'PY'
import json, sys
cases = json.load(open(f"{sys.argv[1]}/ops/mm_kernel_general/cases.json"))["cases"]
shapes = []
for case in cases.values():
    value = lambda name: case["args"][name]["value"]
    shapes.append(f"{value('M')},{value('N')},{value('K')}")
print(" ".join(shapes))
PY
)
if [ -n "$mm_shapes" ]; then
  FLAGGEMS_CACHE_DIR=$(mktemp -d) TRITON_CACHE_DIR=$(mktemp -d) timed mm-libtuner-cold "$python" "$here/bench/capture/mm_libtuner.py" $mm_shapes
  cat "$out/mm-libtuner-cold.log" | grep -v Warning
  TRITON_CACHE_DIR=$(mktemp -d) timed mm-abtool-cold "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" \
    --op mm_kernel_general --compiler "triton:$python" --no-cache --out "$out/M"
  grep -E "SUCCESS|FAILED|sweep" "$out/mm-abtool-cold.log" | tail -5
  "$python" - "$out/M/results.json" <<'PY'
import json, sys
for point in json.load(open(sys.argv[1]))["points"]:
    abtool = " ".join(f"{k}={v}" for k, v in point["config"].items()) if isinstance(point["config"], dict) else point["config"]
    print(f"{point['op']}/{point['shape_text']}: {point['status']} median {point.get('median_us')} us; "
          f"abtool picked {abtool}; LibTuner picked {point.get('library_config')}")
PY
fi
timed replay-C "$abtool" replay --from "$out/A" --compiler "triton:$python" --compiler-flags enable_fp_fusion=0 \
  "${timing[@]}" --out "$out/C"
"$abtool" diff "$out/A" "$out/C" --ir | tee "$out/diff-fusion.txt"
"$abtool" report "$out/A" "$out/C" -o "$out/report-fusion.html"
# torch.compile: what the shim sees of inductor's kernels.
timed compile-captured "$abtool" capture --out "$out/cap-compile" -- "$python" "$here/bench/capture/compile_probe.py"
cat "$out/compile-captured.log"
cat "$out/times.txt"
