#!/usr/bin/env bash
# On the GPU machine, from the repository root with build-device/ carried: the GPU tests, then
# any bench commands given, everything logged under $OUT (or /tmp/abtool-device if unset). A
# command given as the word gpu-tests places the GPU tests there instead of first.
# The word no-gpu-tests leaves them out.
#   usage: scripts/device_check.sh ["bench command" | gpu-tests | no-gpu-tests ...]
#   e.g.   scripts/device_check.sh "COMPILER=nvrtc bench/aa.sh 2 --op softmax --shapes shapes/llm.yaml"
set -uo pipefail
out=${OUT:-/tmp/abtool-device}
mkdir -p "$out"
export ABTOOL=$PWD/build-device/abtool/abtool
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv \
  2>&1 | tee "$out/gpu.txt"
# The SM clock while everything below runs, every 200 ms (read only: the clocks are left alone).
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,utilization.gpu,temperature.gpu,power.draw --format=csv,nounits \
  -lms 200 > "$out/clocks.csv" 2>&1 &
sampler=$!
status=0
gpu_tests() { (cd build-device && ctest -L gpu --output-on-failure --timeout 900 2>&1) | tee "$out/gpu-tests.log" || status=1; }
[[ " $* " == *" gpu-tests "* || " $* " == *" no-gpu-tests "* ]] || gpu_tests
for command in "$@"; do
  if [[ $command == gpu-tests ]]; then gpu_tests; continue; fi
  [[ $command == no-gpu-tests ]] && continue
  echo "=== $command ($(date +%T))" | tee -a "$out/bench.log"
  bash -c "$command" 2>&1 | tee -a "$out/bench.log" || status=1
done
kill "$sampler" 2> /dev/null
exit "$status"
