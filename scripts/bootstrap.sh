#!/usr/bin/env bash
# Installs what abtool needs from Debian's packages (only what is missing), then configures and
# builds it in build/. Used by scripts/main.sh and scripts/test.sh; safe to run again.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages=(cmake make g++ clang git libcli11-dev libyaml-cpp-dev nlohmann-json3-dev libsqlite3-dev
          libboost-dev libboost-filesystem-dev libfmt-dev libdtl-dev libgtest-dev libmuparser-dev zlib1g-dev libssl-dev python3-venv
          python3-jsonschema chromium chromium-driver python3-selenium valgrind)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if (( ${#missing[@]} )); then
  echo "bootstrap: installing ${missing[*]}"
  sudo_cmd=()
  (( EUID == 0 )) || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" > /dev/null
fi

# Triton from PyPI, the GPU machine's version, in a venv of the build: the Triton backend's compile
# and IR tests run with it (Triton compiles for sm_90 without a GPU), and the capture shim's tests,
# with numpy as torch brings it to a workload. Without network they skip.
venv="$root/build/triton-venv"
if [[ ${ABTOOL_SKIP_TRITON:-0} != 1 ]] && ! "$venv/bin/python3" -c "import triton, numpy" 2> /dev/null; then
  echo "bootstrap: installing triton==3.6.0 and numpy==2.4.6 into $venv"
  { python3 -m venv "$venv" && "$venv/bin/python3" -m pip install -q triton==3.6.0 numpy==2.4.6; } > "$root/build-triton.log" 2>&1 ||
    echo "bootstrap: WARNING: could not install Triton (see build-triton.log); its tests will skip"
fi

cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${ABTOOL_CMAKE_ARGS:-} > "$root/build.log" 2>&1 ||
  { cat "$root/build.log"; exit 1; }
cmake --build "$root/build" -j "$(nproc)" >> "$root/build.log" 2>&1 || { tail -50 "$root/build.log"; exit 1; }
echo "bootstrap: built $root/build/abtool/abtool"
