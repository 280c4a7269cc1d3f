#!/usr/bin/env python3
"""How well the history finds steps (issue 60): series of BUILDS builds, noise sigma 0.3-3% of the
value (Gaussian), 2% outliers (one build off by 3-6 sigma), a slow drift in half of them (one sigma
over the series, either way); half of the series step by 1, 2 or 5% at a random build (10 from
either end). The same series go to abtool as `abtool history changes` judges them (each series'
noise learned from its own values: abtool-change-points --history; no code identity, so every
build is a candidate at the scan's penalty) and to Apache Otava 0.8.0's
compute_change_points with its defaults (window 50, p 0.001, no minimum magnitude). Prints, for each:
  recall: planted steps found within one build, by the step's size in sigma of the series' noise;
  false alarms: change points per 1,000 series without a step (any found there is one);
  misplaced: change points in stepped series not within one build of the step.
   usage: detection.py PYTHON_WITH_OTAVA ABTOOL_CHANGE_POINTS [SERIES=4000] [BUILDS=100] [SEED=1]"""
import json
import random
import subprocess
import sys
import time

python, helper = sys.argv[1:3]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 4000
builds = int(sys.argv[4]) if len(sys.argv) > 4 else 100
random.seed(int(sys.argv[5]) if len(sys.argv) > 5 else 1)

series, truth = [], []
for k in range(count):
    sigma = random.uniform(0.003, 0.03)
    values = [1.0 + random.gauss(0, sigma) for _ in range(builds)]
    for i in range(builds):
        if random.random() < 0.02:
            values[i] *= 1 + random.choice([1, -1]) * random.uniform(3, 6) * sigma
    if random.random() < 0.5:
        drift = random.choice([1, -1]) * sigma
        values = [v * (1 + drift * i / builds) for i, v in enumerate(values)]
    step = None
    if k % 2 == 0:
        at = random.randrange(10, builds - 10)
        size = random.choice([0.01, 0.02, 0.05]) * random.choice([1, -1])
        values = [v * (1 + size) if i >= at else v for i, v in enumerate(values)]
        step = (at, abs(size) / sigma)
    series.append(values)
    truth.append(step)

started = time.monotonic()
# each change as [index, change, cause]: the index alone is scored here (no code is known: every build a candidate)
ours = [[found[0] for found in points] for points in
        json.loads(subprocess.run([helper], input=json.dumps({"history": True, "series": series}), capture_output=True,
                                  text=True, check=True).stdout)]
ours_s = time.monotonic() - started
otava_script = r"""
import json, sys
from otava.analysis import compute_change_points
out = []
for values in json.load(sys.stdin):
    points, _ = compute_change_points(list(values), window_len=50, max_pvalue=0.001, min_magnitude=0.0)
    out.append([int(p.index) for p in points])
print(json.dumps(out))
"""
started = time.monotonic()
otava = json.loads(subprocess.run([python, "-c", otava_script], input=json.dumps(series), capture_output=True, text=True,
                                  check=True).stdout)
otava_s = time.monotonic() - started

bins = [(0, 2), (2, 4), (4, 8), (8, 1e9)]


def score(found):
    hits = {b: [0, 0] for b in bins}
    false_alarms = stepless = misplaced = 0
    for points, step in zip(found, truth):
        if step is None:
            stepless += 1
            false_alarms += len(points)
            continue
        at, sigmas = step
        for b in bins:
            if b[0] <= sigmas < b[1]:
                hits[b][1] += 1
                hits[b][0] += any(abs(p - at) <= 1 for p in points)
        misplaced += sum(abs(p - at) > 1 for p in points)
    four = [sum(h[0] for b, h in hits.items() if b[0] >= 4), sum(h[1] for b, h in hits.items() if b[0] >= 4)]
    return hits, four, false_alarms, stepless, misplaced


print(f"{count} series of {builds} builds (noise 0.3-3%, 2% outliers, drift in half; half with a step of 1, 2 or 5%)")
print(f"{'':32} {'abtool':>16} {'Otava 0.8.0':>16}")
results = [score(ours), score(otava)]
for b in bins:
    label = f"recall, step {b[0]}-{b[1] if b[1] < 1e9 else 'inf'} sigma"
    cells = [f"{r[0][b][0]}/{r[0][b][1]} ({100 * r[0][b][0] / max(1, r[0][b][1]):.1f}%)" for r in results]
    print(f"{label:32} {cells[0]:>16} {cells[1]:>16}")
cells = [f"{r[1][0]}/{r[1][1]} ({100 * r[1][0] / max(1, r[1][1]):.1f}%)" for r in results]
print(f"{'recall, step >= 4 sigma':32} {cells[0]:>16} {cells[1]:>16}")
cells = [f"{1000 * r[2] / max(1, r[3]):.1f} ({r[2]} in {r[3]})" for r in results]
print(f"{'false alarms per 1,000 stepless':32} {cells[0]:>16} {cells[1]:>16}")
cells = [f"{r[4]}" for r in results]
print(f"{'misplaced in stepped series':32} {cells[0]:>16} {cells[1]:>16}")
print(f"{'time':32} {ours_s:>15.1f}s {otava_s:>15.1f}s")
