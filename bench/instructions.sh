#!/usr/bin/env bash
# --metric instructions on the host: a record of the host ops of shapes/smoke.yaml and the
# cpu_work_knob points of bench/shapes/sensitivity.yaml with instruction counts, then REPLAYS
# interleaved A/A replays and REPLAYS replays with each planted knob (-DEXTRA_PERMILLE=K: K/10%
# more steps of cpu_work_knob's chains; the other ops' code is untouched by it), each diffed.
# Prints per point: A's instructions per call, whether every A/A count equalled A's, the final
# verdicts of each knob (and the time's own verdicts beside them), and what counting cost: the
# seconds run.log gives per counted point, against the point's timed budget (2 sides x --rep-ms).
#   usage: [KNOBS="1 10"] bench/instructions.sh [REPLAYS] [extra record options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
replays=${1:-3}
shift || true
knobs=${KNOBS:-1 10}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-instructions.XXXXXX)}
mkdir -p "$out"
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }
python3 - "$here" > "$out/shapes.yaml" <<'PY'
import sys
here = sys.argv[1]
smoke = open(f"{here}/shapes/smoke.yaml").read()
knob = open(f"{here}/bench/shapes/sensitivity.yaml").read().split("cpu_work_knob:")[1]
print(smoke.rstrip() + "\ncpu_work_knob:" + knob)
PY
start=$(date +%s)
measure record --compiler host:g++ --op cpu_saxpy,cpu_softmax,cpu_matmul,cpu_work_knob --shapes "$out/shapes.yaml" \
  --metric instructions --out "$out/A" "$@" > "$out/A.log"
for knob in 0 $knobs; do
  for i in $(seq 1 "$replays"); do
    measure replay --from "$out/A" --compiler-flags "-DEXTRA_PERMILLE=$knob" --out "$out/B${knob}_$i" > "$out/B${knob}_$i.log"
    "$abtool" diff "$out/A" "$out/B${knob}_$i" --format json > "$out/diff${knob}_$i.json" 2> /dev/null
  done
done
echo "record + $(( (${#knobs} > 0 ? $(wc -w <<< "$knobs") : 0) + 1 )) x $replays replays: $(( $(date +%s) - start )) s; runs in $out"

python3 - "$out" "$replays" "$knobs" <<'PY'
import json, re, statistics, sys
out, replays, knobs = sys.argv[1], int(sys.argv[2]), ["0"] + sys.argv[3].split()
meta = json.load(open(f"{out}/A/meta.json"))
budget_s = 2 * meta["timing"]["rep_ms"] / 1000
a_counts = {}
for line in open(f"{out}/A/results.json"):
    line = line.strip().lstrip(",")
    if line.startswith("{\"") and "\"op\"" in line:
        p = json.loads(line)
        if p.get("instructions"):
            a_counts[f'{p["op"]}/{p["shape_text"]}/{p["dtype"]}'] = p["instructions"]["calls"][0]
cost = {}
for run in ["A"] + [f"B{k}_{i}" for k in knobs for i in range(1, replays + 1)]:
    for line in open(f"{out}/{run}/run.log"):
        m = re.search(r"(\S+): instructions per call: .* \(counted in ([0-9.]+) s\)", line)
        if m:
            cost.setdefault(m.group(1), []).append(float(m.group(2)))
rows, totals = [], {k: {} for k in knobs}
equal = {}
for k in knobs:
    for i in range(1, replays + 1):
        for p in json.load(open(f"{out}/diff{k}_{i}.json"))["points"]:
            key = p["point"]
            rows.append(key) if key not in rows else None
            cell = p["verdict"] + ("" if p["metric"] == "instructions" else "(time)")
            totals[k].setdefault(key, []).append((cell, p.get("timing_verdict") or "-",
                                                 p["instructions"]["change_pct"] if p["instructions"] else None))
            if k == "0" and p["instructions"]:
                equal.setdefault(key, []).append(p["instructions"]["a"] == p["instructions"]["b"] == a_counts.get(key))
def short(v):
    return {"SAME": "S", "SLOWER": "W", "FASTER": "F", "AMBIGUOUS": "A", "UNTRUSTED": "U", "FAILED": "X", "MISSING": "M"}.get(v, v)
header = f"{'point':<30} {'A instr':>11} {'A/A equal':>9}"
for k in knobs[1:]:
    header += f"  {'+' + str(int(k) / 10) + '%: instr':>13} {'verdict/time':<14}"
header += f"  {'count s':>7} {'x budget':>8}"
print(header)
for key in rows:
    line = f"{key:<30} {a_counts.get(key, 0):>11,} {sum(equal.get(key, [])):>4}/{len(equal.get(key, [])):<4}"
    for k in knobs[1:]:
        cells = totals[k].get(key, [])
        change = statistics.median([c for _, _, c in cells if c is not None]) if cells else 0
        line += f"  {change:>+12.3f}% {''.join(short(v) for v, _, _ in cells) + '/' + ''.join(short(t) for _, t, _ in cells):<14}"
    c = statistics.median(cost.get(key, [0]))
    line += f"  {c:>7.2f} {c / budget_s:>8.1f}"
    print(line)
print(f"verdicts per replay: S SAME, W SLOWER, F FASTER, A AMBIGUOUS, U UNTRUSTED (final / the time's own); count s: median "
      f"seconds of one point's counting (both sides) over {len(cost.get(rows[0], []))} runs; budget: 2 x --rep-ms = {budget_s:g} s")
for k in knobs:
    final = [v for cells in totals[k].values() for v, _, _ in cells]
    timing = [t for cells in totals[k].values() for _, t, _ in cells]
    print(f"knob {k}: final " + " ".join(f"{v} {final.count(v)}" for v in sorted(set(final))) +
          " | time alone " + " ".join(f"{v} {timing.count(v)}" for v in sorted(set(timing))))
PY
