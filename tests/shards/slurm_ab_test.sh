#!/usr/bin/env bash
# examples/slurm_ab.sh submit, through tests/shards/fake_sbatch: the chain of four submissions
# with their dependencies, and a merged A and B whose diff has every point. Kept beside the real
# cluster's test (slurm_real_test.sh) for what that one cannot do: it runs without root (a
# developer's machine, where slurmd cannot run jobs) and checks the exact sbatch command lines.
#   usage: tests/shards/slurm_ab_test.sh ABTOOL WORK_DIR
set -euo pipefail
abtool=$1
work=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work/bin"
cp "$here/tests/shards/fake_sbatch" "$work/bin/sbatch"
printf 'fixture_sabotage:\n  shapes: [[4096], [8192], [16384]]\nfixture_tunable:\n  shapes: [[1024], [2048], [4096]]\n' > "$work/shapes.yaml"
export PATH="$work/bin:$PATH" FAKE_SBATCH_STATE="$work/jobs" FAKE_SBATCH_LOG="$work/sbatch.log"
SHARDS=3 RUNS_DIR="$work/runs" SHAPES="$work/shapes.yaml" BASELINE=host:g++ CANDIDATE=host:clang++ ABTOOL=$abtool \
  ABTOOL_EXTRA="--ops-dir $here/tests/fixtures/ops --warmup-ms 5 --rep-ms 20 --rounds 2" \
  OP=fixture_sabotage,fixture_tunable bash "$here/examples/slurm_ab.sh" submit
cat "$work/sbatch.log"
# Two arrays of 3 tasks and two single jobs, each waiting for the one before.
grep -c -- "--array=1-3" "$work/sbatch.log" | grep -qx 2
grep -q -- "--dependency=afterok:1001 .* task merge-a" "$work/sbatch.log"
grep -q -- "--dependency=afterok:1003 .* task merge-b" "$work/sbatch.log"
/usr/bin/python3 "$here/tests/shards/check_chain.py" "$work/runs"
test -s "$work/runs/report.html"

# Refusals that name their cause (exit 2): SHARDS not a number, status where Slurm's scontrol is not.
for shards in abc 0 -1; do
  rc=0; SHARDS=$shards bash "$here/examples/slurm_ab.sh" local > /dev/null 2> "$work/shards.err" || rc=$?
  [[ $rc == 2 ]] && grep -q "slurm_ab: SHARDS must be a whole number from 1 to 99999, not '$shards'" "$work/shards.err" \
    || { echo "slurm_ab_test: SHARDS=$shards gave exit $rc: $(cat "$work/shards.err")" >&2; exit 1; }
done
mkdir -p "$work/no-slurm" && ln -sf "$(command -v dirname)" "$work/no-slurm/dirname"
rc=0; PATH="$work/no-slurm" RUNS_DIR="$work/runs" /bin/bash "$here/examples/slurm_ab.sh" status > /dev/null 2> "$work/status.err" || rc=$?
[[ $rc == 2 ]] && grep -q "scontrol, which is not on PATH" "$work/status.err" \
  || { echo "slurm_ab_test: status without scontrol gave exit $rc: $(cat "$work/status.err")" >&2; exit 1; }
echo "slurm_ab_test: SHARDS=abc, 0, -1 and status without scontrol each refused with exit 2 and their cause"
