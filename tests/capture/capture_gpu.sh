#!/usr/bin/env bash
# CTest capture_gpu (label gpu): abtool capture of a real Triton workload (triton_workload.py),
# then record -> replay (A/A) -> diff, and replay with enable_fp_fusion=0 -> diff, on the GPU.
# Checks the files and numbers: every captured point SUCCESS on both sides, the A/A without a
# FASTER or SLOWER verdict, the tuned kernel's library pick in the diff, the script's own kernel
# listed as not captured with its reason.
#   capture_gpu.sh ABTOOL PYTHON WORKDIR
set -euo pipefail
abtool=$1 python=$2 work=$3
if ! "$python" -c "import torch, triton, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
  echo "SKIP: no CUDA device (or no torch+triton in $python): the capture GPU test needs both"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$abtool" capture --out cap -- "$python" "$here/triton_workload.py" | tee capture.txt
python3 - <<'PY' || fail "capture.json"
import json
m = json.load(open("cap/capture.json"))
assert m["schema"] == "abtool.capture/2", m["schema"]
kernels = {k["kernel"]: k for k in m["kernels"]}
for name in ("scale", "accumulate", "tuned_scale", "row_sum", "cast_scale", "split_sum", "fill_zero"):
    assert kernels[name]["captured"] == kernels[name]["specializations"] >= 1, kernels[name]
assert kernels["scale"]["specializations"] == 3 and kernels["scale"]["launches"] == 8, kernels["scale"]  # 1 in a graph
assert kernels["script_kernel"]["captured"] == 0 and "__main__" in kernels["script_kernel"]["not_captured"][0]["why"][0]
assert kernels["tuned_scale"]["tuner"] == "triton.autotune" and kernels["row_sum"]["tuner"] == "triton.heuristics"
assert kernels["cast_scale"]["specializations"] == 2, kernels["cast_scale"]  # one per dtype constexpr
assert m["summary"]["not_captured_by_reason"] == {"source_not_loadable": 1, "inside_cuda_graph": 1}, m["summary"]
assert kernels["negate"]["captured"] == 1 and kernels["negate"]["not_captured"][0]["reasons"] == ["inside_cuda_graph"], \
    kernels["negate"]
ops = {o["op"]: o for o in m["ops"]}
assert any("pre_hook" in n and "total_ptr restored" in n for n in ops["split_sum"]["notes"]), ops["split_sum"]
# host tensor descriptors, tuned as FlagGems' mm: captured, each tile named by the tune parameters it follows
assert kernels["tma_matmul"]["captured"] == 1, kernels["tma_matmul"]
# torch.compile(mode="reduce-overhead"): inductor's kernel seen in its eager warm-up, inside torch's graph pool
# (inductor's own tuner benchmarks its configs: each one it launched is a specialization)
inductor = [k for name, k in kernels.items() if name.startswith("triton_")]
assert len(inductor) == 1 and inductor[0]["captured"] == inductor[0]["specializations"] >= 1, inductor
# the replay check (its record started beside the workload): every captured specialization replays
captured = sum(k["captured"] for k in m["kernels"])
assert m["check"]["ran"] and m["check"]["replays"] == captured and not m["check"]["does_not_replay"], (captured, m["check"])
print("capture.json ok:", m["summary"], "check:", m["check"])
PY
grep -q "time: .* point(s)" cap/check.log || { cat cap/check.log; fail "the check's run.log is not kept"; }
grep -q "kind: inout" cap/ops/accumulate/op.yaml || fail "accumulate is not inout"
grep -q "name: total_ptr, kind: inout" cap/ops/split_sum/op.yaml || fail "split_sum's total is not inout"
grep -q "name: a_desc, kind: in, dtype: bf16, .*descriptor: {block: \[BLOCK_M, BLOCK_K\], padding: zero}" cap/ops/tma_matmul/op.yaml ||
  { cat cap/ops/tma_matmul/op.yaml; fail "tma_matmul's a_desc tile"; }
grep -q "name: b_desc, .*descriptor: {block: \[BLOCK_K, BLOCK_N\]" cap/ops/tma_matmul/op.yaml || fail "tma_matmul's b_desc tile"
grep -q "name: c_desc, .*descriptor: {block: \[BLOCK_M, BLOCK_N\]" cap/ops/tma_matmul/op.yaml || fail "tma_matmul's c_desc tile"
python3 - <<'PY' || fail "split_sum's total: captured as the pre_hook left it"
import json, os, struct
case = next(iter(json.load(open("cap/ops/split_sum/cases.json"))["cases"].values()))
total = open(os.path.join("cap", case["args"]["total_ptr"]["input"]), "rb").read()
assert struct.unpack("<i", total) == (0,), total
dtypes = sorted(c["args"]["OUT_DTYPE"]["value"] for c in json.load(open("cap/ops/cast_scale/cases.json"))["cases"].values())
assert dtypes == ["tl.bfloat16", "tl.float16"], dtypes
PY
[ "$(grep -c '{BLOCK:' cap/ops/tuned_scale/op.yaml)" = 3 ] || fail "tuned_scale lacks its three configs"

timing=(--warmup-ms 100 --rep-ms 100 --rounds 6)
"$abtool" record --ops-dir cap/ops --shapes cap/shapes.yaml --compiler "triton:$python" "${timing[@]}" --out A
"$abtool" replay --from A --compiler "triton:$python" "${timing[@]}" --out B
"$abtool" replay --from A --compiler "triton:$python" --compiler-flags enable_fp_fusion=0 "${timing[@]}" --out C
"$abtool" diff A B | tee aa.txt
"$abtool" diff A B --format json > aa.json
"$abtool" diff A C --ir | tee ac.txt
python3 - <<'PY' || fail "the diffs"
import json
inductor = sum(k["specializations"] for k in json.load(open("cap/capture.json"))["kernels"] if k["kernel"].startswith("triton_"))
aa = json.load(open("aa.json"))
points = aa["points"]
assert len(points) == 12 + inductor, [p["point"] for p in points]  # neither the script's own kernel nor the graph-only one
verdicts = [p["verdict"] for p in points]
assert "FASTER" not in verdicts and "SLOWER" not in verdicts and "FAILED" not in verdicts, verdicts
assert all(p["identical_code"] for p in points), "an A/A compiles the same code"
tuned = [p for p in points if p["point"].startswith("tuned_scale/")]
assert tuned and tuned[0]["library_config"].startswith("BLOCK="), tuned
for run in ("A", "B", "C"):
    results = json.load(open(f"{run}/results.json"))["points"]
    assert all(r["status"] == "SUCCESS" for r in results), [(r["op"], r["error"]) for r in results if r["status"] != "SUCCESS"]
print("A/A:", verdicts)
PY
grep -q "library picks (captured ops)" aa.txt || fail "diff does not compare the library's picks"

# Every floating-point tensor over --max-input-mb (0: all of them): generated over the range of a
# sample of it, and A's output is each point's reference (B checked against A's binary, run here).
"$abtool" capture --out big --max-input-mb 0 -- "$python" "$here/triton_workload.py" | tee big.txt
"$abtool" record --ops-dir big/ops --shapes big/shapes.yaml --compiler "triton:$python" "${timing[@]}" --out BA
"$abtool" replay --from BA --compiler "triton:$python" "${timing[@]}" --out BB
"$abtool" replay --from BA --compiler "triton:$python" --compiler-flags enable_fp_fusion=0 "${timing[@]}" --out BC
"$abtool" diff BA BB --format json > big_aa.json
"$abtool" diff BA BC | tee big_ac.txt
python3 - <<'PY' || fail "the capture over --max-input-mb"
import glob, json, os
inductor = sum(k["specializations"] for k in json.load(open("big/capture.json"))["kernels"] if k["kernel"].startswith("triton_"))
cases = {}
for path in glob.glob("big/ops/*/cases.json"):
    cases.update(json.load(open(path))["cases"])
assert len(cases) == 12 + inductor, sorted(cases)
for point, case in cases.items():
    if point.startswith(("split_sum/", "fill_zero/")):  # integer tensors only: always stored, their outputs the reference
        assert case.get("reference") != "baseline" and any("output" in arg for arg in case["args"].values()), (point, case)
        continue
    assert case["reference"] == "baseline", (point, case)
    generated = [name for name, arg in case["args"].items() if "generated" in arg]
    assert generated and not any("output" in arg for arg in case["args"].values()), (point, case)
stored = set(os.listdir("big/inputs")) if os.path.isdir("big/inputs") else set()
integer = {os.path.basename(arg[role]) for point, case in cases.items() if point.startswith(("split_sum/", "fill_zero/"))
           for arg in case["args"].values() for role in ("input", "output") if role in arg}
assert stored <= integer, ("no float tensor is stored", stored - integer)
for run in ("BA", "BB", "BC"):
    results = json.load(open(f"{run}/results.json"))["points"]
    assert len(results) == 12 + inductor and all(r["status"] == "SUCCESS" for r in results), [(r["op"], r["error"]) for r in results]
log = open("BB/run.log").read()
assert log.count(": the reference is A's stored binary") == 10 + inductor, log
verdicts = [p["verdict"] for p in json.load(open("big_aa.json"))["points"]]
assert "FASTER" not in verdicts and "SLOWER" not in verdicts and "FAILED" not in verdicts, verdicts
print(f"over --max-input-mb: {10 + inductor} points generated, verified against A's output (and split_sum's stored); A/A:", verdicts)
PY
echo "capture_gpu: PASS"
