#!/usr/bin/env bash
# Wall time of choosing triton_matmul's configs: `abtool record` against Triton's own
# @triton.autotune, on the same kernel, config space (48 configs, read from abtool's record) and
# shapes. Each runs with cold caches (every variant compiled), then warm ones (Triton's cache for
# both; abtool's own compile cache too, so its warm run starts no Triton interpreter). Prints a table; logs and run directories stay in OUT_DIR.
#   usage: bench/triton_autotune.sh [PYTHON]     (default python3; needs Triton, PyTorch, a GPU)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
python=${1:-python3}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-autotune.XXXXXX)}
op_dir=$here/examples/ops/triton_matmul
mkdir -p "$out"
# abtool exits 1 when a point FAILED; the table still reports the others (and says FAILED).
measure() { "$abtool" "$@" || [[ $? == 1 ]]; }
rm -rf "$out/triton-cache-abtool" "$out/triton-cache-autotune" "$out/abtool-compile-cache"

now() { date +%s.%N; }
for cache in cold warm; do
  start=$(now)
  measure record --op triton_matmul --compiler "triton:$python" --cache-dir "$out/abtool-compile-cache" \
    --compiler-env "TRITON_CACHE_DIR=$out/triton-cache-abtool" --shapes "$here/bench/shapes/triton_autotune.yaml" \
    --out "$out/abtool-$cache" > "$out/abtool-$cache.log" 2>&1
  echo "$start $(now)" > "$out/abtool-$cache.wall"

  start=$(now)
  TRITON_CACHE_DIR=$out/triton-cache-autotune "$python" "$here/bench/triton_autotune_sweep.py" \
    "$out/abtool-cold/autotune_records/triton_matmul.json" "$op_dir/matmul.py" matmul_kernel \
    > "$out/autotune-$cache.jsonl" 2> "$out/autotune-$cache.err"
  echo "$start $(now)" > "$out/autotune-$cache.wall"
done

# The same warm record with every verified candidate timed at the sweep's budget (no first-stage
# screening): the choice successive halving must match within 1%.
start=$(now)
ABTOOL_FULL_SWEEP=1 measure record --op triton_matmul --compiler "triton:$python" --cache-dir "$out/abtool-compile-cache" \
  --compiler-env "TRITON_CACHE_DIR=$out/triton-cache-abtool" --shapes "$here/bench/shapes/triton_autotune.yaml" \
  --out "$out/abtool-fullsweep" > "$out/abtool-fullsweep.log" 2>&1
echo "$start $(now)" > "$out/abtool-fullsweep.wall"

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def wall(name):
    start, end = map(float, open(f"{out}/{name}.wall").read().split())
    return f"{end - start:.1f}"
def text(config):
    return " ".join(f"{k}={v}" for k, v in sorted(config.items()))

print(f"{'tool':<17} {'cache':<5} {'wall s':>7}  {'shape':<15} {'chosen config':<84} {'median us':>9}")
for cache in ("cold", "warm"):
    points = json.load(open(f"{out}/abtool-{cache}/results.json"))["points"]
    for i, p in enumerate(points):
        median = p["latency"]["median"] if p["status"] == "SUCCESS" else float("nan")
        print(f"{'abtool record':<17} {cache:<5} {wall('abtool-' + cache) if i == 0 else '':>7}  {p['shape_text']:<15} {text(p['config']):<84} {median:>9.2f}")
    lines = [json.loads(l) for l in open(f"{out}/autotune-{cache}.jsonl")]
    for i, p in enumerate(lines[:-1]):
        print(f"{'@triton.autotune':<17} {cache:<5} {wall('autotune-' + cache) if i == 0 else '':>7}  {p['shape']:<15} {p['best']:<84} {p['best_us']:>9.2f}")
    # Triton compiles a config the first time its benchmark runs it: bench_time holds both.
    print(f"  {cache}: inside autotune's process the tuned calls took {lines[-1]['total_s']:.1f} s, of which "
          f"{sum(p['bench_s'] for p in lines[:-1]):.1f} s in the autotuner (compiling and benchmarking each config, one at a time)")

# Successive halving against the full sweep (both warm): each run's pick, measured by its own
# point measurement (10 interleaved rounds), and the halving pick's time relative to the full one.
print(f"\nabtool warm: successive halving {wall('abtool-warm')} s, full sweep {wall('abtool-fullsweep')} s")
print(f"{'shape':<15} {'halving pick':<40} {'us':>8}  {'full-sweep pick':<40} {'us':>8}  {'halving/full':>12}")
halving = {p["shape_text"]: p for p in json.load(open(f"{out}/abtool-warm/results.json"))["points"]}
for p in json.load(open(f"{out}/abtool-fullsweep/results.json"))["points"]:
    h = halving[p["shape_text"]]
    ratio = h["latency"]["median"] / p["latency"]["median"]
    print(f"{p['shape_text']:<15} {h['variant']:<40} {h['latency']['median']:>8.2f}  {p['variant']:<40} "
          f"{p['latency']['median']:>8.2f}  {ratio:>12.4f}")

# Same config, two timers: abtool's sweep time (CUDA graph) against autotune's do_bench median.
record = json.load(open(f"{out}/abtool-warm/autotune_records/triton_matmul.json"))
tuned = {p["shape"]: p for p in (json.loads(l) for l in open(f"{out}/autotune-warm.jsonl")) if "shape" in p}
print(f"\n{'shape':<15} {'abtool pick':>11} {'autotune pick':>13}  {'autotune us of abtool pick':>26} {'abtool us of autotune pick':>26}")
for choice in record["choices"]:
    # Candidates screened out carry their first-stage time (a shorter budget than the finalists').
    ours = {text(c["config"]): c["time_us"] for c in choice["candidates"] if c["time_us"] is not None}
    theirs = tuned[choice["shape"]]
    mine = text(choice["config"])
    print(f"{choice['shape']:<15} {ours[mine]:>11.2f} {theirs['best_us']:>13.2f}  {theirs['timings_us'].get(mine, float('nan')):>26.2f} "
          f"{ours.get(theirs['best'], float('nan')):>26.2f}")
PY
echo "logs and run directories: $out"
