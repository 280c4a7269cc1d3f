#!/usr/bin/env bash
# Is the per-process offset buffer placement? One point (bench/shapes/placement.yaml) is recorded
# once; then its config is measured (A's code alone, --no-interleave) in two ways:
#   one placement per process: PROCESSES replays with --rounds 1 (each process allocates its
#     buffers once, as abtool did before placement moved per round);
#   many placements in one process: one replay with --rounds ROUNDS (a new placement per round).
# If placement is the cause, the medians of separate processes spread as widely as the rounds of
# one process do, and both spread far more than the samples within one round. Prints a table.
#   usage: [COMPILER=nvrtc] [PROCESSES=8] [ROUNDS=40] bench/placement.sh [extra record options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-placement.XXXXXX)}
compiler=${COMPILER:-nvrtc}
processes=${PROCESSES:-8}
rounds=${ROUNDS:-40}
shapes=${SHAPES:-$here/bench/shapes/placement.yaml}
mkdir -p "$out"

"$abtool" record --compiler "$compiler" --shapes "$shapes" --out "$out/A" "$@" > "$out/A.log"
for i in $(seq 1 "$processes"); do
  "$abtool" replay --from "$out/A" --no-interleave --max-extra-ms 0 --rounds 1 --rep-ms 100 \
    --out "$out/one$i" > "$out/one$i.log"
done
"$abtool" replay --from "$out/A" --no-interleave --max-extra-ms 0 --rounds "$rounds" --rep-ms $((rounds * 100)) \
  --out "$out/many" > "$out/many.log"

python3 - "$out" "$processes" <<'PY'
import json, statistics, sys
out, processes = sys.argv[1], int(sys.argv[2])

def rounds_of(run):
    result = {}
    for p in json.load(open(f"{out}/{run}/results.json"))["points"]:
        samples, sizes, start, medians, iqrs = p["samples_us"], p["round_sizes"] or [len(p["samples_us"])], 0, [], []
        for size in sizes:
            part = sorted(samples[start:start + size])
            start += size
            q = statistics.quantiles(part, n=4) if len(part) > 1 else [part[0]] * 3
            medians.append(q[1])
            iqrs.append(100 * (q[2] - q[0]) / q[1])
        result[p["point"] if "point" in p else f'{p["op"]}/{p["shape_text"]}/{p["dtype"]}'] = (medians, iqrs)
    return result

def describe(values):
    v = sorted(values)
    lo, hi, mid = v[0], v[-1], statistics.median(v)
    return f"{lo:8.3f} {statistics.quantiles(v, n=4)[0] if len(v) > 1 else lo:8.3f} {mid:8.3f} " \
           f"{statistics.quantiles(v, n=4)[2] if len(v) > 1 else hi:8.3f} {hi:8.3f}  {100 * (hi - lo) / mid:6.2f}%"

many = rounds_of("many")
ones = [rounds_of(f"one{i}") for i in range(1, processes + 1)]
print(f"{'point':<24} {'placements':<34} {'n':>3}  {'min':>8} {'q1':>8} {'median':>8} {'q3':>8} {'max':>8}  {'range':>7}  within-round IQR")
for point, (medians, iqrs) in many.items():
    per_process = [one[point][0][0] for one in ones if point in one]
    process_iqr = [one[point][1][0] for one in ones if point in one]
    print(f"{point:<24} {'one per process (us)':<34} {len(per_process):>3}  {describe(per_process)}  {statistics.median(process_iqr):.2f}%")
    print(f"{'':<24} {'one per round, one process (us)':<34} {len(medians):>3}  {describe(medians)}  {statistics.median(iqrs):.2f}%")
print(f"runs kept in {out}")
PY
