#!/usr/bin/env bash
# Timer fidelity: the per-launch time of a tiny, a medium and a large kernel under each timer
# (--timer graph, direct, cupti), same configs on each (direct and cupti replay graph's record).
# Prints a table; the runs are kept.
#   usage: bench/timer_fidelity.sh [extra abtool options, e.g. --rep-ms 1000]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-fidelity.XXXXXX)}
shapes=${SHAPES:-$here/bench/shapes/timer_fidelity.yaml}
mkdir -p "$out"
# abtool exits 1 when a point FAILED; the table still reports the others (and says FAILED).
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }

measure record --compiler nvrtc --shapes "$shapes" --timer graph --out "$out/graph" "$@" > "$out/graph.log"
for timer in direct cupti; do
  measure replay --from "$out/graph" --timer "$timer" --out "$out/$timer" "$@" > "$out/$timer.log"
done

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
runs = {t: {f'{p["op"]}/{p["shape_text"]}/{p["dtype"]}': p for p in json.load(open(f"{out}/{t}/results.json"))["points"]}
        for t in ("graph", "direct", "cupti")}
def us(p):
    return p["latency"]["median"] if p["status"] == "SUCCESS" else float("nan")
print(f"{'point':<28} {'variant':<34} {'graph us':>9} {'direct us':>10} {'cupti us':>9} {'direct/graph':>12} {'cupti/graph':>11}  graph IQR")
for point, g in runs["graph"].items():
    d, c = runs["direct"].get(point, {"status": "MISSING"}), runs["cupti"].get(point, {"status": "MISSING"})
    iqr = f'{g["latency"]["q1"]:.2f}..{g["latency"]["q3"]:.2f}'
    print(f"{point:<28} {g['variant']:<34} {us(g):>9.2f} {us(d):>10.2f} {us(c):>9.2f} {us(d)/us(g):>12.2f} {us(c)/us(g):>11.2f}  {iqr}")
print("graph: per-launch time inside a replayed graph of k launches (back to back, warm L2);")
print("direct: one launch between two events (includes launch overhead); cupti: kernel duration, L2 flushed before each.")
print(f"runs kept in {out}")
PY
