#!/usr/bin/env bash
# The nightly recipe: one record A (its configs pinned), and every compiler build replayed against
# it, interleaved (A's stored code beside B's in each round: the control), each build kept in a
# history. Builds already in the history are not replayed again; then the change points, and the
# CI gate's exit code (1: the newest build starts a regression beyond a point's learned noise).
#
#   usage: examples/nightly.sh RECORD BUILD...
#   BUILD: [LABEL=]COMPILER_SPEC (host:/opt/gcc-nightly/bin/g++, triton:/venvs/1206/bin/python,
#          nvcc:/cuda/bin/nvcc, nvrtc:/path/libnvrtc.so), oldest first; or a folder whose entries are
#          builds, in version order (9 before 10), each ENTRY/COMPILER (COMPILER: [bin/g++]) under
#          BACKEND [host], named by the entry (nightlies named by a number or date order themselves).
#
# Environment (defaults in brackets):
#   DB        the history file                                      [runs/nightly.sqlite]
#   OUT       where each build's replay goes (OUT/<label>)          [runs/nightly]
#   ORDER     label: each label is its build's order key (numbers or dates); position: the order given
#             [label where every label is a number or a date, else position]
#   EXTRA     more replay options, e.g. "--rounds 20"                []
#   SUBMIT    a command each replay runs under, e.g. "srun -N1 --exclusive" (a build a Slurm job) []
#   ABTOOL    the abtool binary                                     [build/abtool/abtool]
# Exit: the gate's: 0 no regression starts at the newest build, 1 one does, 2 bad input; a replay
# that could not run stops the recipe with its exit code.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then  # the comment above; nothing runs
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 0
fi
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
abtool=${ABTOOL:-$root/build/abtool/abtool}
[[ $# -ge 2 ]] || { sed -n '2,14p' "$0" >&2; exit 2; }
record=$1
shift
[[ -f $record/meta.json ]] || { echo "nightly.sh: $record: not a run directory (no meta.json)" >&2; exit 2; }
db=${DB:-runs/nightly.sqlite}
out=${OUT:-runs/nightly}
read -r -a extra <<< "${EXTRA:-}"
read -r -a submit <<< "${SUBMIT:-}"

labels=() specs=()
for build in "$@"; do
  if [[ -d $build ]]; then  # its entries in version order: 9 before 10, 2026-12-09 before 2026-12-10
    while IFS= read -r entry; do
      labels+=("$(basename "$entry")")
      specs+=("${BACKEND:-host}:$entry/${COMPILER:-bin/g++}")
    done < <(find "$build" -mindepth 1 -maxdepth 1 -xtype d | sort -V)
  elif [[ $build == *=* ]]; then
    labels+=("${build%%=*}")
    specs+=("${build#*=}")
  else
    labels+=("$(basename "${build#*:}")")
    specs+=("$build")
  fi
done
(( ${#labels[@]} )) || { echo "nightly.sh: no build to replay" >&2; exit 2; }
order=${ORDER:-}
if [[ -z $order ]]; then
  order=label
  for label in "${labels[@]}"; do
    [[ $label =~ ^[0-9]+(\.[0-9]+)?$ || $label =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}([T\ ][0-9:]+)?$ ]] || order=position
  done
fi
case $order in label|position) ;; *) echo "nightly.sh: ORDER=$order: label or position" >&2; exit 2 ;; esac

# What the history holds already: its builds' labels.
declare -A known
if [[ -f $db ]]; then
  while read -r label _; do known[$label]=1; done < <("$abtool" history list --db "$db" | tail -n +3)
fi
mkdir -p "$out" "$(dirname "$db")"
for i in "${!labels[@]}"; do
  label=${labels[$i]}
  if [[ -n ${known[$label]:-} ]]; then
    echo "nightly.sh: $label: in the history already"
    continue
  fi
  key=$label
  [[ $order == position ]] && key=$((i + 1))
  echo "nightly.sh: $label: replaying ${specs[$i]} against $record"
  "${submit[@]}" "$abtool" replay --from "$record" --compiler "${specs[$i]}" --out "$out/$label" -q \
    --history "$db" --build "$label" --build-order "$key" "${extra[@]}" > "$out/$label.log" 2>&1
  code=$?
  # A point that FAILED is in the run (exit 1) and the history; anything else stops here.
  if (( code != 0 && code != 1 )); then
    echo "nightly.sh: $label: the replay exited $code (its log: $out/$label.log)" >&2
    tail -3 "$out/$label.log" >&2
    exit "$code"
  fi
done
"$abtool" history changes --db "$db"
"$abtool" history gate --db "$db"
