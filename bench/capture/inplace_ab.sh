#!/usr/bin/env bash
# On the GPU machine: the kernels of inplace_workload.py (arguments that share memory, a device-side
# TMA kernel) captured, recorded (A), replayed with the same Triton (B: an A/A) and diffed; then the
# workload cut three ways under capture (--timeout, SIGTERM, SIGINT to abtool) and each partial
# capture recorded (CUTS=0 leaves the cuts out). Every step's output is in OUT_DIR/<step>.log, walls
# in OUT_DIR/times.txt.
#   usage: [CUTS=0] bench/capture/inplace_ab.sh OUT_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
abtool=${ABTOOL:-$here/build-device/abtool/abtool}
python=${PYTHON:-python3}
timing=(${TIMING:---warmup-ms 50 --rep-ms 50 --rounds 5})
mkdir -p "$out"
export TRITON_CACHE_DIR=$out/triton-cache
source "$here/bench/capture/timed.sh"
workload=("$here/bench/capture/inplace_workload.py")

timed workload-alone "$python" "${workload[@]}"
timed capture "$abtool" capture --out "$out/cap" -- "$python" "${workload[@]}"
tail -8 "$out/capture.log"
timed record-A "$abtool" record --ops-dir "$out/cap/ops" --shapes "$out/cap/shapes.yaml" --compiler "triton:$python" \
  "${timing[@]}" --out "$out/A"
tail -12 "$out/record-A.log"
timed replay-B "$abtool" replay --from "$out/A" --compiler "triton:$python" "${timing[@]}" --out "$out/B"
"$abtool" diff "$out/A" "$out/B" | tee "$out/diff-aa.txt"

[[ ${CUTS:-1} == 0 ]] && exit 0
# Cut captures: a workload that runs long (many repeats), stopped each way; each capture recorded.
long=("$python" "${workload[@]}" --repeat 1000000)
timed cut-timeout "$abtool" capture --timeout 25 --out "$out/cut-timeout" -- "${long[@]}"
for signal in TERM INT; do
  start=$(date +%s.%N)
  "$abtool" capture --out "$out/cut-$signal" -- "${long[@]}" > "$out/cut-$signal.log" 2>&1 &
  pid=$!
  sleep 25
  kill -$signal $pid
  wait $pid
  echo "cut-$signal exit $? after $(python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 1))" "$start" "$(date +%s.%N)") s" \
    | tee -a "$out/times.txt"
done
for cut in timeout TERM INT; do
  grep -h "partial\|^capture:" "$out/cut-$cut.log"
  "$abtool" record --ops-dir "$out/cut-$cut/ops" --shapes "$out/cut-$cut/shapes.yaml" --compiler "triton:$python" \
    --warmup-ms 20 --rep-ms 20 --rounds 2 --out "$out/cut-$cut-A" > "$out/cut-$cut-record.log" 2>&1
  echo "cut-$cut record exit $?: $(tail -2 "$out/cut-$cut-record.log" | head -1)"
  grep -h "is partial" "$out/cut-$cut-A/run.log"
done
