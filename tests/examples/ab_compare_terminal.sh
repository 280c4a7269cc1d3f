#!/usr/bin/env bash
# CTest ab_compare_in_a_terminal: examples/ab_compare.sh as a user runs it, in an 80-column terminal
# (script(1) gives it one). diff's table goes through tee, so diff's stdout is no terminal: the
# script tells it the terminal's width, and the table and its summary come out in 80 columns, as the
# README shows them, not in the wide layout broken mid-word by the terminal.
#   ab_compare_terminal.sh AB_COMPARE_SH WORK_DIR   (ABTOOL, OP, SHAPE_FILES, ABTOOL_EXTRA from ctest)
set -uo pipefail
ab_compare=$1 work=$2
command -v script > /dev/null || { echo "SKIP: no script(1) to give the run a terminal"; exit 77; }
rm -rf "$work" && mkdir -p "$work" || exit 1
export RUNS_DIR=$work/runs
unset COLUMNS
script -qec "stty cols 80 rows 40; bash '$ab_compare'" /dev/null > "$work/terminal.txt" 2>&1
rc=$?
# What the terminal shows: without carriage returns and colour codes.
sed -e 's/\r$//' -e 's/.*\r//' -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' "$work/terminal.txt" > "$work/shown.txt"
(( rc == 0 || rc == 1 )) || { cat "$work/shown.txt"; echo "FAIL: ab_compare.sh exited $rc"; exit 1; }
grep -q "^point  *A  *B  *speedup" "$work/shown.txt" || { cat "$work/shown.txt"; echo "FAIL: no diff table"; exit 1; }
grep -q "^geomean" "$work/shown.txt" || { cat "$work/shown.txt"; echo "FAIL: no diff summary"; exit 1; }
# From the table's header to the end of the summary: every line within 80 columns.
awk '/^point  *A  *B  *speedup/ { table = 1 } table && length($0) > 80 { print "FAIL: " length($0) " columns: " $0; wide = 1 }
     table && /^geomean/ { summary = 1 } summary && !/^(geomean|  )/ { table = 0 } END { exit wide }' "$work/shown.txt" ||
  { cat "$work/shown.txt"; exit 1; }
echo "ab_compare_in_a_terminal: PASS (diff's table and summary within 80 columns through tee)"
