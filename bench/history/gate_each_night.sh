#!/usr/bin/env bash
# The gate as each night of a finished nightly history saw it: the history cut after night N (a
# copy whose later builds are removed) judged by this abtool, for N = 2 .. the last. For a history
# measured once (bench/history/gpu_nightly.sh on the GPU machine) judged again by a newer gate.
#   usage: [ABTOOL=...] bench/history/gate_each_night.sh NIGHTLY.sqlite
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
abtool=${ABTOOL:-$root/build/abtool/abtool}
db=${1:?usage: gate_each_night.sh NIGHTLY.sqlite}
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
nights=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from builds').fetchone()[0])" "$db")
for ((n = 2; n <= nights; ++n)); do
  python3 - "$db" "$work/cut.sqlite" "$n" <<'PY'
import shutil, sqlite3, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
shutil.copyfile(src, dst)
c = sqlite3.connect(dst)
later = "select id from builds order by order_value limit -1 offset ?"
runs = f"select id from runs where build in ({later})"
c.execute(f"delete from observations where run in ({runs})", (n,))
c.execute(f"delete from outcomes where run in ({runs})", (n,))
c.execute(f"delete from runs where build in ({later})", (n,))
c.execute(f"delete from builds where id in ({later})", (n,))
c.commit()
PY
  out=$("$abtool" history gate --db "$work/cut.sqlite" 2>&1)
  echo "night $n: gate exit $?"
  grep -E "^abtool history gate: (regression|FAILED)|^abtool history gate: $n:" <<< "$out"
done
