#!/usr/bin/env bash
# What `abtool capture` costs a FlagGems workload (bench/capture/flag_gems_workload.py): its wall
# time alone and under capture, measured alike -- Triton's cache warm (a first run fills it),
# FlagGems' tuning cache fresh for each run, so LibTuner sweeps in both -- and where the shim's
# time went (capture.json's shim_phases_s, and its slowest kernels). Prints a table; every run's
# output is in OUT_DIR/<run>.log, the capture in OUT_DIR/cap.
#   usage: bench/capture/capture_cost.sh OUT_DIR [workload options, e.g. --tokens 1024 --repeat 2]
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1; shift
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
mkdir -p "$out"
export TRITON_CACHE_DIR=${TRITON_CACHE_DIR:-$out/triton-cache}
workload=("$python" "$here/bench/capture/flag_gems_workload.py" "$@")
source "$here/bench/capture/timed.sh"
FLAGGEMS_CACHE_DIR=$out/fg-warm timed warm-up "${workload[@]}"
FLAGGEMS_CACHE_DIR=$out/fg-alone timed workload-alone "${workload[@]}"
FLAGGEMS_CACHE_DIR=$out/fg-captured timed workload-captured "$abtool" capture --out "$out/cap" -- "${workload[@]}"
[ -f "$out/cap/capture.json" ] || { cat "$out/workload-captured.log"; exit 1; }
"$python" - "$out" <<'PY'
import json, re, sys
out = sys.argv[1]
rows = {}
for line in open(f"{out}/times.txt"):
    name, _, code, seconds, _ = line.split()
    rows[name] = float(seconds)
def own(name):
    found = re.findall(r"workload wall ([0-9.]+) s", open(f"{out}/{name}.log").read())
    return float(found[-1]) if found else float("nan")
alone, captured = rows["workload-alone"], rows["workload-captured"]
capture = json.load(open(f"{out}/cap/capture.json"))
print(f"| run | process wall | the workload's own timer |\n|---|---|---|")
print(f"| workload alone | {alone:.1f} s | {own('workload-alone'):.2f} s |")
print(f"| under abtool capture (shim {capture['shim_overhead_s']:.1f} s) | {captured:.1f} s | {own('workload-captured'):.2f} s |")
print(f"| ratio | **{captured / alone:.2f}x** | {own('workload-captured') / own('workload-alone'):.2f}x |")
phases = sorted(capture.get("shim_phases_s", {}).items(), key=lambda item: -item[1])
print("shim phases: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in phases))
kernels = sorted(capture["kernels"], key=lambda k: -k.get("shim_s", 0))
print("slowest kernels: " + ", ".join(f"{k['kernel']} {k.get('shim_s', 0):.2f} s" for k in kernels[:6]))
PY
