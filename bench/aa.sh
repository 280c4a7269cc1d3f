#!/usr/bin/env bash
# A/A noise: record once, replay N times with the SAME compiler, and report how often `abtool
# diff` claims FASTER or SLOWER anyway (every such claim is false: the code is identical), how
# many points it leaves AMBIGUOUS, and how far the medians move (|B/A - 1|, over all points and
# over points of 10 us or more). Prints a table. Byte-identical code is SAME by diff's rule, so
# the false-positive rate of the statistics themselves is counted from each point's
# `timing_verdict` (what the timing and its trust checks alone said), beside the final verdicts.
#   usage: [COMPILER=host:g++|nvrtc] [REPLAY_EXTRA="--no-interleave"] [DIFF_EXTRA="--threshold 1"] \
#          [FROM=an existing record run] bench/aa.sh [REPLAYS] [extra abtool record options...]
# COMPILER=nvrtc on a GPU machine measures the CUDA ops of the shape set (default shapes/smoke.yaml).
# Replays are interleaved (A's stored binary beside B's) unless REPLAY_EXTRA says --no-interleave.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
replays=${1:-3}
shift || true
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-aa.XXXXXX)}
compiler=${COMPILER:-host:g++}
read -r -a replay_extra <<< "${REPLAY_EXTRA:-}"
read -r -a diff_extra <<< "${DIFF_EXTRA:-}"
mkdir -p "$out"
# abtool exits 1 when a point FAILED; the table still reports the others (and says FAILED).
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }

start=$(date +%s)
a=${FROM:-$out/A}
[[ -n ${FROM:-} ]] || measure record --compiler "$compiler" --out "$a" "$@" > "$out/A.log"
recorded=$(date +%s)
for i in $(seq 1 "$replays"); do
  measure replay --from "$a" --compiler "$compiler" --out "$out/B$i" "${replay_extra[@]}" > "$out/B$i.log"
  "$abtool" diff "$a" "$out/B$i" --format json "${diff_extra[@]}" > "$out/diff$i.json" 2> /dev/null
done
echo "record: $((recorded - start)) s; $replays replays: $(( $(date +%s) - recorded )) s (${REPLAY_EXTRA:-interleaved})"

python3 - "$out" "$replays" <<'PY'
import json, statistics, sys
out, replays = sys.argv[1], int(sys.argv[2])
rows, counts, timing_counts, drifts, long_drifts, failed = [], {}, {}, [], [], 0
for i in range(1, replays + 1):
    report = json.load(open(f"{out}/diff{i}.json"))
    for p in report["points"]:
        counts[p["verdict"]] = counts.get(p["verdict"], 0) + 1
        timing = p.get("timing_verdict") or "-"
        if p["speedup"] is None:
            failed += 1
            rows.append((i, p["point"], None, None, None, None, None, p["verdict"], timing))
            continue
        timing_counts[timing] = timing_counts.get(timing, 0) + 1
        drift = abs(1 / p["speedup"] - 1)
        drifts.append(drift)
        if p["a_us"] >= 10:
            long_drifts.append(drift)
        rows.append((i, p["point"], p["a_us"], p["b_us"], drift, p["ci95"], p.get("drift_pct"), p["verdict"], timing))
def us(value):
    return f"{value:.2f}" if value is not None else "-"
print(f"{'replay':>6}  {'point':<34} {'A us':>10} {'B us':>10} {'|B/A-1|':>8}  {'95% CI of speedup':<18} {'drift':>7}  "
      f"{'verdict':<9} timing alone")
for i, point, a, b, drift, ci, record_drift, verdict, timing in rows:
    drift_text = f"{drift*100:.2f}%" if drift is not None else "-"
    ci_text = f"[{ci[0]:.3f}, {ci[1]:.3f}]" if ci else "-"
    record_text = f"{record_drift:+.1f}%" if record_drift is not None else "-"
    print(f"{i:>6}  {point:<34} {us(a):>10} {us(b):>10} {drift_text:>8}  {ci_text:<18} {record_text:>7}  {verdict:<9} {timing}")
compared = len(drifts)
def line(what, tally):
    claims = tally.get("FASTER", 0) + tally.get("SLOWER", 0)
    return (f"{what}: FASTER or SLOWER (false: identical code) {claims} ({100 * claims / max(compared, 1):.1f}%), "
            f"AMBIGUOUS {tally.get('AMBIGUOUS', 0)}, SAME {tally.get('SAME', 0)}, UNTRUSTED {tally.get('UNTRUSTED', 0)}")
print(f"\n{compared} point comparisons; not compared (FAILED or MISSING): {failed}")
print(line("verdicts", counts))
print(line("timing alone (the statistics' false-positive rate)", timing_counts))
if drifts:
    print(f"|B/A-1| all points: median {100*statistics.median(drifts):.2f}%, max {100*max(drifts):.2f}%")
if long_drifts:
    print(f"|B/A-1| points of 10 us or more ({len(long_drifts)}): median {100*statistics.median(long_drifts):.2f}%, "
          f"max {100*max(long_drifts):.2f}%")
print(f"runs kept in {out}")
PY
