#!/usr/bin/env bash
# On the GPU machine: hardware counters (--counters) and SASS instruction counts (--metric
# instructions) beside the verdicts, on the example CUDA and Triton ops (shapes/smoke.yaml).
#   aa        record --metric instructions --counters, replay --counters all by the same NVRTC: every
#             point's counts equal (diff decides them by instructions), and what reading cost per point
#   nvrtc     NVRTC 13.0 (A) against NVRTC 12.4 (B: the nvidia-cuda-nvrtc-cu12 wheel, unzipped), replay
#             --counters: the FASTER/SLOWER points' counters, the why beside each
#   fusion    Triton, record A, replay enable_fp_fusion=0 --counters all: the why beside each point
# Every step's output is in OUT_DIR/<step>.log; the diffs in OUT_DIR/diff-*.txt; costs in costs.txt.
#   usage: bench/counters.sh OUT_DIR [NVRTC12_LIB]   (NVRTC12_LIB: path of libnvrtc.so.12; no nvrtc step without it)
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=$1
nvrtc12=${2:-}
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
shapes=$here/shapes/smoke.yaml
cuda_ops=saxpy,softmax,rmsnorm,transpose,gemm,moe_gather
mkdir -p "$out"
source "$here/bench/capture/timed.sh"

# What reading cost: each point's "counted in" (instructions) and "read in" (counters) seconds.
costs() {
  "$python" - "$@" <<'PY'
import re, sys
for run in sys.argv[1:]:
    counted = [float(x) for x in re.findall(r"instructions per call: .* \(counted in ([0-9.]+) s\)", open(f"{run}/run.log").read())]
    read = [float(x) for x in re.findall(r"hardware counters \(.*\) read in ([0-9.]+) s", open(f"{run}/run.log").read())]
    def line(name, xs):
        return f"{name}: {len(xs)} point(s), median {sorted(xs)[len(xs)//2]:.2f} s, max {max(xs):.2f} s" if xs else f"{name}: none"
    print(f"{run}: {line('instruction counts', counted)}; {line('counters', read)}")
PY
}

timed aa-record "$abtool" record --compiler nvrtc --shapes "$shapes" --op "$cuda_ops" --metric instructions --counters --out "$out/aa/A"
timed aa-replay "$abtool" replay --from "$out/aa/A" --counters all --out "$out/aa/B"
timed aa-replay-plain "$abtool" replay --from "$out/aa/A" --out "$out/aa/P"
"$abtool" diff "$out/aa/A" "$out/aa/B" | tee "$out/diff-aa.txt"
"$abtool" diff "$out/aa/A" "$out/aa/B" --format json > "$out/diff-aa.json"
costs "$out/aa/A" "$out/aa/B" | tee -a "$out/costs.txt"

if [ -n "$nvrtc12" ]; then
  timed nvrtc-record "$abtool" record --compiler nvrtc --shapes "$shapes" --op "$cuda_ops" --out "$out/nvrtc/A"
  timed nvrtc-replay "$abtool" replay --from "$out/nvrtc/A" --compiler "nvrtc:$nvrtc12" --counters --out "$out/nvrtc/B"
  "$abtool" diff "$out/nvrtc/A" "$out/nvrtc/B" --wide | tee "$out/diff-nvrtc.txt"
  "$abtool" report "$out/nvrtc/A" "$out/nvrtc/B" -o "$out/report-nvrtc.html"
  costs "$out/nvrtc/B" | tee -a "$out/costs.txt"
fi

timed fusion-record "$abtool" record --compiler "triton:$python" --shapes "$shapes" --out "$out/fusion/A"
timed fusion-replay "$abtool" replay --from "$out/fusion/A" --compiler-flags enable_fp_fusion=0 --counters all --out "$out/fusion/B"
"$abtool" diff "$out/fusion/A" "$out/fusion/B" --wide | tee "$out/diff-fusion.txt"
"$abtool" report "$out/fusion/A" "$out/fusion/B" -o "$out/report-fusion.html"
costs "$out/fusion/B" | tee -a "$out/costs.txt"
cat "$out/times.txt" "$out/costs.txt"
