#!/usr/bin/env bash
# Compile time by stage as instructions (--compile-instructions) against compile wall time, host
# ops: records A with g++ and replays it as an A/A (the same compiler), with another optimization
# pipeline (-fno-tree-vectorize) and with another compiler (clang++), every run counting each
# measured variant's compile under callgrind. Prints, per B, each stage's instructions B vs A and
# diff's verdict, beside what the compile's wall time said, and what counting cost per variant.
#   usage: [OPS=cpu_softmax,cpu_saxpy] bench/compile_instructions.sh [extra abtool options...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-compile-instructions.XXXXXX)}
ops=${OPS:-cpu_softmax,cpu_saxpy}
common=(--op "$ops" --shapes "$here/shapes/smoke.yaml" --ops-dir "$here/examples/ops" --no-cache
        --compile-instructions --warmup-ms 5 --rep-ms 20 --rounds 2 "$@")
measure() { "$abtool" "$@" > /dev/null 2>&1 || [[ $? == 1 ]]; }

measure record --compiler host:g++ --out "$out/A" "${common[@]}"
measure replay --from "$out/A" --out "$out/AA" "${common[@]}"
measure replay --from "$out/A" --compiler-flags=-fno-tree-vectorize --out "$out/B_novec" "${common[@]}"
measure replay --from "$out/A" --compiler host:clang++ --out "$out/B_clang" "${common[@]}"
for b in AA B_novec B_clang; do "$abtool" diff "$out/A" "$out/$b" --format json > "$out/$b.diff.json" 2> /dev/null; done

python3 - "$out" <<'PY'
import json, re, statistics, sys
out = sys.argv[1]
print(f"| B | op | points | stage | A instructions | B instructions | B/A - 1 | verdict | wall time B/A |")
print("|---|---|---|---|---|---|---|---|---|")
for b, label in (("AA", "g++ (A/A)"), ("B_novec", "g++ -fno-tree-vectorize"), ("B_clang", "clang++")):
    report = json.load(open(f"{out}/{b}.diff.json"))
    times = {row["op"]: row["geomean_ratio"] for row in report["compile_time"]}
    for op in report.get("compile_stages", []):
        total = op["total"]
        print(f"| {label} | {op['op']} | {op['counted_points']} | all | {total['instructions'][0]} | "
              f"{total['instructions'][1]} | {total['change_pct']:+.4f}% | {total['verdict']} | {times.get(op['op'], float('nan')):.3f}x |")
        for stage in op["stages"]:
            counted = stage["counted"]
            if counted:
                print(f"| | | | {stage['stage']} | {counted['instructions'][0]} | {counted['instructions'][1]} | "
                      f"{counted['change_pct']:+.4f}% | {counted['verdict']} | |")
            else:
                print(f"| | | | {stage['stage']} | | | only in {stage['only_in']} | | |")
costs = []
for run in ("A", "AA", "B_novec", "B_clang"):
    for line in open(f"{out}/{run}/run.log"):
        found = re.search(r"compile instructions of .*counted in ([0-9.]+) s", line)
        if found:
            costs.append(float(found.group(1)))
print(f"\ncounting: {len(costs)} compiles, median {statistics.median(costs):.1f} s, max {max(costs):.1f} s each "
      f"(runs in {out})")
PY
