#!/usr/bin/env bash
# Runs the CI tests whose outcome involves host timing (CTest label `timing`) N times (default 5)
# with CPU hogs beside them, and prints each test's pass rate: a change to those tests or to the
# verdict rules can be checked against a noisy, loaded machine before CI meets one.
#
#   scripts/noise_check.sh [N]     HOGS=2 (busy loops beside the tests; 0: none), BUILD=build
#
# Uses the build in $BUILD (scripts/bootstrap.sh makes it when it is missing). Exit 0 when every
# run of every test passed, 1 otherwise. Each run's ctest log is kept in $BUILD/noise_check/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-5}
hogs=${HOGS:-2}
build=${BUILD:-$root/build}
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "usage: scripts/noise_check.sh [N]  (N a positive count)" >&2; exit 2; }
[[ $hogs =~ ^[0-9]+$ ]] || { echo "noise_check: HOGS must be a count, not '$hogs'" >&2; exit 2; }
[[ -x $build/abtool/abtool ]] || bash "$root/scripts/bootstrap.sh"

logs=$build/noise_check
mkdir -p "$logs"
hog_pids=()
stop_hogs() { ((${#hog_pids[@]})) && kill "${hog_pids[@]}" 2> /dev/null; hog_pids=(); }
trap stop_hogs EXIT
for ((h = 0; h < hogs; ++h)); do
  (while :; do :; done) &
  hog_pids+=($!)
done

declare -A passed failed
order=()
for ((run = 1; run <= runs; ++run)); do
  log=$logs/run$run.log
  # -V keeps each test's own output (HostSensitivity prints the verdicts it saw).
  (cd "$build" && ctest -L timing -V > "$log" 2>&1) || true
  while read -r name outcome; do
    [[ -v passed[$name] ]] || { passed[$name]=0; failed[$name]=0; order+=("$name"); }
    if [[ $outcome == Passed ]]; then passed[$name]=$((passed[$name] + 1)); else failed[$name]=$((failed[$name] + 1)); fi
  done < <(sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) [.*]+ *(Passed|\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception|Failed).*/\1 \2/p' "$log")
  grep -h "planted 5%: verdicts\|unchanged: timing verdicts" "$log" | sed "s/^[0-9]*: /run $run: /" || true
done
stop_hogs

echo
printf '%-28s %8s  (%d run(s), %d busy loop(s) beside them on %d core(s))\n' "test" "passed" "$runs" "$hogs" "$(nproc)"
status=0
for name in "${order[@]}"; do
  printf '%-28s %4d/%-3d\n' "$name" "${passed[$name]}" "$((passed[$name] + failed[$name]))"
  ((failed[$name] == 0)) || status=1
done
((${#order[@]})) || { echo "noise_check: no test labelled 'timing' ran (see $logs/run1.log)" >&2; exit 1; }
exit $status
