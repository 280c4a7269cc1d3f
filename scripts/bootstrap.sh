#!/usr/bin/env bash
# Installs what abtool needs from Debian's packages (only what is missing), then configures and
# builds it in build/. Safe to run again.
#   usage: scripts/bootstrap.sh [main|test]
#   main: what `abtool` and the reference A/B need (scripts/main.sh): the build's packages and
#         Valgrind (the A/B decides host verdicts from instruction counts), and only the abtool
#         binary and its helper are built.
#   test (default): also GoogleTest, jsonschema, a headless Chromium (the report's browser test),
#         Slurm and munge (the cluster recipe's test starts a real single-node cluster)
#         and Triton in build/triton-venv, Triton 3.5.1 in build/triton-venv-3.5.1 (ABTOOL_SKIP_TRITON=1 skips
#         both), Apache Otava in build/otava-venv (ABTOOL_SKIP_OTAVA=1 skips it); every target.
# The build's progress shows on the terminal (one line) or every 10% in a log; its whole output
# is in build.log.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
profile=${1:-test}
case $profile in main|test) ;; *) echo "bootstrap: unknown profile '$profile' (main or test)" >&2; exit 2 ;; esac

packages=(cmake make g++ clang git libcli11-dev libyaml-cpp-dev nlohmann-json3-dev libsqlite3-dev libjs-chart.js
          libboost-dev libboost-filesystem-dev libfmt-dev libdtl-dev libmuparser-dev zlib1g-dev libssl-dev valgrind)
[[ $profile == test ]] && packages+=(libgtest-dev python3-venv python3-jsonschema chromium chromium-driver python3-selenium
                                     slurm-wlm munge)

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
if [[ $profile == test && ${ABTOOL_SKIP_TRITON:-0} != 1 ]] && ! "$venv/bin/python3" -c "import triton, numpy" 2> /dev/null; then
  echo "bootstrap: installing triton==3.6.0 and numpy==2.4.6 into $venv"
  { python3 -m venv "$venv" && "$venv/bin/python3" -m pip install -q triton==3.6.0 numpy==2.4.6; } > "$root/build-triton.log" 2>&1 ||
    echo "bootstrap: WARNING: could not install Triton (see build-triton.log); its tests will skip"
fi
# A second Triton build, the one before it, for `abtool explain` across two builds (its passes
# differ: some are new in 3.6.0); its tests skip without it.
venv_before="$root/build/triton-venv-3.5.1"
if [[ $profile == test && ${ABTOOL_SKIP_TRITON:-0} != 1 ]] && ! "$venv_before/bin/python3" -c "import triton" 2> /dev/null; then
  echo "bootstrap: installing triton==3.5.1 into $venv_before"
  { python3 -m venv "$venv_before" && "$venv_before/bin/python3" -m pip install -q triton==3.5.1; } >> "$root/build-triton.log" 2>&1 ||
    echo "bootstrap: WARNING: could not install Triton 3.5.1 (see build-triton.log); its explain test will skip"
fi

# Apache Otava (PyPI), the change-point detector abtool's history is held against: a test runs both
# on the same series (tests/history/otava_agreement.py); it skips without it.
venv_otava="$root/build/otava-venv"
if [[ $profile == test && ${ABTOOL_SKIP_OTAVA:-0} != 1 ]] && ! "$venv_otava/bin/python3" -c "import otava.analysis" 2> /dev/null; then
  echo "bootstrap: installing apache-otava==0.8.0 into $venv_otava"
  { python3 -m venv "$venv_otava" && "$venv_otava/bin/python3" -m pip install -q apache-otava==0.8.0; } >> "$root/build-triton.log" 2>&1 ||
    echo "bootstrap: WARNING: could not install apache-otava (see build-triton.log); the agreement test will skip"
fi

# The main profile leaves tests out of the build tree; the test profile turns them back on (the
# same tree: what main built is reused).
testing=ON targets=()
[[ $profile == main ]] && testing=OFF targets=(--target abtool abtool-count-host)
echo "bootstrap: configuring build/ (log: build.log)"
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=$testing ${ABTOOL_CMAKE_ARGS:-} > "$root/build.log" 2>&1 ||
  { cat "$root/build.log"; exit 1; }
started=$SECONDS
cmake --build "$root/build" -j "$(nproc)" "${targets[@]}" 2>&1 | tee -a "$root/build.log" | "$root/scripts/build_progress.sh" ||
  { tail -50 "$root/build.log"; exit 1; }
echo "bootstrap: built $root/build/abtool/abtool ($profile, $((SECONDS - started)) s)"
