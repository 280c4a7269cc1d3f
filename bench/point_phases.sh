#!/usr/bin/env bash
# Where one point's time goes: records OP at SHAPE (host ops by default, with the host compiler)
# and prints each point's phases_s, its wall time, and its time outside warm-up and timing (the
# host work that grows with its bytes: generating, copying, checking, digesting its buffers).
#   usage: bench/point_phases.sh OP SHAPE [record options]
#   e.g.   bench/point_phases.sh cpu_saxpy 67108864      # two 256 MB inputs (bench/RESULTS.md)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
op=$1 shape=$2; shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s:\n  shapes:\n    - [%s]\n' "$op" "${shape//x/, }" > "$work/shapes.yaml"
extra=("$@")
[[ " ${extra[*]} " == *" --compiler "* ]] || extra+=(--compiler host:g++)
"$abtool" record --op "$op" --shapes "$work/shapes.yaml" --out "$work/A" "${extra[@]}" > "$work/record.log" 2>&1 ||
  { cat "$work/record.log"; exit 1; }
python3 - "$work/A/results.json" <<'PY'
import json, sys
for point in json.load(open(sys.argv[1]))["points"]:
    phases = point["phases_s"]
    outside = point["wall_s"] - phases.get("warmup", 0) - phases.get("timing", 0)
    print(f"{point['op']}/{point['shape_text']}/{point['dtype']}: wall {point['wall_s']:.2f} s, phases sum "
          f"{sum(phases.values()):.2f} s, outside warm-up and timing {outside:.2f} s")
    for name, seconds in sorted(phases.items(), key=lambda item: -item[1]):
        print(f"  {name:<13} {seconds:7.3f} s")
PY
