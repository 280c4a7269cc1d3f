#!/usr/bin/env bash
# Sensitivity: how often a planted slowdown of known size is called SLOWER. work_knob (CUDA; or
# cpu_work_knob with COMPILER=host:g++) is recorded once; then replayed N times each with
# -DEXTRA_PERMILLE=0 (A/A), 10 (1%) and 20 (2%) as B's compiler flags, interleaved, and diffed at
# THRESHOLD percent. The true effect of each knob per point comes from one long CUPTI replay (GPU);
# a knob's true effect differs from point to point, so the verdicts of points of 10 us or more
# are also counted by their true effect (0.5-1%, 1-1.5%, 1.5-2.5%, ...).
# Prints tables of the timing's own verdicts (diff's timing_verdict: knob 0 is identical code,
# which diff calls SAME whatever the timing says).
#   usage: [COMPILER=nvrtc] [THRESHOLD=1] [KNOBS="0 10 20"] bench/sensitivity.sh [REPLAYS] [extra record options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
replays=${1:-4}
shift || true
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-sensitivity.XXXXXX)}
compiler=${COMPILER:-nvrtc}
threshold=${THRESHOLD:-1}
knobs=${KNOBS:-0 10 20}
op=work_knob
[[ $compiler == host:* ]] && op=cpu_work_knob
mkdir -p "$out"
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }

measure record --op "$op" --compiler "$compiler" --shapes "$here/bench/shapes/sensitivity.yaml" --out "$out/A" "$@" > "$out/A.log"
for knob in $knobs; do
  for i in $(seq 1 "$replays"); do
    measure replay --from "$out/A" --compiler-flags "-DEXTRA_PERMILLE=$knob" --threshold "$threshold" \
      --out "$out/B${knob}_$i" > "$out/B${knob}_$i.log"
    "$abtool" diff "$out/A" "$out/B${knob}_$i" --threshold "$threshold" --format json > "$out/diff${knob}_$i.json" 2> /dev/null
  done
  if [[ $compiler != host:* && $knob != 0 ]]; then
    measure replay --from "$out/A" --compiler-flags "-DEXTRA_PERMILLE=$knob" --timer cupti --rep-ms 2000 --max-extra-ms 0 \
      --out "$out/cupti$knob" > "$out/cupti$knob.log"
    "$abtool" diff "$out/A" "$out/cupti$knob" --format json > "$out/cupti$knob.json" 2> /dev/null
  fi
done

python3 - "$out" "$replays" "$knobs" "$threshold" <<'PY'
import json, os, sys
out, replays, knobs, threshold = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4]
points, verdicts, true_effect = [], {}, {}
for knob in knobs:
    path = f"{out}/cupti{knob}.json"
    if os.path.exists(path):
        for p in json.load(open(path))["points"]:
            if p["speedup"]:
                true_effect[(knob, p["point"])] = 100 * (1 / p["speedup"] - 1)
    for i in range(1, replays + 1):
        for p in json.load(open(f"{out}/diff{knob}_{i}.json"))["points"]:
            if p["point"] not in [q for q, _ in points]:
                points.append((p["point"], p["a_us"]))
            # The timing's own verdict: knob 0 is byte-identical code, SAME by diff's rule.
            verdicts.setdefault((knob, p["point"]), []).append(p.get("timing_verdict") or p["verdict"])
print(f"threshold {threshold}%; {replays} interleaved replays per knob; true effect: CUPTI, 2 s per point, interleaved; "
      "verdicts are the timing's own (timing_verdict)")
header = f"{'point':<30} {'A us':>8}"
for knob in knobs:
    header += f"  {'+' + str(int(knob) / 10) + '%: true':>12} {'verdicts':<24}"
print(header)
for point, a_us in points:
    line = f"{point:<30} {a_us if a_us else 0:>8.2f}"
    for knob in knobs:
        effect = true_effect.get((knob, point))
        seen = verdicts.get((knob, point), [])
        summary = " ".join(f"{v}x{seen.count(v)}" for v in sorted(set(seen)))
        line += f"  {(f'{effect:+.2f}%' if effect is not None else '-'):>12} {summary:<24}"
    print(line)
for knob in knobs:
    for label, keep in (("all points", lambda a: True), ("points of 10 us or more", lambda a: a is not None and a >= 10)):
        seen = [v for (k, point), vs in verdicts.items() if k == knob and keep(dict(points)[point]) for v in vs]
        if not seen:
            continue
        share = {v: 100 * seen.count(v) / len(seen) for v in set(seen)}
        print(f"+{int(knob) / 10}% {label}: " + ", ".join(f"{v} {share[v]:.0f}%" for v in sorted(share)) + f" of {len(seen)}")
bins = [("no change (knob 0)", None, None), ("below 0.5%", 0, 0.5), ("0.5-1%", 0.5, 1.0), ("1-1.5%", 1.0, 1.5),
        ("1.5-2.5%", 1.5, 2.5), ("2.5% or more", 2.5, 1e9)]
if true_effect:
    print(f"\npoints of 10 us or more, by their true effect (CUPTI)")
    print(f"{'true effect':<24} {'verdicts':>8}  {'SLOWER':>7} {'AMBIGUOUS':>9} {'SAME':>5} {'FASTER':>6} {'other':>5}")
    for label, low, high in bins:
        seen = []
        for (knob, point), vs in verdicts.items():
            a_us = dict(points)[point]
            if a_us is None or a_us < 10:
                continue
            effect = true_effect.get((knob, point))
            if low is None and knob == "0" or effect is not None and low is not None and low <= effect < high:
                seen += vs
        if seen:
            other = len(seen) - sum(seen.count(v) for v in ("SLOWER", "AMBIGUOUS", "SAME", "FASTER"))
            print(f"{label:<24} {len(seen):>8}  {seen.count('SLOWER'):>7} {seen.count('AMBIGUOUS'):>9} "
                  f"{seen.count('SAME'):>5} {seen.count('FASTER'):>6} {other:>5}")
print(f"runs kept in {out}")
PY
