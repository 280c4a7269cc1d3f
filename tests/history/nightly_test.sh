#!/usr/bin/env bash
# examples/nightly.sh end to end on host ops: a record A of cpu_matmul, then builds (compiler
# wrappers, a folder of them as a nightly tree would be) replayed against it into a history. Five
# plain builds and a sixth that compiles matmul without its vectorizer: the gate fails (exit 1) and
# names matmul alone; run again, no build is replayed twice. Then what must not pass: a label that
# is no plain word (a branch name with '/', a space) stops it before anything runs (exit 2); a
# label the history holds for another compiler is refused (exit 2), not skipped; a compiler that
# answers --version and fails every compile stops it with exit 1, saying so.
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

# expect CODE LOG BUILD...: nightly.sh on those builds exits CODE, its output in LOG.
expect() {
  local want=$1 log=$2 code
  shift 2
  set +e
  bash "$here/examples/nightly.sh" "$work/A" "$@" > "$log" 2>&1
  code=$?
  set -e
  [[ $code == "$want" ]] || fail "nightly.sh $* exited $code, not $want: $(cat "$log")"
}
# Labels that cannot name a folder or a line: refused before any replay, the history unchanged.
for bad in 'feature/vec' 'two words'; do
  expect 2 "$work/bad.log" "$bad=host:g++"
  grep -q "a label is one word" "$work/bad.log" || fail "label '$bad': $(cat "$work/bad.log")"
  grep -q replaying "$work/bad.log" && fail "label '$bad' replayed something"
done
# A label of the history given to another compiler.
expect 2 "$work/reused.log" "3=host:$work/builds/6/bin/g++"
grep -q "holds another compiler under this label" "$work/reused.log" || fail "reused label: $(cat "$work/reused.log")"
# A compiler that compiles nothing: the night measured nothing and must not pass.
mkdir -p "$work/broken/7/bin"
printf '#!/bin/sh\ncase "$1" in --version) exec g++ --version ;; esac\nexit 1\n' > "$work/broken/7/bin/g++"
chmod +x "$work/broken/7/bin/g++"
expect 1 "$work/broken.log" "7=host:$work/broken/7/bin/g++"
grep -q "every point FAILED" "$work/broken.log" || fail "no word of the failed night: $(cat "$work/broken.log")"
echo "nightly.sh: the planted build fails the gate (exit $first), a second run replays nothing (exit $second);" \
  "bad and reused labels exit 2, a night that measured nothing exits 1"
