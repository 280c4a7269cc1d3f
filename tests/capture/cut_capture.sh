#!/usr/bin/env bash
# CTest capture_cut (no GPU): a capture cut short keeps what it captured. The fake workload
# (tests/capture/fake_workload.py) launches its kernels through stand-ins, then waits to be
# stopped: by `--timeout`, by SIGTERM and by SIGINT sent to abtool, or it dies of SIGSEGV. Each time
# the capture directory is written, capture.json says partial and why, abtool exits 0 (the time limit
# asked for), 143, 130 or 2, and `record` takes the capture as it is, saying so (no GPU here: its
# variants compile for sm_90, their points fail).
#   cut_capture.sh ABTOOL TRITON_PYTHON WORKDIR
set -uo pipefail
abtool=$1 python=$2 work=$3
if ! "$python" -c "import triton" 2>/dev/null; then
  echo "SKIP: no Triton in $python (scripts/bootstrap.sh makes build/triton-venv)"
  exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# check NAME EXPECTED_EXIT EXIT REASON_PATTERN: the capture's files, its manifest, record's word on it.
check() {
  local name=$1 expected=$2 got=$3 reason=$4
  [[ $got == "$expected" ]] || { cat "$name.txt"; fail "$name: abtool capture exited $got, not $expected"; }
  [[ -f $name/capture.json && -f $name/shapes.yaml && -d $name/ops ]] || { ls -la; cat "$name.txt"; fail "$name: no capture kept"; }
  ls -d "$name".partial-* 2>/dev/null && fail "$name: its building folder was left behind"
  "$python" - "$name" "$reason" <<'PY' || fail "$name: capture.json"
import json, re, sys
name, reason = sys.argv[1:3]
m = json.load(open(f"{name}/capture.json"))
assert m["schema"] == "abtool.capture/2" and m["partial"] is True, (m["schema"], m["partial"])
assert re.search(reason, m["partial_reason"]), m["partial_reason"]
assert m["summary"]["captured"] == 14, m["summary"]  # every kernel the workload launched before it stopped
PY
  grep -q "the capture is partial" "$name.txt" || fail "$name: abtool capture did not say the capture is partial"
  "$abtool" record --ops-dir "$name/ops" --shapes "$name/shapes.yaml" --compiler "triton:$python" --arch sm_90 --no-cache \
    --op scale --out "$name-A" > "$name-record.txt" 2>&1
  grep -q "is partial (" "$name-A/run.log" || { cat "$name-A/run.log"; fail "$name: record did not say the capture is partial"; }
  grep -q "^scale: compiled 4 variants for sm_90 (0 failed)" "$name-A/run.log" || { cat "$name-A/run.log"; fail "$name: record did not compile it"; }
}

wait_for() { for _ in $(seq 1 600); do [[ -f $1 ]] && return 0; sleep 0.1; done; fail "the workload never got to $1"; }

# A time limit: the workload is stopped, its capture kept, exit 0.
"$abtool" capture --timeout 12 --out timed -- "$python" "$here/fake_workload.py" --then-wait timed.launched > timed.txt 2>&1
check timed 0 $? "--timeout of 12 s"

# A signal to abtool alone (the workload runs in a process group of its own): SIGTERM (a batch
# system's stop) and SIGINT are passed on to the workload's group; exit 128 + the signal.
cut_by() {
  local signal=$1 name=$2 expected=$3
  "$abtool" capture --out "$name" -- "$python" "$here/fake_workload.py" --then-wait "$name.launched" > "$name.txt" 2>&1 &
  local pid=$!
  wait_for "$name.launched"
  kill "-$signal" $pid
  wait $pid
  check "$name" "$expected" $? "stopped by SIG$signal"
}
cut_by TERM termed 143
cut_by INT inted 130

# A workload that dies: its signal named, not a missing GPU blamed; exit 2, its capture kept.
"$abtool" capture --out crashed -- "$python" "$here/fake_workload.py" --then-segv > crashed.txt 2>&1
got=$?
grep -q "this machine has no CUDA GPU, so run" crashed.txt && fail "crashed: a SIGSEGV blamed on the GPU"
check crashed 2 $got "killed by SIGSEGV"
echo "capture_cut: PASS (--timeout 0, SIGTERM 143, SIGINT 130, SIGSEGV 2: each capture kept, partial, recorded)"
