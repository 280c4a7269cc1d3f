"""The capture shim's time by phase, from a capture's capture.json (bench/RESULTS.md): the
workload's wall, the shim's own time on the workload's threads by phase, and its writer threads'
time beside them (reading snapshots to the host, hashing, writing, output rms).

  python3 bench/suite/shim_phases.py CAPTURE_DIR
"""
import json
import os
import sys


def main():
    manifest = json.load(open(os.path.join(sys.argv[1], "capture.json")))
    phases = manifest.get("shim_phases_s", {})
    print(f"workload {manifest.get('wall_s', 0):.1f} s, shim on the workload's threads {manifest.get('shim_overhead_s', 0):.1f} s")
    for name, seconds in sorted(phases.items(), key=lambda item: (item[0].startswith("writers:"), -item[1])):
        print(f"  {name:<40} {seconds:7.2f} s")


if __name__ == "__main__":
    main()
