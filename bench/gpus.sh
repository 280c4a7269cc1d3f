#!/usr/bin/env bash
# One run over several GPUs (--gpus) against one GPU: `record` of a shape set on GPU 0 alone,
# then spread over GPUS; then an A/A replay of the spread run, spread the same way, and the diff
# of the two. Prints the wall times and, per GPU, how far B/A strays from 1 (an A/A: it should
# not depend on the GPU). Logs and run directories stay in OUT_DIR.
#   usage: [GPUS=0,1] [SHAPES=shapes/llm.yaml] bench/gpus.sh [extra record options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-gpus.XXXXXX)}
gpus=${GPUS:-0,1}
shapes=${SHAPES:-$here/shapes/llm.yaml}
mkdir -p "$out"
# abtool exits 1 when a point FAILED; the table still reports the others.
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }
now() { date +%s.%N; }

start=$(now); measure record --shapes "$shapes" --gpu "${gpus%%,*}" --out "$out/one" "$@" > "$out/one.log" 2>&1; end=$(now)
echo "$start $end" > "$out/one.wall"
start=$(now); measure record --shapes "$shapes" --gpus "$gpus" --out "$out/spread" "$@" > "$out/spread.log" 2>&1; end=$(now)
echo "$start $end" > "$out/spread.wall"
start=$(now); measure replay --from "$out/spread" --gpus "$gpus" --out "$out/aa" > "$out/aa.log" 2>&1; end=$(now)
echo "$start $end" > "$out/aa.wall"
"$abtool" diff "$out/spread" "$out/aa" --format json > "$out/aa.json" || true

python3 - "$out" "$gpus" <<'PY'
import collections, json, statistics, sys
out, gpus = sys.argv[1], sys.argv[2]
def wall(name):
    start, end = map(float, open(f"{out}/{name}.wall").read().split())
    return end - start
one, spread = wall("one"), wall("spread")
points = json.load(open(f"{out}/spread/results.json"))["points"]
print(f"{'run':<34} {'points':>6} {'wall s':>8} {'vs one GPU':>10}")
print(f"{'record on one GPU':<34} {len(json.load(open(out + '/one/results.json'))['points']):>6} {one:>8.1f} {1:>10.2f}")
print(f"{'record --gpus ' + gpus:<34} {len(points):>6} {spread:>8.1f} {spread / one:>10.2f}")
print(f"{'A/A replay --gpus ' + gpus:<34} {len(points):>6} {wall('aa'):>8.1f}")
meta = json.load(open(f"{out}/spread/meta.json"))
for gpu in meta.get("gpus", [meta["gpu"]]):
    print(f"  device {gpu.get('index')}: {gpu.get('name')} {gpu.get('uuid')}")
report = json.load(open(f"{out}/aa.json"))
print("A/A verdicts:", ", ".join(f"{k} {v}" for k, v in report["counts"].items() if v))
timing = collections.Counter(row["timing_verdict"] for row in report["points"] if row.get("timing_verdict"))
print("A/A timing alone (identical code is SAME by rule):", ", ".join(f"{k} {v}" for k, v in sorted(timing.items())))
gpu_of = {f"{p['op']}/{p['shape_text']}/{p['dtype']}": (p.get("gpu") or {}).get("index") for p in points}
by_gpu = collections.defaultdict(list)
for row in report["points"]:
    if row.get("speedup") is not None:
        by_gpu[gpu_of.get(row["point"])].append((abs(row["speedup"] - 1) * 100, row["timing_verdict"] or row["verdict"]))
print(f"{'gpu':>4} {'points':>6} {'median |B/A-1| %':>17} {'max |B/A-1| %':>14}  timing verdicts")
for gpu, rows in sorted(by_gpu.items(), key=lambda item: str(item[0])):
    deviations = [d for d, _ in rows]
    verdicts = collections.Counter(v for _, v in rows)
    print(f"{str(gpu):>4} {len(rows):>6} {statistics.median(deviations):>17.3f} {max(deviations):>14.3f}  "
          + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
PY
echo "logs and run directories: $out"
