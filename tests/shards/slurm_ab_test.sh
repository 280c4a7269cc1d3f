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
grep -c -- "--array=0-2" "$work/sbatch.log" | grep -qx 2
grep -q -- "--dependency=afterok:1001 .* task merge-a" "$work/sbatch.log"
grep -q -- "--dependency=afterok:1003 .* task merge-b" "$work/sbatch.log"
/usr/bin/python3 "$here/tests/shards/check_chain.py" "$work/runs"
test -s "$work/runs/report.html"
