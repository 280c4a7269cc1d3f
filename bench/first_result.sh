#!/usr/bin/env bash
# How soon a big run has its first result: a shape set of N cpu_saxpy shapes (default 100,000)
# is recorded; the seconds until results.json holds its first point (and its first 8 and 64) are
# printed, then the run is stopped with SIGINT (it is marked interrupted; --resume would finish it).
#   usage: [N=100000] bench/first_result.sh [extra record options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-first-result.XXXXXX)}
n=${N:-100000}
mkdir -p "$out"
python3 - "$out/shapes.yaml" "$n" <<'PY'
import sys
with open(sys.argv[1], "w") as shapes:
    shapes.write("cpu_saxpy:\n  shapes:\n")
    for i in range(int(sys.argv[2])):
        shapes.write(f"    - [{1024 + 16 * i}]\n")
PY
start=$(date +%s%N)
"$abtool" record --op cpu_saxpy --shapes "$out/shapes.yaml" --compiler host:g++ --out "$out/run" "$@" > "$out/run.log" 2>&1 &
pid=$!
points() { python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['points']))" "$out/run/results.json" 2> /dev/null || echo 0; }
printf '%8s  %10s\n' points seconds
for want in 1 8 64; do
  while (( $(points) < want )); do
    kill -0 "$pid" 2> /dev/null || { echo "the run ended early: $out/run.log" >&2; exit 1; }
    sleep 0.1
  done
  printf '%8s  %10.1f\n' "$want" "$(( ($(date +%s%N) - start) / 1000000 ))e-3"
done
kill -INT "$pid"
wait "$pid" || echo "stopped: exit $? ($(python3 -c "import json; print(json.load(open('$out/run/meta.json'))['status'])" ), $(points) of $n points written)"
echo "run kept in $out/run"
