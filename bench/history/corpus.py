#!/usr/bin/env python3
"""The history's detection corpus and its benchmark against Apache Otava (issue 72).

   corpus.py make OUT.json [HISTORY.sqlite | REAL.json ...]
       Synthetic series (seeded, made again exactly) with their ground truth: each build's code
       identity, the level each code segment runs at, steps where the code changed (some 0: code that
       changed and runs as fast), pulses (a regression reverted to the code before after 2-4 builds),
       steps after build 2 and 2 builds before the newest, 2% outliers, a machine step in some series
       at a build whose code did not change; and exact series (instruction counts, code bytes: no
       noise). Then the real series of each history given (bench/history/clang_corpus.sh: Clang
       releases as builds, nightlies of one release as identical code): every point's time over its
       control with the code each build ran, its instructions and its code bytes (or those series as
       `corpus.py real` kept them: bench/history/clang_series.json is the Clang history's).
   corpus.py real OUT.json HISTORY.sqlite ...
       The real series of the histories alone, as JSON (what is committed of a real history).
   corpus.py score CORPUS.json PYTHON_WITH_OTAVA ABTOOL_CHANGE_POINTS
       The same series to abtool (as `abtool history changes` judges them: abtool-change-points
       --history, with each value's code identity) and to Otava 0.8.0's compute_change_points on
       Otava's own settings (window 50, p 0.001, no minimum magnitude). Prints:
         recall        steps of 4 sigma or more where the code changed, found within one build (for
                       abtool, as the compiler's: not a machine step), overall, in pulses, in the first
                       and in the last 2 builds, and by size;
         false alarms  change points per 1,000 series-builds of identical code (a step claimed
                       between two builds that ran the same code; one within a build of a real step
                       is not counted); abtool's machine steps (reported as the machine's, never the
                       compiler's) beside it;
         exact         exact series whose every change is found at its build with its exact size
                       and sign, and nothing else.
Truth of a real time series: its code segments (runs of identical code), its noise sigma from the
changes between builds of identical code (1.4826 MAD / sqrt 2), each segment's level its median; a
step of 4 sigma or more between two code segments is a step to find, one under 2 sigma none (its
builds count as neither), and changes between builds of identical code are no step."""
import json
import math
import random
import sqlite3
import statistics
import subprocess
import sys
import time


def synthetic(rng):
    series = []
    for k in range(3000):
        n = rng.choice([12, 14, 20, 30, 60, 100])
        sigma = rng.uniform(0.002, 0.03)
        # Code changes: where, and what each does to the level (in sigmas).
        events = []
        taken = set()

        def free(at, length=1):
            return 2 <= at and at + length <= n - 2 + (length == 1) and \
                all(i not in taken for i in range(at - 1, at + length + 1))

        def take(at, length=1):
            taken.update(range(at - 1, at + length + 1))

        if k % 5 == 0 and free(2):  # a step after build 2
            events.append(("step", 2, rng.choice([4, 5, 6, 8, 12]) * rng.choice([1, -1]), 0))
            take(2)
        if k % 5 == 1 and free(n - 2):  # a step 2 builds before the newest
            events.append(("step", n - 2, rng.choice([4, 5, 6, 8, 12]) * rng.choice([1, -1]), 0))
            take(n - 2)
        for _ in range(rng.choice([0, 1, 1, 2, 3]) + n // 40):
            kind = rng.choice(["step", "step", "neutral", "pulse", "small"])
            length = rng.choice([2, 3, 4]) if kind == "pulse" else 1
            at = rng.randrange(2, n - 1)
            if kind == "pulse" and at + length > n - 2:
                continue
            if not free(at, length):
                continue
            size = {"step": rng.choice([4, 5, 6, 8, 12, 20]), "pulse": rng.choice([4, 5, 6, 8, 12]), "neutral": 0,
                    "small": rng.choice([1, 2, 3])}[kind] * rng.choice([1, -1])
            events.append((kind, at, size, length))
            take(at, length)
        events.sort(key=lambda e: e[1])
        codes, levels = [], []
        code, level, next_code = 0, 0.0, 1
        pulse_end = {}
        for i in range(n):
            for kind, at, size, length in events:
                if at == i:
                    if kind == "pulse":
                        pulse_end[at + length] = (code, level)
                    code, next_code = next_code, next_code + 1
                    level += size * sigma
            if i in pulse_end:  # reverted: the code before, at its level
                code, level = pulse_end.pop(i)
            codes.append(code)
            levels.append(level)
        machine = None
        if k % 10 == 3:  # a machine step where the code did not change (the control did not cancel a load change)
            same = [i for i in range(2, n - 1) if codes[i] == codes[i - 1] and i not in taken]
            if same:
                machine = rng.choice(same)
                shift = rng.choice([4, 6, 10]) * rng.choice([1, -1]) * sigma
                levels = [lv + (shift if i >= machine else 0) for i, lv in enumerate(levels)]
        values = []
        for i in range(n):
            noise = rng.gauss(0, sigma)
            if rng.random() < 0.02:
                noise += rng.choice([1, -1]) * rng.uniform(3, 6) * sigma
            values.append(round(math.exp(levels[i] + noise), 7))
        series.append({"name": f"synthetic-{k:04d}", "source": "synthetic", "metric": "time_vs_control", "exact": False,
                       "sigma": sigma, "values": values, "codes": [f"c{c}" for c in codes],
                       "truth": truth_of_levels(levels, codes, sigma, machine)})
    for k in range(600):  # exact metrics: an instruction count or a code size per code segment
        n = rng.choice([14, 27, 60])
        count = rng.randrange(20000, 5000000)
        codes, values, code = [], [], 0
        for i in range(n):
            if i >= 2 and rng.random() < 0.15:
                code += 1
                if rng.random() < 0.8:  # most code changes change the count, by a little or a lot
                    count = max(1, count + rng.choice([1, -1]) * rng.choice([1, 7, 100, count // 50, count // 3]))
            codes.append(f"c{code}")
            values.append(count)
        series.append({"name": f"exact-{k:03d}", "source": "synthetic", "metric": "instructions", "exact": True,
                       "values": values, "codes": codes, "truth": truth_exact(values)})
    return series


def truth_of_levels(levels, codes, sigma, machine):
    steps, unclear, same = [], [], []
    for i in range(1, len(levels)):
        if codes[i] == codes[i - 1]:
            same.append(i)
            continue
        sigmas = abs(levels[i] - levels[i - 1]) / sigma
        pulse = any(codes[j] == codes[i - 1] for j in range(i + 1, min(len(codes), i + 6))) or \
            any(codes[j] == codes[i] for j in range(max(0, i - 6), i - 1))
        if sigmas >= 4 - 1e-9:
            steps.append({"at": i, "sigmas": round(sigmas, 2), "pulse": pulse})
        elif sigmas >= 2 - 1e-9:
            unclear.append(i)
    return {"steps": steps, "unclear": unclear, "identical": same, "machine": machine}


def truth_exact(values):
    return {"changes": [{"at": i, "change": values[i] / values[i - 1] - 1} for i in range(1, len(values)) if values[i] != values[i - 1]]}


def mad_sigma(changes):
    if len(changes) < 2:
        return None
    center = statistics.median(changes)
    return 1.4826 * statistics.median(abs(c - center) for c in changes) / math.sqrt(2)


def real(history):
    db = sqlite3.connect(f"file:{history}?mode=ro", uri=True)
    rows = db.execute("""SELECT p.point, m.name, b.order_value, o.value, oc.code_binary, oc.code_ir
                         FROM observations o JOIN series s ON s.id = o.series JOIN points p ON p.id = s.point
                         JOIN metrics m ON m.id = s.metric JOIN runs r ON r.id = o.run JOIN builds b ON b.id = r.build
                         LEFT JOIN outcomes oc ON oc.run = o.run AND oc.point = p.id
                         WHERE m.name IN ('time_vs_control', 'instructions', 'code_bytes')
                         ORDER BY p.point, m.name, b.order_value""")
    by = {}
    for point, metric, _, value, binary, ir in rows:
        entry = by.setdefault((point, metric), {"values": [], "codes": []})
        entry["values"].append(value)
        entry["codes"].append(ir or binary)
    out = []
    for (point, metric), entry in sorted(by.items()):
        values, codes = entry["values"], entry["codes"]
        exact = metric != "time_vs_control"
        name = f"{point} {metric} ({history.split('/')[-1]})"
        if exact:
            out.append({"name": name, "source": "real", "metric": metric, "exact": True, "values": values, "codes": codes,
                        "truth": truth_exact(values)})
            continue
        logs = [math.log(v) for v in values]
        same = [logs[i] - logs[i - 1] for i in range(1, len(logs)) if codes[i] == codes[i - 1]]
        sigma = mad_sigma(same)
        if not sigma:
            continue
        # Each code segment's level: the median of its builds.
        segments, start = [], 0
        for i in range(1, len(values) + 1):
            if i == len(values) or codes[i] != codes[i - 1]:
                segments.append((start, i))
                start = i
        levels = [0.0] * len(values)
        for a, b in segments:
            for i in range(a, b):
                levels[i] = statistics.median(logs[a:b])
        out.append({"name": name, "source": "real", "metric": metric, "exact": False, "sigma": sigma, "values": values,
                    "codes": codes, "truth": truth_of_levels(levels, codes, sigma, None)})
    return out


def make(out, histories):
    rng = random.Random(20261207)
    series = synthetic(rng)
    for history in histories:
        series += json.load(open(history))["series"] if history.endswith(".json") else real(history)
    with open(out, "w") as f:
        json.dump({"about": "the history's detection corpus: synthetic series with their truth, and real ones from the "
                            "histories given (bench/history/corpus.py make)", "series": series}, f, separators=(",", ":"))
        f.write("\n")
    print(f"{out}: {len(series)} series ({sum(s['source'] == 'synthetic' for s in series)} synthetic, "
          f"{sum(s['source'] == 'real' for s in series)} real)")


OTAVA = r"""
import json, sys
from otava.analysis import compute_change_points
out = []
for values in json.load(sys.stdin):
    points, _ = compute_change_points(list(values), window_len=50, max_pvalue=0.001, min_magnitude=0.0)
    cuts = [0] + sorted(int(p.index) for p in points) + [len(values)]
    mean = lambda a, b: sum(values[a:b]) / (b - a)
    # each change as its segments' means say it (what Otava reports as the change's size)
    out.append([[cuts[k], mean(cuts[k], cuts[k + 1]) / mean(cuts[k - 1], cuts[k]) - 1 if mean(cuts[k - 1], cuts[k]) else None,
                 "unknown"] for k in range(1, len(cuts) - 1)])
print(json.dumps(out))
"""


def score(corpus, python, helper, max_pvalue=0.001):
    series = json.load(open(corpus))["series"]
    noisy = [s for s in series if not s["exact"]]
    exact = [s for s in series if s["exact"]]
    started = time.monotonic()
    ours = json.loads(subprocess.run([helper], input=json.dumps({"history": True, "max_pvalue": max_pvalue, "series": [s["values"] for s in noisy],
                                                                 "codes": [s["codes"] for s in noisy]}),
                                     capture_output=True, text=True, check=True).stdout)
    ours_exact = json.loads(subprocess.run([helper], input=json.dumps({"history": True, "exact": True,
                                                                       "series": [s["values"] for s in exact],
                                                                       "codes": [s["codes"] for s in exact]}),
                                           capture_output=True, text=True, check=True).stdout)
    ours_s = time.monotonic() - started
    started = time.monotonic()
    theirs = json.loads(subprocess.run([python, "-c", OTAVA], input=json.dumps([s["values"] for s in noisy]), capture_output=True,
                                       text=True, check=True).stdout)
    theirs_exact = json.loads(subprocess.run([python, "-c", OTAVA], input=json.dumps([s["values"] for s in exact]),
                                             capture_output=True, text=True, check=True).stdout)
    theirs_s = time.monotonic() - started

    def tally(found_all, machine_is_not_compilers):
        counts = {key: [0, 0] for key in ["all", "pulse", "first 2", "last 2", "4-6 sigma", "6-10 sigma", "10+ sigma",
                                          "synthetic", "real"]}
        false, machine, identical, neutral_claimed, neutral = 0, 0, 0, 0, 0
        for s, found in zip(noisy, found_all):
            compilers = [f[0] for f in found if not (machine_is_not_compilers and f[2] == "machine")]
            machines = [f[0] for f in found if machine_is_not_compilers and f[2] == "machine"]
            truth, n = s["truth"], len(s["values"])
            real_steps = [st["at"] for st in truth["steps"]] + truth["unclear"]
            for step in truth["steps"]:
                hit = any(abs(p - step["at"]) <= 1 for p in compilers)
                keys = ["all", s["source"]]
                keys += ["pulse"] if step["pulse"] else []
                keys += ["first 2"] if step["at"] <= 2 else []
                keys += ["last 2"] if step["at"] >= n - 2 else []
                keys += ["4-6 sigma" if step["sigmas"] < 6 else "6-10 sigma" if step["sigmas"] < 10 else "10+ sigma"]
                for key in keys:
                    counts[key][0] += hit
                    counts[key][1] += 1
            identical += len(truth["identical"])
            for p in compilers:
                if p in truth["identical"] and not any(abs(p - r) <= 1 for r in real_steps):
                    false += 1
            machine += len(machines)
            # code changes that moved the level by under 2 sigma: a step claimed there is no real one
            quiet = [i for i in range(1, n) if s["codes"][i] != s["codes"][i - 1] and i not in real_steps]
            neutral += len(quiet)
            neutral_claimed += sum(any(p == i for p in compilers) for i in quiet)
        return counts, false, identical, machine, neutral_claimed, neutral

    def exactness(found_all):
        whole, steps, found_steps, extra = 0, 0, 0, 0
        for s, found in zip(exact, found_all):
            truth = {c["at"]: c["change"] for c in s["truth"]["changes"]}
            got = {f[0]: f[1] for f in found}
            ok = [at for at, change in truth.items() if at in got and got[at] is not None and abs(got[at] - change) <= 1e-9 * max(1, abs(change))]
            steps += len(truth)
            found_steps += len(ok)
            extra += sum(at not in truth for at in got)
            whole += len(ok) == len(truth) and all(at in truth for at in got)
        return whole, len(exact), found_steps, steps, extra

    results = [tally(ours, True), tally(theirs, False)]
    exacts = [exactness(ours_exact), exactness(theirs_exact)]
    synthetic_n = sum(s["source"] == "synthetic" for s in noisy)
    print(f"{len(series)} series: {len(noisy)} timed ({synthetic_n} synthetic, {len(noisy) - synthetic_n} real), "
          f"{len(exact)} exact")
    print(f"{'':46} {'abtool':>22} {'Otava 0.8.0':>22}")
    for key in ["all", "pulse", "first 2", "last 2", "4-6 sigma", "6-10 sigma", "10+ sigma", "synthetic", "real"]:
        cells = [f"{r[0][key][0]}/{r[0][key][1]} ({100 * r[0][key][0] / max(1, r[0][key][1]):.1f}%)" for r in results]
        print(f"{'recall, steps >= 4 sigma: ' + key:46} {cells[0]:>22} {cells[1]:>22}")
    cells = [f"{1000 * r[1] / max(1, r[2]):.2f} ({r[1]} in {r[2]})" for r in results]
    print(f"{'false alarms per 1,000 identical-code builds':46} {cells[0]:>22} {cells[1]:>22}")
    print(f"{'machine steps reported (identical code)':46} {results[0][3]:>22} {'-':>22}")
    cells = [f"{r[4]}/{r[5]} ({100 * r[4] / max(1, r[5]):.1f}%)" for r in results]
    print(f"{'steps claimed where the code changed, < 2 sigma':46} {cells[0]:>22} {cells[1]:>22}")
    cells = [f"{e[0]}/{e[1]} ({100 * e[0] / max(1, e[1]):.1f}%)" for e in exacts]
    print(f"{'exact series found exactly':46} {cells[0]:>22} {cells[1]:>22}")
    cells = [f"{e[2]}/{e[3]}, {e[4]} extra" for e in exacts]
    print(f"{'exact steps at their build and size':46} {cells[0]:>22} {cells[1]:>22}")
    print(f"{'time':46} {ours_s:>21.1f}s {theirs_s:>21.1f}s")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "real":
        kept = [s for history in sys.argv[3:] for s in real(history)]
        with open(sys.argv[2], "w") as f:
            json.dump({"about": "real series of abtool histories (bench/history/corpus.py real)", "series": kept}, f,
                      separators=(",", ":"))
            f.write("\n")
        print(f"{sys.argv[2]}: {len(kept)} real series")
    elif len(sys.argv) in (5, 6) and sys.argv[1] == "score":
        score(*sys.argv[2:5], *[float(p) for p in sys.argv[5:]])
    else:
        sys.exit(__doc__)
