#!/usr/bin/env bash
# A/A noise: record once, replay N times with the SAME compiler, and report how often
# `abtool diff` says SAME and how far the medians drift (|B/A - 1|). Prints a table.
#   usage: [COMPILER=host:g++|nvrtc] bench/aa.sh [REPLAYS] [extra abtool record options...]
# COMPILER=nvrtc on a GPU machine measures the CUDA ops of the shape set (default shapes/smoke.yaml).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
replays=${1:-3}
shift || true
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-aa.XXXXXX)}
compiler=${COMPILER:-host:g++}
mkdir -p "$out"
# abtool exits 1 when a point FAILED; the table still reports the others (and says FAILED).
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }

measure record --compiler "$compiler" --out "$out/A" "$@" > "$out/A.log"
for i in $(seq 1 "$replays"); do
  measure replay --from "$out/A" --compiler "$compiler" --out "$out/B$i" > "$out/B$i.log"
  "$abtool" diff "$out/A" "$out/B$i" --format json > "$out/diff$i.json" 2> /dev/null
done

python3 - "$out" "$replays" <<'PY'
import json, statistics, sys
out, replays = sys.argv[1], int(sys.argv[2])
rows, same, untrusted, failed, total, drifts = [], 0, 0, 0, 0, []
for i in range(1, replays + 1):
    report = json.load(open(f"{out}/diff{i}.json"))
    for p in report["points"]:
        if p["speedup"] is None:
            failed += 1
            rows.append((i, p["point"], p["a_us"], p["b_us"], None, None, None, p["verdict"]))
            continue
        drift = abs(1 / p["speedup"] - 1)
        drifts.append(drift)
        total += 1
        same += p["verdict"] == "SAME"
        untrusted += p["verdict"] == "UNTRUSTED"
        rows.append((i, p["point"], p["a_us"], p["b_us"], drift, p["ci95"], p["machine_ratio"], p["verdict"]))
print(f"{'replay':>6}  {'point':<30} {'A us':>10} {'B us':>10} {'|B/A-1|':>8}  {'95% CI of speedup':<18} {'probe B/A':>9}  verdict")
def us(value):
    return f"{value:.2f}" if value is not None else "-"
for i, point, a, b, drift, ci, probe, verdict in rows:
    probe_text = f"{probe:.3f}" if probe is not None else "-"
    drift_text = f"{drift*100:.1f}%" if drift is not None else "-"
    ci_text = f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "-"
    print(f"{i:>6}  {point:<30} {us(a):>10} {us(b):>10} {drift_text:>8}  {ci_text:<18}    {probe_text:>9}  {verdict}")
print(f"\nSAME: {same} of {total} point comparisons ({100*same/max(total,1):.0f}%), "
      f"UNTRUSTED: {untrusted}, FASTER or SLOWER: {total - same - untrusted}; not compared (FAILED or MISSING): {failed}; "
      + (f"|B/A-1| median {100*statistics.median(drifts):.1f}%, max {100*max(drifts):.1f}%" if drifts else "no timed pair"))
print(f"runs kept in {out}")
PY
