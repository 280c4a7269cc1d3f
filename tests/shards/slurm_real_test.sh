#!/usr/bin/env bash
# examples/slurm_ab.sh against a real Slurm (slurmctld + slurmd + munged started here, one node with
# this machine's CPUs; tests/shards/slurm_cluster.sh): a chain of 3 record shards, merge A, 3
# replay shards, merge B and diff, checked as the stand-in test checks it, plus what only a real
# scheduler shows: the dependencies held, the array tasks ran side by side, the job names and the
# command line in each job's log. Then a chain whose record task 1 fails (its compiler is broken
# on that task): the merge never runs, `status` names the failed task and its log, which says why.
# Every daemon it started is stopped (by pid) and its folder removed. Exit 77 (skipped, with the
# reason) where the daemons cannot start.
#   usage: tests/shards/slurm_real_test.sh ABTOOL WORK_DIR
set -euo pipefail
abtool=$1
work=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
source "$here/tests/shards/slurm_cluster.sh"
rm -rf "$work"
mkdir -p "$work"
cluster=$work/cluster
status=0
slurm_cluster_start "$cluster" || status=$?
(( status == 0 )) || exit "$status"
trap 'slurm_cluster_stop "$cluster"' EXIT

# Until the controller has no job left (a chain: some 10 s here); side_by_side: the most array
# tasks seen running at once.
side_by_side=0
wait_for_chain() {
  local running
  for _ in $(seq 1800); do
    running=$(squeue -h -t R -o %i | grep -c _ || true)
    (( running > side_by_side )) && side_by_side=$running
    [[ -z $(squeue -h -o %i) ]] && return 0
    sleep 0.1
  done
  echo "slurm_real: the chain did not end in 180 s:" >&2
  squeue >&2
  return 1
}
job_field() { scontrol show job -o "$1" | grep -o "$2=[^ ]*" | cut -d= -f2; }

printf 'fixture_sabotage:\n  shapes: [[4096], [8192], [16384]]\nfixture_tunable:\n  shapes: [[1024], [2048], [4096]]\n' > "$work/shapes.yaml"
common=(SHARDS=3 SHAPES="$work/shapes.yaml" ABTOOL="$abtool" OP=fixture_sabotage,fixture_tunable
        ABTOOL_EXTRA="--ops-dir $here/tests/fixtures/ops --warmup-ms 5 --rep-ms 200 --rounds 2 --no-cache")

# The chain that succeeds.
runs=$work/runs
env "${common[@]}" RUNS_DIR="$runs" BASELINE=host:g++ CANDIDATE=host:clang++ \
  bash "$here/examples/slurm_ab.sh" submit | tee "$work/submit.log"
wait_for_chain
read -r _ record < <(grep '^record ' "$runs/slurm_jobs")
read -r _ merge_b < <(grep '^merge-b ' "$runs/slurm_jobs")
[[ $(job_field "$merge_b" JobState) == COMPLETED ]] || { echo "slurm_real: merge-b is $(job_field "$merge_b" JobState)" >&2; exit 1; }
[[ $(job_field "$merge_b" JobName) == abtool-merge-b ]]
[[ $(scontrol show job -o "$record" | grep -c 'JobState=COMPLETED') == 3 ]]
for task in 1 2 3; do
  grep -q "slurm_ab: job [0-9]* task $task on .*: $abtool record --shard $task/3 " "$runs/slurm-record-$task.log"
done
grep -q "slurm_ab: job .*: $abtool merge $runs/A " "$runs/slurm-merge-a.log"
/usr/bin/python3 "$here/tests/shards/check_chain.py" "$runs" --real
test -s "$runs/report.html"
# The scheduler ran array tasks side by side, one CPU each.
(( side_by_side >= 2 || $(nproc) < 2 )) || { echo "slurm_real: array tasks never ran at once ($side_by_side)" >&2; exit 1; }
RUNS_DIR="$runs" bash "$here/examples/slurm_ab.sh" status | tee "$work/status.log"
grep -q "  merge-b: job $merge_b (abtool-merge-b): COMPLETED 1" "$work/status.log"

# A chain whose record task 1 meets a broken compiler: its job fails, so the merge is never run
# (cancelled: its dependency can never be met), and the failure is in that task's log.
mkdir -p "$work/bin"
cat > "$work/bin/g++-broken-on-task-1" <<'SH'
#!/bin/sh
if [ "${SLURM_ARRAY_TASK_ID:-}" = 1 ]; then echo "g++-broken-on-task-1: this node's compiler is broken" >&2; exit 1; fi
exec g++ "$@"
SH
chmod +x "$work/bin/g++-broken-on-task-1"
failing=$work/failing
env "${common[@]}" RUNS_DIR="$failing" BASELINE="host:$work/bin/g++-broken-on-task-1" CANDIDATE=host:clang++ \
  bash "$here/examples/slurm_ab.sh" submit > /dev/null
wait_for_chain
read -r _ record < <(grep '^record ' "$failing/slurm_jobs")
read -r _ merge_a < <(grep '^merge-a ' "$failing/slurm_jobs")
[[ $(scontrol show job -o "$record" | grep 'ArrayTaskId=1 ' | grep -o 'JobState=[A-Z]*') == JobState=FAILED ]]
[[ $(job_field "$merge_a" JobState) == CANCELLED ]] || { echo "slurm_real: merge-a is $(job_field "$merge_a" JobState)" >&2; exit 1; }
[[ ! -e $failing/A ]] || { echo "slurm_real: the merge ran after a failed record task" >&2; exit 1; }
grep -q "g++-broken-on-task-1: this node's compiler is broken" "$failing/slurm-record-1.log"
grep -q "slurm_ab: '.* record --shard 1/3 .*' exited 2" "$failing/slurm-record-1.log"
RUNS_DIR="$failing" bash "$here/examples/slurm_ab.sh" status | tee "$work/failing-status.log"
grep -q "    task 1 FAILED (reason .*, exit 2:0): $failing/slurm-record-1.log" "$work/failing-status.log"
grep -q "  merge-a: job $merge_a (abtool-merge-a): CANCELLED 1" "$work/failing-status.log"
grep -q "  replay: job .*: CANCELLED 1" "$work/failing-status.log"
echo "slurm_real: the failing chain stopped before its merge: record task 1 FAILED (its log says why), every later step CANCELLED"
