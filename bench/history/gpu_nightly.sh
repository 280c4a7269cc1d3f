#!/usr/bin/env bash
# On the GPU machine (flag_gems importable): a nightly history of a real library's Triton kernels.
# FlagGems' softmax, layer_norm, rms_norm, gelu and silu at 4096x4096 (bf16, fp32) are captured from
# bench/suite/flag_gems_suite.py and recorded once; then NIGHTS "nightlies", each a Python wrapper
# given as triton:<wrapper> (one Triton build, one night), of which nights FROM to TO compile with
# FMA contraction off (TRITON_DEFAULT_FP_FUSION=0: a real codegen change) and the rest as Triton
# is. Each night runs examples/nightly.sh on the folder as it stands that night, so each night's
# gate is its own; last, the changes, the list of builds, a changed point's series and the diff
# the gate names for the first changed night.
#   usage: [EXTRA="record and replay options"] bench/history/gpu_nightly.sh WORK_DIR [NIGHTS=10] [FROM=4] [TO=6]
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: gpu_nightly.sh WORK_DIR [NIGHTS] [FROM] [TO]}
nights=${2:-10} from=${3:-4} to=${4:-6}
abtool=${ABTOOL:-$root/build-device/abtool/abtool}
python=${PYTHON:-python3}
mkdir -p "$work"
export TRITON_CACHE_DIR=$work/triton-cache
if [[ ! -f $work/cap/capture.json ]]; then
  "$abtool" capture --out "$work/cap" -- "$python" "$root/bench/suite/flag_gems_suite.py" --ops softmax,layer_norm,rms_norm,gelu,silu \
    --shapes 4096x4096 --dtypes bf16,fp32 --warmup 25 --rep 25 --gems-only || exit
fi
[[ -f $work/A/meta.json ]] ||
  "$abtool" record --ops-dir "$work/cap/ops" --shapes "$work/cap/shapes.yaml" --compiler "triton:$python" --out "$work/A" ${EXTRA:-} -q ||
  exit
mkdir -p "$work/all" "$work/nights"
for ((n = 1; n <= nights; ++n)); do
  mkdir -p "$work/all/$n/bin"
  {
    echo '#!/bin/sh'
    echo "# nightly $n"
    ((n >= from && n <= to)) && echo 'export TRITON_DEFAULT_FP_FUSION=0'
    echo "exec $(command -v "$python") \"\$@\""
  } > "$work/all/$n/bin/python"
  chmod +x "$work/all/$n/bin/python"
done
export ABTOOL=$abtool DB=$work/nightly.sqlite OUT=$work/replays BACKEND=triton COMPILER=bin/python
for ((n = 1; n <= nights; ++n)); do
  cp -r "$work/all/$n" "$work/nights/"
  bash "$root/examples/nightly.sh" "$work/A" "$work/nights" > "$work/night-$n.log" 2>&1
  code=$?
  echo "night $n$( ((n >= from && n <= to)) && echo ' (FMA contraction off)'): gate exit $code"
  grep -E "^abtool history gate: (regression|FAILED|not judged|not measured)|^abtool history gate: $n:" "$work/night-$n.log"
done
echo "=== abtool history changes"
"$abtool" history changes --db "$DB"
echo "=== abtool history list"
"$abtool" history list --db "$DB"
first=$(grep -m1 -oE "regression: [^ ]+" "$work/night-$from.log" | cut -d' ' -f2)
if [[ -n $first ]]; then
  echo "=== abtool history show $first"
  COLUMNS=100 "$abtool" history show --db "$DB" "$first"
  echo "=== abtool diff replays/$((from - 1)) replays/$from (the gate's narrowing command)"
  COLUMNS=120 "$abtool" diff "$work/replays/$((from - 1))" "$work/replays/$from" --ir
fi
