#!/usr/bin/env bash
# Builds abtool and runs every test (GPU tests, where there are any, skip with their reason).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/bootstrap.sh"
cd "$root/build"
ctest --output-on-failure -j "$(nproc)" "$@"
