#!/usr/bin/env python3
"""abtool's change points against Apache Otava's own, on the committed corpus (tests/history/corpus.json):
Otava 0.8.0's compute_change_points(series, window_len=50, max_pvalue=0.001, min_magnitude=0) and
abtool's E-divisive (stats/change_points.h, through abtool-change-points) with the same settings and
Otava's merge. Each series must have the same change points on both sides, each within one build.
Then, for the record, how abtool's own settings (a minimum segment of 5, both neighbours re-tested)
differ from Otava's on the same series.
   usage: otava_agreement.py PYTHON_WITH_OTAVA ABTOOL_CHANGE_POINTS CORPUS"""
import json
import subprocess
import sys

python, helper, corpus = sys.argv[1:4]
probe = subprocess.run([python, "-c", "import otava.analysis"], capture_output=True, text=True)
if probe.returncode != 0:
    print(f"SKIPPED: apache-otava is not installed in {python} (scripts/bootstrap.sh installs it; no network?)")
    sys.exit(77)
series = json.load(open(corpus))["series"]
values = [s["values"] for s in series]
otava_script = r"""
import json, sys
from otava.analysis import compute_change_points
found = []
for values in json.load(sys.stdin):
    points, _ = compute_change_points(list(values), window_len=50, max_pvalue=0.001, min_magnitude=0.0)
    found.append([int(p.index) for p in points])
print(json.dumps(found))
"""
otava = json.loads(subprocess.run([python, "-c", otava_script], input=json.dumps(values), capture_output=True, text=True,
                                  check=True).stdout)


def abtool(min_segment, otava_merge):
    request = {"window": 50, "max_pvalue": 0.001, "min_magnitude": 0.0, "min_segment": min_segment,
               "otava_merge": otava_merge, "robust_magnitude": not otava_merge, "series": values}
    return json.loads(subprocess.run([helper], input=json.dumps(request), capture_output=True, text=True, check=True).stdout)


def agree(ours, theirs):
    return len(ours) == len(theirs) and all(abs(a - b) <= 1 for a, b in zip(sorted(ours), sorted(theirs)))


same = abtool(1, True)
failures = [(s["name"], o, a) for s, o, a in zip(series, otava, same) if not agree(a, o)]
exact = sum(a == o for a, o in zip(same, otava))
real = sum(s["source"] != "synthetic" for s in series)
print(f"{len(series)} series ({real} real): abtool and Otava agree on {len(series) - len(failures)} "
      f"({exact} to the build), {sum(map(len, otava))} change points by Otava, {sum(map(len, same))} by abtool")
own = abtool(5, False)
differ = sum(not agree(a, o) for a, o in zip(own, otava))
print(f"abtool's own settings (minimum segment 5, both neighbours re-tested) differ from Otava's at {differ} series: "
      f"{sum(map(len, own))} change points")
for name, theirs, ours in failures:
    print(f"FAIL: {name}: Otava {theirs}, abtool {ours}")
sys.exit(1 if failures else 0)
