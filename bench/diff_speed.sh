#!/usr/bin/env bash
# How long `abtool diff` takes on big runs. A real host record and its interleaved replay (the 4
# host points of tests/fixtures/shapes/tiny.yaml, default budgets) are cloned to N points each
# (every point a copy of a real one under a new shape, so ids differ and every file stays
# consistent; the copies share their samples records); then diff is timed in text and json, as the
# runs are (an interleaved replay keeps each point's interval: diff reads it) and with the kept
# intervals taken out of B (diff resamples every point, as for a replay older than them or another
# --threshold). Prints a table.
#   usage: bench/diff_speed.sh [N ...]      (default: 100 1000 10000)
#   A_RUN=DIR B_RUN=DIR bench/diff_speed.sh N ...   clones those runs instead (e.g. GPU runs)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
abtool=${ABTOOL:-$here/build/abtool/abtool}
out=${OUT_DIR:-$(mktemp -d /tmp/abtool-diff-speed.XXXXXX)}
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(100 1000 10000)
mkdir -p "$out"

if [[ -n ${A_RUN:-} ]]; then
  cp -r "$A_RUN" "$out/A"
  cp -r "$B_RUN" "$out/B"
else
  "$abtool" record --op cpu_saxpy,cpu_matmul,cpu_softmax --shapes "$here/tests/fixtures/shapes/tiny.yaml" \
    --compiler host:g++ --out "$out/A" > "$out/A.log"
  "$abtool" replay --from "$out/A" --out "$out/B" > "$out/B.log"
fi

clone() {  # clone RUN N OUT [FROM [resample]]: RUN's points copied to N points; a replay's replay_from is set
           # to FROM; `resample`: without the intervals the replay kept
  python3 - "$@" <<'PY'
import copy, json, os, shutil, sys
run, n, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
resample = len(sys.argv) > 5 and sys.argv[5] == "resample"
shutil.copytree(run, target)
results = json.load(open(f"{run}/results.json"))
points, planned = [], []
for i in range(n):
    point = copy.deepcopy(results["points"][i % len(results["points"])])
    point["shape"][0] += i // len(results["points"])  # a new shape: a new id
    point["shape_text"] = "x".join(str(d) for d in point["shape"])
    if resample and point.get("baseline"):
        point["baseline"].pop("interval", None)
    points.append(point)
    planned.append(f'{point["op"]}/{point["shape_text"]}/{point["dtype"]}')
if results["schema"] == "abtool.results/2":  # an older run: one document, samples inline
    results["points"], results["planned"] = points, planned
    json.dump(results, open(f"{target}/results.json", "w"))
else:  # the line layout abtool writes (rundir/include/rundir/results_file.h); the clones share samples records
    with open(f"{target}/results.json", "w") as f:
        head = {"schema": results["schema"], "samples": results["samples"], "planned": planned}
        f.write(json.dumps(head, separators=(",", ":"))[:-1] + ',"points":[\n')
        for i, point in enumerate(points):
            f.write(("," if i else "") + json.dumps(point, separators=(",", ":")) + "\n")
        f.write('],"complete":' + ("true" if results["complete"] else "false") + "}\n")
if len(sys.argv) > 4:
    meta = json.load(open(f"{target}/meta.json"))
    meta["replay_from"] = os.path.abspath(sys.argv[4])
    json.dump(meta, open(f"{target}/meta.json", "w"))
PY
}

# Wall seconds and peak memory of one diff (exit 1, a FAILED point, still prints its report).
measure() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
if code not in (0, 1):
    sys.exit(f"{sys.argv[1:]} exited {code}")
print(f"{time.monotonic() - start:.2f} {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024:.0f}")
PY
}

# Whether the kept intervals leave diff's JSON as resampling makes it (the run names aside).
same_output() {
  "$abtool" diff "$out/A$1" "$out/B$1" --format json 2> /dev/null | sed "s|$out/B$1|B|g; s|\"B$1\"|\"B\"|" > "$out/kept$1.json" || true
  "$abtool" diff "$out/A$1" "$out/R$1" --format json 2> /dev/null | sed "s|$out/R$1|B|g; s|\"R$1\"|\"B\"|" > "$out/resampled$1.json" || true
  cmp -s "$out/kept$1.json" "$out/resampled$1.json" && echo yes || echo NO
}

printf '%8s  %10s  %10s  %12s  %16s  %16s  %11s\n' points "text s" "json s" "max RSS MB" "resampled text s" "resampled json s" "same output"
for n in "${sizes[@]}"; do
  clone "$out/A" "$n" "$out/A$n"
  clone "$out/B" "$n" "$out/B$n" "$out/A$n"
  clone "$out/B" "$n" "$out/R$n" "$out/A$n" resample
  read -r text _ < <(measure "$abtool" diff "$out/A$n" "$out/B$n")
  read -r json rss < <(measure "$abtool" diff "$out/A$n" "$out/B$n" --format json)
  read -r resampled_text _ < <(measure "$abtool" diff "$out/A$n" "$out/R$n")
  read -r resampled_json _ < <(measure "$abtool" diff "$out/A$n" "$out/R$n" --format json)
  printf '%8s  %10s  %10s  %12s  %16s  %16s  %11s\n' "$n" "$text" "$json" "$rss" "$resampled_text" "$resampled_json" "$(same_output "$n")"
done
echo "runs kept in $out"
