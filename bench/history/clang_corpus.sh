#!/usr/bin/env bash
# A real compiler history for the history's corpus (bench/history/corpus.py): nine Clang releases
# (13, 15 to 22, as `zig c++` from PyPI's ziglang wheels 0.9.1 to 0.17.1), NIGHTS "nightlies" each
# (the same release again: identical code, a new night), replayed against one record of the host
# ops through examples/nightly.sh with instruction counts (--metric instructions): each point's
# time over its control, its instructions and its code bytes over 9 x NIGHTS builds, with the code
# each build ran (the history keeps it). The history file is what corpus.py reads.
#   usage: bench/history/clang_corpus.sh WORK_DIR [NIGHTS=3]
#   env:   ABTOOL (default build/abtool/abtool), WHEELS (a folder of ziglang wheels, else pip downloads them)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: clang_corpus.sh WORK_DIR [NIGHTS]}
nights=${2:-3}
abtool=${ABTOOL:-$root/build/abtool/abtool}
versions=(0.9.1 0.10.1.post1 0.11.0 0.12.1 0.13.0 0.14.1 0.15.2 0.16.0 0.17.1)
mkdir -p "$work/zig" "$work/builds"
for version in "${versions[@]}"; do
  target="$work/zig/$version"
  [[ -x $target/ziglang/zig ]] && continue
  if [[ -n ${WHEELS:-} ]]; then
    python3 -m pip install -q --no-deps --no-index --find-links "$WHEELS" --target "$target" "ziglang==$version"
  else
    python3 -m pip install -q --no-deps --target "$target" "ziglang==$version"
  fi
done
n=0
for version in "${versions[@]}"; do
  for ((night = 1; night <= nights; ++night)); do
    n=$((n + 1))
    mkdir -p "$work/builds/$n/bin"
    # zig c++ before 0.17 writes nothing for a source on stdin (abtool's '-x c++ -'): the wrapper
    # saves it to a file of the same name on every night, so the code does not differ by a path.
    cat > "$work/builds/$n/bin/c++" << EOF
#!/bin/sh
# night $night: zig $version
dir=\$(mktemp -d) || exit 1
for arg do
  shift
  if [ "\$arg" = - ]; then cat > "\$dir/source.cpp"; set -- "\$@" "\$dir/source.cpp"; else set -- "\$@" "\$arg"; fi
done
"$work/zig/$version/ziglang/zig" c++ "\$@"
code=\$?
rm -rf "\$dir"
exit \$code
EOF
    chmod +x "$work/builds/$n/bin/c++"
  done
done
printf 'cpu_saxpy:\n  shapes: [[65536], [262144]]\ncpu_softmax:\n  shapes: [[64, 1024], [128, 512]]\n' > "$work/shapes.yaml"
printf 'cpu_matmul:\n  shapes: [[64, 64, 64], [96, 128, 80], [128, 128, 128]]\n' >> "$work/shapes.yaml"
timing=(--warmup-ms 10 --rep-ms 60 --rounds 6)
[[ -f $work/A/meta.json ]] ||
  "$abtool" record --compiler host:g++ --shapes "$work/shapes.yaml" --out "$work/A" "${timing[@]}" --metric instructions -q
export DB=$work/clang.sqlite OUT=$work/replays BACKEND=host COMPILER=bin/c++ EXTRA="${timing[*]} --metric instructions"
set +e
bash "$root/examples/nightly.sh" "$work/A" "$work/builds"
echo "clang_corpus.sh: the history is $DB (nightly.sh exited $?)"
