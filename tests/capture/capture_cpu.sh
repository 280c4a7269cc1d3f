#!/usr/bin/env bash
# CTest capture_fake_workload (no GPU): abtool capture of tests/capture/fake_workload.py (real
# @triton.jit kernels launched through stand-ins), then the capture's ops compiled for sm_90 by
# `abtool record --arch sm_90` with the Triton under test. Checks the capture's files, the op
# specs it wrote, and that every variant of every captured op compiles.
#   capture_cpu.sh ABTOOL TRITON_PYTHON WORKDIR
set -euo pipefail
abtool=$1 python=$2 work=$3
if ! "$python" -c "import triton" 2>/dev/null; then
  echo "SKIP: no Triton in $python (scripts/bootstrap.sh makes build/triton-venv)"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }

"$abtool" capture --out cap -- "$python" "$here/fake_workload.py" | tee capture.txt
grep -q "^capture: 8 kernel(s), 15 specialization(s): 14 captured (93%), 1 not (source_not_loadable 1); not replay-checked (no CUDA GPU here: \`abtool record\` where the GPU is checks it); 21 launch(es); .*; timing loops run once: triton.testing.do_bench 1 (--full-timing keeps them)" capture.txt ||
  fail "summary line"
grep -q "not captured  script_kernel (fake_workload.py) .*__main__" capture.txt || fail "the script's kernel and why"
ls cap.partial-* 2>/dev/null && fail "a partial capture was left behind"
[ -d cap/staging ] && fail "the staging folder was left in the capture"
"$python" - <<'PY' || fail "the capture's files"
import array, json, os, hashlib
m = json.load(open("cap/capture.json"))
assert m["schema"] == "abtool.capture/2" and m["summary"]["captured"] == 14 and m["partial"] is False, m["summary"]
# no GPU here: the replay check at the end could not run, and says why
# the workload's own do_bench ran its call once (the launch of scale at 128 was captured from it)
assert m["shortened_timing_loops"] == {"triton.testing.do_bench": 1} and m["full_timing"] is False, m["shortened_timing_loops"]
assert m["check"]["ran"] is False and m["check"]["not_run"].startswith("no CUDA GPU here"), m["check"]
# two processes, their launches merged: scale/1000 launched by both is one specialization of 4 launches
assert m["processes"] == 2, m["processes"]
# a module each process generated under a file name of its own (FlagGems' pointwise_dynamic): one
# kernel, its one specialization launched by both
[generated] = [k for k in m["kernels"] if k["kernel"] == "gen_triple"]
assert (generated["specializations"], generated["captured"], generated["launches"]) == (1, 1, 2), generated
# what was left out, by kind of reason: in the summary and per specialization
assert m["summary"]["not_captured_by_reason"] == {"source_not_loadable": 1}, m["summary"]
[missed] = [miss for kernel in m["kernels"] for miss in kernel["not_captured"]]
assert missed["reasons"] == ["source_not_loadable"] and "defined in the script itself" in missed["why"][0], missed
ops = {o["op"]: o for o in m["ops"]}
assert sorted(ops) == ["accumulate", "accumulate-2", "add_twice", "cast_scale", "fill_zero", "gen_triple", "scale", "scale-2", "tile_double"], \
    sorted(ops)
# host tensor descriptors: the tensor each addresses, what the launch wrote through one
tiles = next(iter(json.load(open("cap/ops/tile_double/cases.json"))["cases"].values()))
out = array.array("f", open(os.path.join("cap", tiles["args"]["out_desc"]["output"]), "rb").read())
assert list(out) == [float(i) for i in range(32 * 64)], out[:8]
# zeros written over zeros in an integer tensor: seen written (its IR never reads it), the zeros the reference
fill = next(iter(json.load(open("cap/ops/fill_zero/cases.json"))["cases"].values()))
assert set(array.array("i", open(os.path.join("cap", fill["args"]["out_ptr"]["output"]), "rb").read())) == {0}, fill
# a tuner's hooks zero the accumulator: captured after them (zeros), inout, restored before every launch
hooked = ops["accumulate-2"]
assert any("the tuner's hooks (a config's pre_hook; reset_to_zero y_ptr)" in n and "y_ptr restored" in n
           for n in hooked["notes"]), hooked["notes"]
case = next(iter(json.load(open("cap/ops/accumulate-2/cases.json"))["cases"].values()))
import array as _array
assert set(_array.array("f", open(os.path.join("cap", case["args"]["y_ptr"]["input"]), "rb").read())) == {0.0}, case
# a dtype constexpr: captured by its name in triton.language, one value per point
cast = json.load(open("cap/ops/cast_scale/cases.json"))["cases"]
assert {point: case["args"]["OUT_DTYPE"]["value"] for point, case in cast.items()} == \
    {"cast_scale/1000/fp32": "tl.float16", "cast_scale/4096/fp32": "tl.bfloat16"}, cast
assert sorted(ops["scale"]["points"]) == ["scale/1000/fp32", "scale/128/fp32", "scale/2048/fp32", "scale/4096/fp32"], ops["scale"]
[scale_kernel] = [k for k in m["kernels"] if k["kernel"] == "scale"]
assert (scale_kernel["specializations"], scale_kernel["launches"]) == (5, 10), scale_kernel
cases = json.load(open("cap/ops/scale-2/cases.json"))["cases"]["scale-2/1000/fp32"]
# the tuned kernel: each config's grid from the tuner's grid function, the library's pick
assert cases["grids"] == {"BLOCK=128 num_warps=4 num_stages=3": [8, 1, 1], "BLOCK=256 num_warps=8 num_stages=3": [4, 1, 1]}, cases
assert cases["library_choice"] == "BLOCK=256 num_warps=8 num_stages=3", cases
# stored tensors are content-addressed, and what the first launch wrote is the reference
scale = json.load(open("cap/ops/scale/cases.json"))["cases"]["scale/4096/fp32"]
for role in ("input", "output"):
    path = next(a[role] for a in scale["args"].values() if role in a)
    data = open(os.path.join("cap", path), "rb").read()
    assert os.path.basename(path) == hashlib.sha256(data).hexdigest() + ".bin", path
import array
x = array.array("f", open(os.path.join("cap", scale["args"]["x_ptr"]["input"]), "rb").read())
y = array.array("f", open(os.path.join("cap", scale["args"]["y_ptr"]["output"]), "rb").read())
assert len(x) == 4096 and list(y) == [2 * v for v in x]
assert scale["args"]["BLOCK"]["value"] == 4096 and scale["args"]["n"]["value"] == 4096
# arguments that share memory: one span, held (its bytes before and after) by the first argument,
# every member at its offset; a tensor passed twice, and two views 256 elements apart in 1024
shared = json.load(open("cap/ops/add_twice/cases.json"))["cases"]
twice, views = shared["add_twice/256/fp32"]["args"], shared["add_twice/512/fp32"]["args"]
assert twice["y_ptr"] == {"shared": {"holder": "x_ptr", "offset_bytes": 0, "span_bytes": 1024}}, twice
assert views["y_ptr"] == {"shared": {"holder": "x_ptr", "offset_bytes": 1024, "span_bytes": 3072}}, views
before = array.array("f", open(os.path.join("cap", views["x_ptr"]["input"]), "rb").read())
after = array.array("f", open(os.path.join("cap", views["x_ptr"]["output"]), "rb").read())
assert list(before) == [0.25 * i for i in range(768)]
assert list(after) == list(before[:256]) + [b + 2 * a for a, b in zip(before[:512], before[256:])], "y += 2x over the span"
print("capture files ok")
PY
grep -q "kind: inout" cap/ops/accumulate/op.yaml || fail "accumulate reads what it writes: inout"
grep -q "name: y_ptr, kind: inout" cap/ops/accumulate-2/op.yaml || fail "the hooked accumulator is inout"
grep -q "module: shim_kernels" cap/ops/scale/op.yaml || fail "the op imports the kernel's own module"
grep -q "name: out_desc, kind: out, dtype: fp32, shape: \[in_desc_0, in_desc_1\], descriptor: {block: \[16, 32\], padding: zero}" \
  cap/ops/tile_double/op.yaml || { cat cap/ops/tile_double/op.yaml; fail "a descriptor's tile in the op"; }

# The ops compile for sm_90 with the Triton under test (no GPU: every point then fails, said so).
"$abtool" record --ops-dir cap/ops --shapes cap/shapes.yaml --compiler "triton:$python" --arch sm_90 --no-cache --out A \
  > record.txt 2>&1 && fail "record without a GPU should fail its points" || true
for line in "scale: compiled 4 variants for sm_90 (0 failed)" "accumulate: compiled 1 variants for sm_90 (0 failed)" \
            "scale-2: compiled 2 variants for sm_90 (0 failed)" "cast_scale: compiled 2 variants for sm_90 (0 failed)" \
            "accumulate-2: compiled 1 variants for sm_90 (0 failed)" "fill_zero: compiled 1 variants for sm_90 (0 failed)" \
            "tile_double: compiled 1 variants for sm_90 (0 failed)" "gen_triple: compiled 1 variants for sm_90 (0 failed)" \
            "add_twice: compiled 1 variants for sm_90 (0 failed)"; do
  grep -q "^$line" A/run.log || { cat A/run.log; fail "expected a line of run.log to begin: $line"; }
done
# --configs library: A measures the library's own pick, so only it is compiled (the tuned scale-2's
# BLOCK=256 of its two configs), and meta.json says so for a resume and a reader.
"$abtool" record --ops-dir cap/ops --shapes cap/shapes.yaml --compiler "triton:$python" --arch sm_90 --no-cache --op scale-2 \
  --configs library --out L > record-library.txt 2>&1 && fail "record without a GPU should fail its points" || true
grep -q "^scale-2: compiled 1 variants for sm_90 (0 failed)" L/run.log || { cat L/run.log; fail "--configs library compiles the pick alone"; }
grep -q '"configs": *"library"' L/meta.json || fail "meta.json's sweep.configs"
grep -q "BLOCK=4096" A/index.tsv 2>/dev/null || grep -rq "4096" A/run.log || true
echo "capture_fake_workload: PASS"
