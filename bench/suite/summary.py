"""The table bench/suite_scale.sh prints from OUT_DIR: each step's time, (record + replay) against
the suite alone, each run's time by phase (run.log's last line), the points whose time outside
warm-up and timing is over 1 s plus 1 s per GB of their inputs and outputs, and the verdicts.

  python3 bench/suite/summary.py OUT_DIR
"""
import json
import re
import sys


def main():
    out = sys.argv[1]
    times = {}
    for line in open(f"{out}/times.txt"):
        name, _, code, seconds, _ = line.split()
        times[name] = (float(seconds), int(code))
    own = re.findall(r"workload wall ([0-9.]+) s", open(f"{out}/suite-alone.log").read()) if "suite-alone" in times else []
    print("| step | wall | exit |\n|---|---:|---:|")
    for name, (seconds, code) in times.items():
        print(f"| {name} | {seconds:.1f} s | {code} |")
    if "suite-alone" in times and "record" in times and "replay" in times:
        alone = times["suite-alone"][0]
        ab = times["record"][0] + times["replay"][0]
        print(f"\nrecord + replay {ab:.1f} s against the suite alone {alone:.1f} s (its own timer {own[-1] if own else '?'} s): "
              f"**{ab / alone:.2f}x**")
    for run in ("A", "B"):
        try:
            last = open(f"{out}/{run}/run.log").read().strip().splitlines()[-1]
        except OSError:
            continue
        print(f"\n{run}: {last}")
        points = json.load(open(f"{out}/{run}/results.json"))["points"]
        over, worst = [], []
        for point in points:
            if "phases_s" not in point:
                continue
            phases = point["phases_s"]
            outside = point["wall_s"] - phases.get("warmup", 0) - phases.get("timing", 0)
            host_side = outside - phases.get("compile", 0)
            gb = (point.get("roofline", {}).get("bytes") or 0) / 1e9
            budget = 1 + gb
            worst.append((outside, host_side, budget, point["op"] + "/" + point["shape_text"] + "/" + point["dtype"], phases))
            if outside > budget:
                over.append(worst[-1])
        worst.sort(key=lambda row: -row[0])
        sums = sum(sum(p.values()) for *_, p in worst)
        walls = sum(p["wall_s"] for p in points if "wall_s" in p)
        print(f"{run}: {len(points)} points; phases sum to {sums:.1f} s of their wall {walls:.1f} s; "
              f"{len(over)} point(s) over 1 s + 1 s/GB outside warm-up and timing")
        for outside, host_side, budget, name, phases in worst[:5]:
            top = sorted(((k, v) for k, v in phases.items() if k not in ("warmup", "timing")), key=lambda kv: -kv[1])[:4]
            print(f"  {name}: {outside:.2f} s outside warm-up and timing ({host_side:.2f} s without compile; budget {budget:.2f} s): "
                  + ", ".join(f"{k} {v:.2f}" for k, v in top))
    try:
        diff = json.load(open(f"{out}/diff.json"))
        print(f"\nA/A verdicts: {diff['counts']}, geomean {diff['geomean_speedup']}")
    except (OSError, ValueError, KeyError) as error:
        print(f"\nno diff: {error}")


if __name__ == "__main__":
    main()
