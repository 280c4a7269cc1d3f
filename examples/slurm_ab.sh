#!/usr/bin/env bash
# An A/B on a Slurm cluster: SHARDS array tasks record the shards of A (`record --shard I/N`), one
# job merges them (`abtool merge`), SHARDS array tasks replay A's choices with the candidate
# (`replay --from A --shard I/N`), and a last job merges B and diffs (text, JSON and report.html).
#
#   examples/slurm_ab.sh submit      submit the four steps, each waiting for the one before (sbatch)
#   examples/slurm_ab.sh status      where the submitted chain is: each step's job and state, the
#                                    tasks that failed and their logs (RUNS_DIR names the chain)
#   examples/slurm_ab.sh local       run the same steps here, one after another
#   examples/slurm_ab.sh task STEP   what a Slurm job runs: record | merge-a | replay | merge-b
#                                    (the array tasks, 1 to SHARDS, take their shard from
#                                    SLURM_ARRAY_TASK_ID: shards count from 1, as --shard does)
#
# Environment (defaults in brackets):
#   SHARDS       how many parts                                   [4]
#   RUNS_DIR     where every run goes (an absolute path the nodes share)   [$PWD/runs/slurm_<timestamp>]
#   OP, SHAPES   --op and --shapes                                [every op of the shape set, shapes/smoke.yaml]
#   BASELINE / CANDIDATE                compilers of A and B      [nvrtc / nvrtc]
#   BASELINE_FLAGS / CANDIDATE_FLAGS    --compiler-flags per side []
#   ABTOOL_EXTRA more options for record and replay, e.g. "--rep-ms 1000"  []
#   SBATCH_EXTRA options for every sbatch, e.g. "--partition gpu --gres gpu:1 --time 1:00:00"  []
#   ABTOOL       the abtool binary                                [build/abtool/abtool]
#
# A shard whose points FAILED still counts as done (abtool exits 1: the failures are in its
# results); any other exit stops the chain (its dependants are cancelled where the cluster sets
# DependencyParameters=kill_invalid_depend, else they wait: `status` says which), and `abtool merge`
# refuses shards that did not finish. Each job's log (RUNS_DIR/slurm-<step>[-<task>].log) starts
# with the abtool command it runs; the job names (abtool-record, ...) are what squeue and sacct show.
if [[ ${1:-} == -h || ${1:-} == --help ]]; then  # the comment above; nothing runs
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
  exit 0
fi
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
script=$root/examples/slurm_ab.sh
SHARDS=${SHARDS:-4}
[[ $SHARDS =~ ^[1-9][0-9]{0,4}$ ]] || { echo "slurm_ab: SHARDS must be a whole number from 1 to 99999, not '$SHARDS'" >&2; exit 2; }
RUNS_DIR=${RUNS_DIR:-$PWD/runs/slurm_$(date +%Y%m%d-%H%M%S)}
SHAPES=${SHAPES:-$root/shapes/smoke.yaml}
BASELINE=${BASELINE:-nvrtc}
CANDIDATE=${CANDIDATE:-nvrtc}
ABTOOL=${ABTOOL:-$root/build/abtool/abtool}
export SHARDS RUNS_DIR SHAPES BASELINE CANDIDATE ABTOOL
read -r -a extra <<< "${ABTOOL_EXTRA:-}"
read -r -a sbatch_extra <<< "${SBATCH_EXTRA:-}"
op=()
[[ -n ${OP:-} ]] && op=(--op "$OP")

# Each command as the job's log shows it, before it runs.
say() { echo "slurm_ab: job ${SLURM_JOB_ID:-local}${SLURM_ARRAY_TASK_ID:+ task $SLURM_ARRAY_TASK_ID} on $(hostname -s): $*"; }

# abtool's exit 1 means "a point FAILED", which the merged results report; only 2, 3, ... stop.
measured() {
  local rc=0
  say "$*"
  "$@" || rc=$?
  (( rc <= 1 )) || { echo "slurm_ab: '$*' exited $rc" >&2; exit "$rc"; }
}

shards_of() { for (( i = 1; i <= SHARDS; ++i )); do echo "$RUNS_DIR/$1_shard$i"; done; }

task() {
  local shard=${SLURM_ARRAY_TASK_ID:-${2:-1}}
  case $1 in
    record)
      measured "$ABTOOL" record --shard "$shard/$SHARDS" --shapes "$SHAPES" "${op[@]}" --compiler "$BASELINE" \
        --compiler-flags "${BASELINE_FLAGS:-}" "${extra[@]}" --out "$RUNS_DIR/A_shard$shard" ;;
    merge-a)
      mapfile -t runs < <(shards_of A)
      say "$ABTOOL merge $RUNS_DIR/A ${runs[*]}"
      "$ABTOOL" merge "$RUNS_DIR/A" "${runs[@]}" ;;
    replay)
      measured "$ABTOOL" replay --from "$RUNS_DIR/A" --shard "$shard/$SHARDS" --compiler "$CANDIDATE" \
        --compiler-flags "${CANDIDATE_FLAGS:-}" "${extra[@]}" --out "$RUNS_DIR/B_shard$shard" ;;
    merge-b)
      mapfile -t runs < <(shards_of B)
      say "$ABTOOL merge $RUNS_DIR/B ${runs[*]}; then diff and report"
      "$ABTOOL" merge "$RUNS_DIR/B" "${runs[@]}"
      "$ABTOOL" diff "$RUNS_DIR/A" "$RUNS_DIR/B" | tee "$RUNS_DIR/diff.txt"
      "$ABTOOL" diff "$RUNS_DIR/A" "$RUNS_DIR/B" --format json > "$RUNS_DIR/diff.json"
      "$ABTOOL" report "$RUNS_DIR/A" "$RUNS_DIR/B" -o "$RUNS_DIR/report.html" ;;
    *) echo "slurm_ab: unknown step '$1' (record | merge-a | replay | merge-b)" >&2; exit 2 ;;
  esac
}

case ${1:-} in
  submit)
    mkdir -p "$RUNS_DIR"
    submit() { sbatch --parsable --export=ALL "${sbatch_extra[@]}" "$@"; }
    array=--array=1-$SHARDS
    record=$(submit "$array" --job-name abtool-record --output "$RUNS_DIR/slurm-record-%a.log" "$script" task record)
    merge_a=$(submit --dependency="afterok:$record" --job-name abtool-merge-a --output "$RUNS_DIR/slurm-merge-a.log" "$script" task merge-a)
    replay=$(submit "$array" --dependency="afterok:$merge_a" --job-name abtool-replay --output "$RUNS_DIR/slurm-replay-%a.log" \
      "$script" task replay)
    merge_b=$(submit --dependency="afterok:$replay" --job-name abtool-merge-b --output "$RUNS_DIR/slurm-merge-b.log" "$script" task merge-b)
    printf 'record %s\nmerge-a %s\nreplay %s\nmerge-b %s\n' "$record" "$merge_a" "$replay" "$merge_b" > "$RUNS_DIR/slurm_jobs"
    echo "slurm_ab: jobs $record (record) -> $merge_a (merge A) -> $replay (replay) -> $merge_b (merge B, diff)"
    echo "slurm_ab: results in $RUNS_DIR (diff.txt, diff.json, report.html); where it is: RUNS_DIR=$RUNS_DIR $script status" ;;
  status)
    field() { grep -o "$1=[^ ]*" <<< "$2" | head -1 | cut -d= -f2 || true; }  # KEY=value of scontrol's line
    command -v scontrol > /dev/null || { echo "slurm_ab: status asks Slurm's scontrol, which is not on PATH here (run it on a login node)" >&2; exit 2; }
    [[ -f $RUNS_DIR/slurm_jobs ]] || { echo "slurm_ab: $RUNS_DIR/slurm_jobs: no chain was submitted there (set RUNS_DIR)" >&2; exit 2; }
    echo "slurm_ab: the chain in $RUNS_DIR"
    while read -r step job; do
      # One line per job (an array: per task) while the controller knows it (MinJobAge after its end).
      lines=$(scontrol show job -o "$job" 2> /dev/null || true)
      if [[ -z $lines ]]; then
        echo "  $step: job $job: unknown to the controller now (sacct --jobs $job, where accounting is on)"
        continue
      fi
      states=$(grep -o 'JobState=[A-Z_]*' <<< "$lines" | cut -d= -f2 | sort | uniq -c | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')
      echo "  $step: job $job ($(field JobName "$lines")): $states"
      while read -r line; do
        [[ $line =~ JobState=(FAILED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|CANCELLED) ]] || continue
        task=$(field ArrayTaskId "$line") log=$(field StdOut "$line")
        [[ -f $log ]] || log="no log (it never ran)"
        echo "    ${task:+task $task }${BASH_REMATCH[1]} (reason $(field Reason "$line"), exit $(field ExitCode "$line")): $log"
      done <<< "$lines"
    done < "$RUNS_DIR/slurm_jobs" ;;
  local)
    mkdir -p "$RUNS_DIR"
    for (( i = 1; i <= SHARDS; ++i )); do task record "$i"; done
    task merge-a
    for (( i = 1; i <= SHARDS; ++i )); do task replay "$i"; done
    task merge-b ;;
  task) shift; task "$@" ;;
  *) sed -n '2,14p' "$script" >&2; exit 2 ;;
esac
