#!/usr/bin/env bash
# Capture a Python workload's Triton kernels, record them with Triton build A, replay A's choices
# with build B, and diff: the compiler is the only variable, and nobody wrote an op spec.
#
#   examples/capture_ab.sh -- python3 my_bench.py [its arguments]
#
# Environment (defaults in brackets):
#   BASELINE         side A's Triton: triton:PYTHON                          [triton:python3]
#   CANDIDATE        side B's Triton                                         [the baseline]
#   CANDIDATE_FLAGS  Triton options for B, e.g. enable_fp_fusion=0           []
#   MAX_INPUT_MB     capture --max-input-mb                                  [256]
#   ABTOOL_EXTRA     more options for record and replay, e.g. "--rep-ms 1000"  []
#   DIFF_EXTRA       more options for diff, e.g. "--ir" or "--format md"       [--ir]
#   ABTOOL           the abtool binary                                       [build/abtool/abtool]
#   RUNS_DIR         where the capture, the runs and the report go           [runs]
#
# Exit code: 0 compared; 1 a point FAILED on a side; 2 bad input, or the workload failed or
# launched no Triton kernel that can be captured; 3 B's code is byte-identical to A's everywhere
# (the compared axis had no effect: give B another Triton or CANDIDATE_FLAGS).
if [[ ${1:-} == -h || ${1:-} == --help ]]; then  # the comment above; nothing runs
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 0
fi
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ ${1:-} == -- ]] && shift
if [[ $# -eq 0 ]]; then
  sed -n '2,19p' "$0" >&2
  exit 2
fi
BASELINE=${BASELINE:-triton:python3}
CANDIDATE=${CANDIDATE:-$BASELINE}
CANDIDATE_FLAGS=${CANDIDATE_FLAGS:-}
ABTOOL=${ABTOOL:-$root/build/abtool/abtool}
RUNS_DIR=${RUNS_DIR:-runs}
read -r -a extra <<< "${ABTOOL_EXTRA:-}"
read -r -a diff_extra <<< "${DIFF_EXTRA:---ir}"
if [[ ! -x $ABTOOL ]]; then
  echo "capture_ab.sh: $ABTOOL not found (build first, or set ABTOOL)" >&2
  exit 2
fi
if [[ $CANDIDATE == "$BASELINE" && -z $CANDIDATE_FLAGS ]]; then
  echo "capture_ab.sh: B is A (same Triton, no CANDIDATE_FLAGS): this is an A/A run" >&2
fi
stamp=$(date +%Y%m%d-%H%M%S)
base=$RUNS_DIR/capture_ab_$stamp
mkdir -p "$RUNS_DIR"

"$ABTOOL" capture --out "$base/capture" --max-input-mb "${MAX_INPUT_MB:-256}" -- "$@" || exit $?
"$ABTOOL" record --ops-dir "$base/capture/ops" --shapes "$base/capture/shapes.yaml" --compiler "$BASELINE" \
  "${extra[@]}" --out "$base/A"
record=$?
[[ $record -eq 0 || $record -eq 1 ]] || exit $record
flags=()
[[ -n $CANDIDATE_FLAGS ]] && flags=(--compiler-flags "$CANDIDATE_FLAGS")
"$ABTOOL" replay --from "$base/A" --compiler "$CANDIDATE" "${flags[@]}" "${extra[@]}" --out "$base/B"
replay=$?
[[ $replay -eq 0 || $replay -eq 1 ]] || exit $replay
"$ABTOOL" diff "$base/A" "$base/B" "${diff_extra[@]}" | tee "$base/diff.txt"
"$ABTOOL" report "$base/A" "$base/B" -o "$base/report.html"
echo "capture, runs, diff and report: $base"
if grep -q "EVERY measured binary of B is byte-identical" "$base/diff.txt" && ! [[ $CANDIDATE == "$BASELINE" && -z $CANDIDATE_FLAGS ]]; then
  exit 3
fi
[[ $record -eq 0 && $replay -eq 0 ]] || exit 1
exit 0
