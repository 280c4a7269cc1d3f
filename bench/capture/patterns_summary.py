"""The tables of bench/RESULTS.md for bench/capture/patterns_ab.sh OUT_DIR: what was captured and why
the rest was not, each run's points, the verdicts of the A/A and of each A/B with the IR delta of the
TMA mm and the split-K GEMM, and the first divergent pass (or stage) explain found.
  usage: python3 bench/capture/patterns_summary.py OUT_DIR"""
import collections
import json
import os
import sys

out = sys.argv[1]


def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.isfile(path) else None


capture = load("cap/capture.json")
if capture:
    s = capture["summary"]
    print(f"capture: {capture.get('processes')} processes, {s['kernels']} kernels, {s['specializations']} "
          f"specializations, {s['captured']} captured ({100 * s['captured'] / s['specializations']:.1f}%), "
          f"not captured by reason {s.get('not_captured_by_reason')}")
    print("| kernel | tuner | specializations | captured | launches | not captured (why) |\n|---|---|---:|---:|---:|---|")
    for k in sorted(capture["kernels"], key=lambda k: k["kernel"]):
        why = "; ".join(f"{', '.join(n.get('reasons', []))}: {n['why'][0][:90]}" for n in k.get("not_captured", []))
        print(f"| {k['kernel']} | {k.get('tuner') or '-'} | {k['specializations']} | {k['captured']} | {k['launches']} | {why} |")
    for op in capture.get("ops", []):
        for note in op.get("notes", []):
            if "hook" in note or "descriptor" in note:
                print(f"  {op['op']}: {note}")
if os.path.isfile(os.path.join(out, "times.txt")):
    print("".join(open(os.path.join(out, "times.txt"))))
for run in "ABCD":
    results = load(f"{run}/results.json")
    if results:
        status = collections.Counter(p["status"] for p in results["points"])
        markers = collections.Counter(str(m).split()[0] for p in results["points"] for m in p.get("markers") or [])
        print(f"{run}: {len(results['points'])} points, {dict(status)}, markers {dict(markers)}")
for name, title in (("diff-aa.json", "A/A"), ("diff-fusion.json", "enable_fp_fusion=0"), ("diff-351.json", "Triton 3.5.1 (B) vs 3.6.0 (A)")):
    diff = load(name)
    if not diff:
        continue
    points = diff["points"]
    verdicts = collections.Counter(p["verdict"] for p in points)
    identical = sum(1 for p in points if p.get("identical_code"))
    print(f"\n{title}: {len(points)} points, {dict(verdicts)}, identical code at {identical}")
    for p in points:
        key = p["point"]
        if any(k in key for k in ("host_tma", "splitk", "index_add", "triton_")) or p["verdict"] in ("FASTER", "SLOWER", "FAILED"):
            speedup = f"{p['speedup']:.3f}x" if p.get("speedup") else "-"
            print(f"  {key}: {p['verdict']} {speedup} ir {(p.get('ir_delta') or {}).get('summary', '-')}"
                  + (f" first divergent pass {p['passes']}" if p.get("passes") else ""))
for name, title in (("explain-fusion.json", "explain, enable_fp_fusion=0"), ("explain-351.json", "explain, Triton 3.5.1 vs 3.6.0")):
    explained = load(name)
    if not explained:
        continue
    points = explained["points"]
    outcomes = collections.Counter(p["outcome"] for p in points)
    where = collections.Counter((p["pass"] or {}).get("name") or p.get("stage") or "-" for p in points)
    print(f"\n{title}: {len(points)} points, outcomes {dict(outcomes)}; first divergent pass or stage: {dict(where)}")
    for p in points:
        found = p["pass"]
        print(f"  {p['point']} [{p['verdict']}]: {p['outcome']} "
              + (f"{found['stage']} {found['name']} ({found['changed_lines']} lines; only in A {found['only_in_a'][:3]}, "
                 f"only in B {found['only_in_b'][:3]})" if found else str(p.get('stage') or p.get('error') or ''))
              + (f" pipeline only in A {p['pipeline_only_in_a'][:4]} only in B {p['pipeline_only_in_b'][:4]}"
                 if p.get("pipeline_only_in_a") or p.get("pipeline_only_in_b") else ""))
