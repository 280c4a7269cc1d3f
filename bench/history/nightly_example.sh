#!/usr/bin/env bash
# The nightly example of docs/history.md, made again: a record A of the host ops cpu_saxpy,
# cpu_softmax and cpu_matmul (shapes/smoke.yaml's smaller ones), and twelve "nightlies", each a g++
# wrapper, of which 8 to 10 compile cpu_matmul without its vectorizer (a codegen change that lasts
# three nights and is reverted). The first night sees builds 1 to 8; four nights later, 1 to 12.
# Each run's output is printed as examples/nightly.sh prints it.
#   usage: bench/history/nightly_example.sh WORK_DIR
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: nightly_example.sh WORK_DIR}
abtool=${ABTOOL:-$root/build/abtool/abtool}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 2
printf 'cpu_saxpy:\n  shapes: [[65536]]\ncpu_softmax:\n  shapes: [[64, 1024]]\ncpu_matmul:\n' > shapes.yaml
printf '  shapes: [[128, 128, 128], [32, 48, 40], [64, 64, 64]]\n' >> shapes.yaml
"$abtool" record --compiler host:g++ --shapes shapes.yaml --out runs/A --warmup-ms 5 --rep-ms 30 --rounds 4 -q > /dev/null || exit
make_build() {  # make_build N PLANTED
  mkdir -p "$2/$1/bin"
  {
    echo '#!/bin/sh'
    echo "# nightly $1"
    [[ $3 == 1 ]] && echo 'case "$*" in *matmul*) exec g++ "$@" -fno-tree-vectorize -fno-unroll-loops ;; esac'
    echo 'exec g++ "$@"'
  } > "$2/$1/bin/g++"
  chmod +x "$2/$1/bin/g++"
}
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do make_build "$n" all $((n >= 8 && n <= 10)); done
export ABTOOL=$abtool DB=runs/nightly.sqlite OUT=runs/nightly EXTRA="--warmup-ms 5 --rep-ms 30 --rounds 4"
mkdir -p nightlies
for n in 1 2 3 4 5 6 7 8; do cp -r "all/$n" nightlies/; done
echo "\$ examples/nightly.sh runs/A nightlies"
bash "$root/examples/nightly.sh" runs/A nightlies
echo "exit $?"
for n in 9 10 11 12; do cp -r "all/$n" nightlies/; done
echo "\$ examples/nightly.sh runs/A nightlies   # four nights later"
bash "$root/examples/nightly.sh" runs/A nightlies
echo "exit $?"
echo "\$ abtool history show --db runs/nightly.sqlite cpu_matmul/64x64x64/fp32"
COLUMNS=80 "$abtool" history show --db runs/nightly.sqlite cpu_matmul/64x64x64/fp32
echo "\$ abtool history list --db runs/nightly.sqlite"
"$abtool" history list --db runs/nightly.sqlite
