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
# Exit: the gate's: 0 every point of the newest build judged and none regressed or FAILED, 1
# otherwise, 2 bad input (a label that is no plain word, or is another compiler's in the history);
# a replay that could not run, or whose every point FAILED, stops the recipe with a non-zero exit.
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
# A label names a folder under OUT and a line of `history list`: one plain word.
for i in "${!labels[@]}"; do
  label=${labels[$i]}
  if [[ -z $label || $label == . || $label == .. || $label == */* || $label =~ [[:space:]] || $label =~ [[:cntrl:]] ||
        ${#label} -gt 100 ]]; then
    echo "nightly.sh: build label '${label:0:40}' (of ${specs[$i]}): a label is one word of at most 100 characters," \
      "with no '/', space or newline (it names OUT/<label>)" >&2
    exit 2
  fi
done
order=${ORDER:-}
if [[ -z $order ]]; then
  order=label
  for label in "${labels[@]}"; do
    [[ $label =~ ^[0-9]+(\.[0-9]+)?$ || $label =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}([T\ ][0-9:]+)?$ ]] || order=position
  done
fi
case $order in label|position) ;; *) echo "nightly.sh: ORDER=$order: label or position" >&2; exit 2 ;; esac

# What the history holds already: each build's label and the compiler it was (history list's
# compiler column: "backend version, /its/path, flags...").
declare -A known
if [[ -f $db ]]; then
  listing=$("$abtool" history list --db "$db") || exit $?
  while IFS= read -r line; do
    read -r label _ <<< "$line"
    known[$label]=$line
  done < <(tail -n +3 <<< "$listing")
fi
mkdir -p "$out" "$(dirname "$db")"
for i in "${!labels[@]}"; do
  label=${labels[$i]}
  if [[ -n ${known[$label]:-} ]]; then
    # The same label for another compiler is a mistake to say, not a build to skip.
    path=${specs[$i]#*:}
    [[ -e $path ]] || path=$(command -v -- "$path" 2> /dev/null) || path=
    [[ -n $path ]] && path=$(realpath -- "$path")
    if [[ -n $path && ${known[$label]} != *", $path"* ]]; then
      echo "nightly.sh: $label: the history holds another compiler under this label (${known[$label]##*  }):" \
        "give ${specs[$i]} a label of its own" >&2
      exit 2
    fi
    echo "nightly.sh: $label: in the history already"
    continue
  fi
  key=$label
  [[ $order == position ]] && key=$((i + 1))
  echo "nightly.sh: $label: replaying ${specs[$i]} against $record"
  "${submit[@]}" "$abtool" replay --from "$record" --compiler "${specs[$i]}" --out "$out/$label" -q \
    --history "$db" --build "$label" --build-order "$key" "${extra[@]}" > "$out/$label.log" 2>&1
  code=$?
  # A point that FAILED is in the run (exit 1) and the history, and the gate fails on it; a build
  # whose every point FAILED measured nothing (a compiler that cannot compile): it stops here, as
  # does any other exit.
  if (( code == 1 )) && grep -Eq "^history .*: [0-9]+ point\(s\), all FAILED" "$out/$label.log"; then
    echo "nightly.sh: $label: every point FAILED: ${specs[$i]} measured nothing (its log: $out/$label.log)" >&2
    grep -m 3 -E "FAILED|error" "$out/$label.log" >&2
    exit 1
  fi
  if (( code != 0 && code != 1 )); then
    echo "nightly.sh: $label: the replay exited $code (its log: $out/$label.log)" >&2
    tail -3 "$out/$label.log" >&2
    exit "$code"
  fi
done
"$abtool" history changes --db "$db"
"$abtool" history gate --db "$db"
