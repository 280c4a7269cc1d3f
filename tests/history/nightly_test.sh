#!/usr/bin/env bash
# examples/nightly.sh end to end on host ops: a record A of cpu_matmul, then builds (compiler
# wrappers, a folder of them as a nightly tree would be) replayed against it into a history. Five
# plain builds and a sixth that compiles matmul without its vectorizer: the gate fails (exit 1) and
# names matmul alone; run again, no build is replayed twice.
#   usage: tests/history/nightly_test.sh ABTOOL WORK_DIR
set -euo pipefail
abtool=$1
work=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work"
mkdir -p "$work/builds"
printf 'cpu_matmul:\n  shapes: [[64, 64, 64]]\ncpu_saxpy:\n  shapes: [[4096]]\n' > "$work/shapes.yaml"
"$abtool" record --compiler host:g++ --shapes "$work/shapes.yaml" --out "$work/A" --warmup-ms 5 --rep-ms 30 --rounds 4 -q > /dev/null
for n in 1 2 3 4 5 6; do  # nightlies named by their number: the names order them
  mkdir -p "$work/builds/$n/bin"
  {
    echo '#!/bin/sh'
    echo "# nightly $n"
    [[ $n == 6 ]] && echo 'case "$*" in *matmul*) exec g++ "$@" -fno-tree-vectorize -fno-unroll-loops ;; esac'
    echo 'exec g++ "$@"'
  } > "$work/builds/$n/bin/g++"
  chmod +x "$work/builds/$n/bin/g++"
done
export ABTOOL=$abtool DB=$work/nightly.sqlite OUT=$work/replays
set +e
bash "$here/examples/nightly.sh" "$work/A" "$work/builds" > "$work/first.log" 2>&1
first=$?
bash "$here/examples/nightly.sh" "$work/A" "$work/builds" > "$work/second.log" 2>&1
second=$?
set -e
fail() { echo "FAIL: $*"; echo "--- first run"; cat "$work/first.log"; echo "--- second run"; cat "$work/second.log"; exit 1; }
[[ $first == 1 ]] || fail "the gate after a planted build exited $first, not 1"
grep -q 'nightly.sh: 6: replaying' "$work/first.log" || fail "build 6 was not replayed"
grep -q 'regression: cpu_matmul/64x64x64/fp32' "$work/first.log" || fail "the gate did not name cpu_matmul"
grep -q 'regression: cpu_saxpy' "$work/first.log" && fail "the gate named cpu_saxpy"
[[ $second == 1 ]] || fail "the second run's gate exited $second"
[[ $(grep -c 'in the history already' "$work/second.log") == 6 ]] || fail "the second run replayed a build again"
[[ $("$abtool" history list --db "$DB" | grep -c '^[1-6] ') == 6 ]] || fail "the history does not list six builds"
echo "nightly.sh: the planted build fails the gate (exit $first), a second run replays nothing (exit $second)"
