#!/usr/bin/env bash
# The reference A/B comparison: for each shape file, record with the baseline compiler, replay
# A's choices with the candidate, and diff. Everything is also written to runs/ab_<timestamp>.log.
#
# Environment (defaults in brackets):
#   OP               op name(s), comma separated               [cpu_saxpy,cpu_softmax,cpu_matmul]
#   SHAPE_FILES      one or more shape sets, space separated   [shapes/smoke.yaml]
#   BASELINE         compiler of side A                        [host:g++]
#   CANDIDATE        compiler of side B                        [host:clang++]
#   BASELINE_FLAGS / CANDIDATE_FLAGS   --compiler-flags per side  []
#   METRIC           time | instructions: what verdicts are decided from      [instructions for host
#                    compilers where Valgrind is installed, else time]
#   ABTOOL_EXTRA     more options for record and replay, e.g. "--rep-ms 1000"  []
#   DIFF_EXTRA       more options for diff, e.g. "--ir" or "--format md"        []
#   ALLOW_IDENTICAL  1: do not fail when B's code is byte-identical to A's     [0]
#   ABTOOL           the abtool binary                          [build/abtool/abtool]
#   RUNS_DIR         where run directories and the log go       [runs]
#
# CUDA compilers work the same way, e.g. the effect of ptxas -O1 on the CUDA example ops:
#   OP=saxpy,softmax,gemm BASELINE=nvrtc CANDIDATE=nvrtc CANDIDATE_FLAGS="-Xptxas -O1" examples/ab_compare.sh
# or another NVRTC build: CANDIDATE=nvrtc:/path/to/libnvrtc.so.12, or nvcc: CANDIDATE=nvcc:/usr/local/cuda/bin/nvcc.
# Triton: the interpreter is the build, e.g. two installs (or one, with a Triton option as B's flags):
#   OP=triton_matmul,triton_softmax BASELINE=triton:python3 CANDIDATE=triton:/opt/triton-dev/bin/python examples/ab_compare.sh
#
# Exit code: 0 compared; 1 a point FAILED on a side (or DIFF_EXTRA=--fail-on-regression found a
# regression); 2 bad input; 3 the candidate produced byte-identical code, so the comparison cannot
# show a compiler effect (see ALLOW_IDENTICAL); 125 DIFF_EXTRA=--fail-on-regression left a point
# undecided (AMBIGUOUS; --allow-undecided in DIFF_EXTRA accepts that).
if [[ ${1:-} == -h || ${1:-} == --help ]]; then  # the comment above; nothing runs
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 0
fi
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OP=${OP:-cpu_saxpy,cpu_softmax,cpu_matmul}
SHAPE_FILES=${SHAPE_FILES:-$root/shapes/smoke.yaml}
BASELINE=${BASELINE:-host:g++}
CANDIDATE=${CANDIDATE:-host:clang++}
BASELINE_FLAGS=${BASELINE_FLAGS:-}
CANDIDATE_FLAGS=${CANDIDATE_FLAGS:-}
ABTOOL=${ABTOOL:-$root/build/abtool/abtool}
RUNS_DIR=${RUNS_DIR:-runs}
# On a noisy machine time alone often cannot decide a host op; exact instruction counts can.
if [[ -z ${METRIC:-} ]]; then
  METRIC=time
  [[ $BASELINE == host:* ]] && command -v valgrind > /dev/null && METRIC=instructions
fi
read -r -a extra <<< "${ABTOOL_EXTRA:-}"
read -r -a diff_extra <<< "${DIFF_EXTRA:-}"

if [[ ! -x $ABTOOL ]]; then
  echo "ab_compare.sh: abtool not found at $ABTOOL (build it first: bash scripts/main.sh, or see README.md)" >&2
  exit 2
fi
mkdir -p "$RUNS_DIR"
stamp=$(date +%Y%m%d-%H%M%S)
log="$RUNS_DIR/ab_$stamp.log"
say() { printf '%s\n' "$*" | tee -a "$log"; }

say "ab_compare: OP=$OP BASELINE=$BASELINE${BASELINE_FLAGS:+ ($BASELINE_FLAGS)} CANDIDATE=$CANDIDATE${CANDIDATE_FLAGS:+ ($CANDIDATE_FLAGS)} METRIC=$METRIC"
status=0
index=0
for shapes in $SHAPE_FILES; do
  index=$((index + 1))
  name=$(basename "$shapes" .yaml)
  side_a="$RUNS_DIR/ab_${stamp}_${index}_${name}_A"
  side_b="$RUNS_DIR/ab_${stamp}_${index}_${name}_B"
  say ""
  say "=== $shapes"
  say "A: record with $BASELINE -> $side_a"
  "$ABTOOL" record --op "$OP" --shapes "$shapes" --compiler "$BASELINE" --compiler-flags "$BASELINE_FLAGS" \
      --metric "$METRIC" --out "$side_a" "${extra[@]}" >> "$log" 2> >(tee -a "$log" >&2)
  rc=$?
  if (( rc == 2 )); then say "A failed with bad input (exit 2); see above"; exit 2; fi
  if (( rc != 0 && rc != 1 )); then say "A stopped with exit $rc"; exit "$rc"; fi
  (( rc == 1 )) && status=1
  say "B: replay with $CANDIDATE -> $side_b"
  "$ABTOOL" replay --from "$side_a" --compiler "$CANDIDATE" --compiler-flags "$CANDIDATE_FLAGS" \
      --out "$side_b" "${extra[@]}" >> "$log" 2> >(tee -a "$log" >&2)
  rc=$?
  if (( rc == 2 )); then say "B failed with bad input (exit 2); see above"; exit 2; fi
  if (( rc != 0 && rc != 1 )); then say "B stopped with exit $rc"; exit "$rc"; fi
  (( rc == 1 )) && status=1

  # One diff: its table to the terminal and the log, its warnings (stderr) kept to be read.
  diff_warnings="$RUNS_DIR/ab_${stamp}_${index}_${name}_diff.err"
  # Through tee, diff's stdout is no terminal: it is told the terminal's width, so that what the
  # terminal shows is diff's own layout for it (80 columns: the README's), not its wide one.
  columns=${COLUMNS:-}
  [[ -z $columns && -t 1 ]] && columns=$(stty size 2> /dev/null < /dev/tty | cut -d' ' -f2)
  COLUMNS=$columns "$ABTOOL" diff "$side_a" "$side_b" "${diff_extra[@]}" 2> "$diff_warnings" | tee -a "$log"
  rc=${PIPESTATUS[0]}
  tee -a "$log" < "$diff_warnings" >&2
  if (( rc == 2 )); then say "diff failed with bad input (exit 2); see above"; exit 2; fi
  if (( rc != 0 && rc != 1 && rc != 125 )); then say "diff stopped with exit $rc"; exit "$rc"; fi
  (( rc == 1 )) && status=1  # DIFF_EXTRA=--fail-on-regression found a regression
  (( rc == 125 && status == 0 )) && status=125  # ... or a point it could not decide
  if grep -q "byte-identical" "$diff_warnings"; then
    say ""
    say "!!! $shapes: every binary $CANDIDATE built is byte-identical to $BASELINE's."
    say "!!! The compiler change had no effect on this code: 'no difference' here says nothing about it."
    [[ ${ALLOW_IDENTICAL:-0} == 1 ]] || status=3
  fi
done
say ""
say "summary log: $log"
exit "$status"
