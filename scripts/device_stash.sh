#!/usr/bin/env bash
# Slims build-device/ for the trip to the GPU machine (the carried tree is limited to 64 MiB) and
# back: `stash` moves object files and static libraries aside (timestamps kept, so the next build
# stays incremental) and strips the binaries; `restore` moves the objects back.
#   usage: scripts/device_stash.sh stash|restore [BUILD_DIR]
set -euo pipefail
build=${2:-build-device}
stash=${STASH_DIR:-/tmp/abtool-device-objects}
case ${1:-} in
  stash)
    mkdir -p "$stash"
    (cd "$build" && find . \( -name '*.o' -o -name '*.a' \) -print0 | tar --null -T - -cf - | tar -xf - -C "$stash" &&
       find . \( -name '*.o' -o -name '*.a' \) -delete)
    find "$build" -type f -perm -u+x -exec sh -c 'file -b "$1" | grep -q ELF && strip --strip-unneeded "$1"' _ {} \;
    du -sh "$build" ;;
  restore)
    tar -cf - -C "$stash" . | tar -xf - -C "$build"
    rm -rf "$stash" ;;
  *) echo "usage: $0 stash|restore [BUILD_DIR]" >&2; exit 2 ;;
esac
