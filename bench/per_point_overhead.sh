#!/usr/bin/env bash
# The engine's own cost per point, where the op costs nothing: records N tiny host points (cpu_saxpy,
# 1-2 thousand elements, 2 ms warm-up, 5 ms rep, 2 rounds) with each abtool binary given, R times,
# and prints per binary the run's wall time, a point's wall time and the part of it in no phase
# (medians over the points), the fsyncs a run makes (counted under strace, when installed, in a
# run of its own) and the measured kernel's median and spread, which the engine's own system calls
# between two calls disturb.
#   usage: [OP=op] [COMPILER=spec] bench/per_point_overhead.sh [N] [R] [ABTOOL...]
#          (default cpu_saxpy with host:g++, 60 points, 3 runs, build/abtool/abtool)
#   e.g.   bench/per_point_overhead.sh 60 3 build-old/abtool/abtool build/abtool/abtool
#          OP=saxpy COMPILER=nvrtc bench/per_point_overhead.sh 60 1     # on a GPU: the CUDA path's cost
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
points=${1:-60} repeats=${2:-3}
op=${OP:-cpu_saxpy} compiler=${COMPILER:-host:g++}
shift $(( $# >= 2 ? 2 : $# ))
binaries=("$@")
[[ ${#binaries[@]} -gt 0 ]] || binaries=("$here/build/abtool/abtool")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{ echo "$op:"; echo "  shapes:"; for ((i = 0; i < points; ++i)); do echo "    - [$((1024 + 16 * i))]"; done; } > "$work/shapes.yaml"

printf '%-44s %4s %9s %13s %12s %7s %13s %12s\n' binary run "run s" "point ms" "no phase ms" fsyncs "median us" "stddev us"
for binary in "${binaries[@]}"; do
  for ((run = 1; run <= repeats; ++run)); do
    out="$work/run"
    rm -rf "$out"
    cmd=("$binary" record --op "$op" --shapes "$work/shapes.yaml" --ops-dir "$here/examples/ops" --compiler "$compiler"
         --warmup-ms 2 --rep-ms 5 --rounds 2 --out "$out")
    fsyncs=-
    if [[ $run == 1 ]] && command -v strace > /dev/null; then  # counted in a run of its own: strace slows every call
      strace -f -qq -e trace=fsync,fdatasync -o "$work/strace.txt" "${cmd[@]}" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
      fsyncs=$(grep -c 'sync(' "$work/strace.txt" || true)
      rm -rf "$out"
    fi
    start=$(date +%s.%N)
    "${cmd[@]}" > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
    end=$(date +%s.%N)
    python3 - "$out/results.json" "$binary" "$run" "$start" "$end" "$fsyncs" <<'PY'
import json, statistics, sys
results, binary, run, start, end, fsyncs = sys.argv[1:]
points = json.load(open(results))["points"]
wall = statistics.median(p["wall_s"] for p in points) * 1000
outside = statistics.median(p["wall_s"] - sum(p["phases_s"].values()) for p in points) * 1000
median = statistics.median(p["latency"]["median"] for p in points)
spread = statistics.median(p["latency"]["stddev"] for p in points)
name = binary if len(binary) <= 44 else "..." + binary[-41:]
print(f"{name:<44} {run:>4} {float(end) - float(start):9.2f} {wall:13.2f} {outside:12.2f} {fsyncs:>7} {median:13.3f} {spread:12.3f}")
PY
  done
done
