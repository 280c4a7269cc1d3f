#!/usr/bin/env bash
# Reads a CMake/make build's output on stdin and shows where it is: on a terminal one line that
# rewrites itself ("building 42%: engine/src/run_execute.cpp"), elsewhere a line at every 10%;
# compiler errors pass through as they come. Exits with the build's status when piped after it
# under `set -o pipefail`, and 0 itself.
set -uo pipefail
interactive=0
[[ -t 2 ]] && interactive=1
shown=-10
while IFS= read -r line; do
  if [[ $line =~ ^\[\ *([0-9]+)%\]\ (Building|Linking)\ [A-Za-z+]+\ (object|executable|static\ library|shared\ library)\ (.*)$ ]]; then
    percent=${BASH_REMATCH[1]}
    what=${BASH_REMATCH[4]}
    what=${what#*CMakeFiles/*.dir/}
    what=${what%.o}
    if (( interactive )); then
      width=${COLUMNS:-80}
      text="bootstrap: building ${percent}%: $what"
      printf '\r\033[2K%s' "${text:0:$((width - 1))}" >&2
    elif (( percent >= shown + 10 )); then
      shown=$percent
      echo "bootstrap: building ${percent}%" >&2
    fi
  elif [[ $line == *error:* || $line == *Error\ * ]]; then
    (( interactive )) && printf '\r\033[2K' >&2
    echo "$line" >&2
  fi
done
(( interactive )) && printf '\r\033[2K' >&2
exit 0
