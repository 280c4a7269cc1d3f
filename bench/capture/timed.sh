# Sourced by the capture bench scripts: `timed NAME COMMAND...` runs the command with its output in
# $out/NAME.log and appends its exit code and wall seconds to $out/times.txt (and prints that row).
timed() {
  local name=$1; shift
  local start=$(date +%s.%N)
  "$@" > "$out/$name.log" 2>&1; local code=$?
  "$python" -c "import sys; print(f'{sys.argv[1]:<22} exit {int(sys.argv[2]):3d} {float(sys.argv[4]) - float(sys.argv[3]):8.1f} s')" \
    "$name" "$code" "$start" "$(date +%s.%N)" | tee -a "$out/times.txt"
  return $code
}
