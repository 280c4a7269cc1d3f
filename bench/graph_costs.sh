#!/usr/bin/env bash
# What a timing round's CUDA graph costs on the host (on the GPU machine): capture, instantiate,
# upload and a first replay of k launches of a tiny kernel, against capturing them again and
# updating the executable graph in place (engine's rounds do the latter since bench/RESULTS.md's
# build 5). Prints one line per k, twice (the second is warm).
#   usage: [ARCH=sm_90] bench/graph_costs.sh [OUT_DIR]   (nvcc where it runs: or build it elsewhere and carry it)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$(mktemp -d)}
nvcc -O2 -arch="${ARCH:-sm_90}" -o "$out/graph_costs" "$here/graph_costs.cu" -lcuda
"$out/graph_costs"
