#!/usr/bin/env python3
"""Makes tests/history/corpus.json: the series abtool's change points are held against Apache Otava's
on (tests/history/otava_agreement.py). Synthetic series with planted steps (seeded, so the corpus is
made again exactly), then the real series of histories that abtool made on this machine (each point's
time_vs_control over its builds).
   usage: make_corpus.py OUT.json [HISTORY.sqlite ...]"""
import json
import random
import sqlite3
import sys

out, histories = sys.argv[1], sys.argv[2:]
random.seed(20261206)
series = []
for k in range(120):
    n = random.choice([40, 60, 100, 150])
    sigma = random.choice([0.003, 0.01, 0.03])
    values = [1.0 + random.gauss(0, sigma) for _ in range(n)]
    planted = []
    if k % 3 != 2:  # two in three have a step
        at = random.randrange(8, n - 8)
        step = random.choice([0.01, 0.02, 0.05]) * random.choice([1, -1])
        values = [v * (1 + step) if i >= at else v for i, v in enumerate(values)]
        planted.append(at)
    if k % 4 == 0:  # outliers: 2% of builds
        for i in random.sample(range(n), max(1, n // 50)):
            values[i] *= 1 + random.choice([1, -1]) * 6 * sigma
    if k % 5 == 0:  # a slow drift of one sigma over the series
        values = [v * (1 + sigma * i / n) for i, v in enumerate(values)]
    series.append({"name": f"synthetic-{k:03d}", "source": "synthetic", "planted": planted,
                   "values": [round(v, 6) for v in values]})
for history in histories:
    db = sqlite3.connect(f"file:{history}?mode=ro", uri=True)
    rows = db.execute("""SELECT p.point, b.order_value, o.value FROM observations o JOIN series s ON s.id = o.series
                         JOIN points p ON p.id = s.point JOIN metrics m ON m.id = s.metric JOIN runs r ON r.id = o.run
                         JOIN builds b ON b.id = r.build WHERE m.name = 'time_vs_control' ORDER BY p.point, b.order_value""")
    by_point = {}
    for point, _, value in rows:
        by_point.setdefault(point, []).append(value)
    for point, values in by_point.items():
        series.append({"name": point, "source": f"real: {history.split('/')[-1]}", "planted": None,
                       "values": [round(v, 6) for v in values]})
with open(out, "w") as f:
    json.dump({"about": "series for the Otava agreement test: synthetic (planted steps, outliers, drift) and real "
                        "(abtool histories of host ops on a 2-core VM); made by tests/history/make_corpus.py",
               "series": series}, f, indent=None, separators=(",", ":"))
    f.write("\n")
print(f"{out}: {len(series)} series ({sum(s['source'] == 'synthetic' for s in series)} synthetic)")
