#!/usr/bin/env bash
# The main job: build abtool, then run the reference A/B script on its embedded default
# (host ops on the smoke shapes, host:g++ as A against host:clang++ as B) and print the diff.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/bootstrap.sh" main
cd "$root"
exec bash examples/ab_compare.sh
