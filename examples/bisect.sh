#!/usr/bin/env bash
# Which candidate compiler build (or flag set) first made these kernels slower? Given a record
# run A (the known-good baseline) and candidates in order (oldest first, the last known bad),
# each candidate tested is replayed against A and judged by `abtool diff --bisect`: good (0),
# bad (1: a point SLOWER beyond THRESHOLD) or cannot tell (125: a point AMBIGUOUS, UNTRUSTED,
# FAILED or MISSING; like `git bisect skip`, a neighbour is tried instead). Binary search: about
# log2(N) replays. Prints each verdict, then the first bad candidate.
#   usage: [FLAGS=1] [THRESHOLD=2] [OUT=dir] [EXTRA="replay options"] examples/bisect.sh RECORD CANDIDATE...
#   CANDIDATE: a compiler spec (host:/opt/gcc-14/bin/g++, nvrtc:/path/libnvrtc.so.12, nvcc:/path/nvcc,
#              triton:/venv/bin/python), or with FLAGS=1 a set of compiler flags for A's compiler.
# With git, the same judge: git bisect run sh -c 'make && abtool replay --from A --out "B-$(git rev-parse
#   --short HEAD)" --compiler nvcc:build/bin/nvcc; abtool diff A "B-$(git rev-parse --short HEAD)" --bisect'
# Exit: 0 a first bad candidate was found, 1 none of them is bad, 2 usage.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then  # the comment above; nothing runs
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 0
fi
set -uo pipefail
abtool=${ABTOOL:-$(cd "$(dirname "$0")/.." && pwd)/build/abtool/abtool}
[[ $# -ge 2 ]] || { sed -n '2,15p' "$0" >&2; exit 2; }
record=$1
shift
candidates=("$@")
threshold=${THRESHOLD:-2}
out=${OUT:-$(mktemp -d /tmp/abtool-bisect.XXXXXX)}
read -r -a extra <<< "${EXTRA:-}"
mkdir -p "$out"
declare -A verdicts

judge() {  # judge INDEX -> sets verdict: good | bad | skip
  local i=$1 run="$out/candidate$1"
  if [[ -z ${verdicts[$i]:-} ]]; then
    local choice=(--compiler "${candidates[$i]}")
    [[ ${FLAGS:-0} == 1 ]] && choice=(--compiler-flags "${candidates[$i]}")
    "$abtool" replay --from "$record" --out "$run" "${choice[@]}" "${extra[@]}" > "$run.log" 2>&1
    "$abtool" diff "$record" "$run" --bisect --threshold "$threshold" > "$run.diff" 2>&1
    case $? in
      0) verdicts[$i]=good ;;
      1) verdicts[$i]=bad ;;
      *) verdicts[$i]=skip ;;
    esac
    printf '%-4s %-12s %s\n' "$((i + 1))" "${verdicts[$i]}" "${candidates[$i]:-(none)}"
  fi
  verdict=${verdicts[$i]}
}

# Invariant: every candidate before `low` is good (or skipped), `high` is bad or past the end.
low=0
high=${#candidates[@]}
while ((low < high)); do
  mid=$(((low + high) / 2))
  probe=$mid
  judge "$probe"
  while [[ $verdict == skip ]] && ((probe + 1 < high)); do  # cannot tell: try the next one up
    probe=$((probe + 1))
    judge "$probe"
  done
  if [[ $verdict == bad ]]; then
    high=$probe
  elif [[ $verdict == good ]]; then
    low=$((probe + 1))
  else  # everything from mid up to high cannot be told: look below mid
    high=$mid
  fi
done
if ((high < ${#candidates[@]})) && [[ ${verdicts[$high]:-} == bad ]]; then
  echo "first bad: candidate $((high + 1)): ${candidates[$high]} (replay in $out/candidate$high, diff in $out/candidate$high.diff)"
  exit 0
fi
echo "no candidate was found bad (replays in $out)"
exit 1
