#!/usr/bin/env bash
# On the GPU machine, with flag_gems importable: mm's LibTuner space, cold. A capture of the
# FlagGems workload gives mm's op and shapes; then LibTuner's own first call on them (fresh Triton
# and FlagGems caches) and abtool's cold sweep of the same space (record --no-cache, a fresh Triton
# cache), each abtool binary given in turn, ROUNDS times (default 2), alternating. Prints the
# table (OUT_DIR/times.txt) and each sweep's run.log line (where its time went).
#   usage: bench/capture/mm_cold.sh OUT_DIR [ABTOOL ...]     (default: build-device's abtool)
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
out=$1; shift
binaries=("$@")
[ ${#binaries[@]} -gt 0 ] || binaries=("$here/build-device/abtool/abtool")
python=${PYTHON:-python3}
rounds=${ROUNDS:-2}
mkdir -p "$out"
source "$here/bench/capture/timed.sh"
export TRITON_CACHE_DIR=$out/triton-cache
FLAGGEMS_CACHE_DIR=$out/fg timed capture "${binaries[0]}" capture --out "$out/cap" -- \
  "$python" "$here/bench/capture/flag_gems_workload.py" --tokens 1024 --repeat 2
mm_shapes=$("$python" - "$out/cap" <<'PY'
import json, sys
cases = json.load(open(f"{sys.argv[1]}/ops/mm_kernel_general/cases.json"))["cases"]
print(" ".join(f"{c['args']['M']['value']},{c['args']['N']['value']},{c['args']['K']['value']}" for c in cases.values()))
PY
)
[ -n "$mm_shapes" ] || { echo "no mm_kernel_general in the capture"; exit 1; }
FLAGGEMS_CACHE_DIR=$(mktemp -d) TRITON_CACHE_DIR=$(mktemp -d) timed mm-libtuner-cold "$python" "$here/bench/capture/mm_libtuner.py" $mm_shapes
grep -v Warning "$out/mm-libtuner-cold.log"
for round in $(seq 1 "$rounds"); do
  for i in "${!binaries[@]}"; do
    TRITON_CACHE_DIR=$(mktemp -d) timed "mm-abtool$i-cold$round" "${binaries[$i]}" record --ops-dir "$out/cap/ops" \
      --shapes "$out/cap/shapes.yaml" --op mm_kernel_general --compiler "triton:$python" --no-cache --out "$out/M$i-$round"
    grep -E "^sweep " "$out/M$i-$round/run.log" | tail -2
  done
done
cat "$out/times.txt"
