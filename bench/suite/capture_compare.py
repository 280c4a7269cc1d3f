"""Two captures of one workload side by side (bench/suite_scale.sh's `capture` step): the default
one, whose timing loops ran each call once, and one with --full-timing. Prints each capture's wall,
the workload's share, the timing loops shortened and the replay check, then whether both hold the
same specializations (points) and the same library picks at them; exit 1 where they differ.

  python3 bench/suite/capture_compare.py CAPTURE FULL_TIMING_CAPTURE [SUITE_ALONE_S]
"""
import json
import os
import sys


def picks(capture):
    """point id -> the library's pick (config text; None for a kernel without a tuner's choice)."""
    found = {}
    ops = os.path.join(capture, "ops")
    for op in sorted(os.listdir(ops)):
        with open(os.path.join(ops, op, "cases.json")) as handle:
            for point, case in json.load(handle)["cases"].items():
                found[point] = case.get("library_choice")
    return found


def main():
    short, full = sys.argv[1], sys.argv[2]
    alone = float(sys.argv[3]) if len(sys.argv) > 3 else None
    for name, capture in (("capture", short), ("capture --full-timing", full)):
        with open(os.path.join(capture, "capture.json")) as handle:
            manifest = json.load(handle)
        check = manifest.get("check", {})
        checked = (f"replay check {check['seconds']:.1f} s: {check['replays']} replay, {len(check['does_not_replay'])} do not"
                   if check.get("ran") else f"not replay-checked ({check.get('not_run')})")
        ratio = f", {manifest['wall_s'] / alone:.2f}x the suite alone ({alone:.1f} s)" if alone else ""
        print(f"{name:<22} workload {manifest['wall_s']:.1f} s{ratio}; {manifest['summary']['captured']} captured of "
              f"{manifest['summary']['specializations']}; loops run once: {manifest.get('shortened_timing_loops') or 'none'}; {checked}")
        for failure in check.get("does_not_replay", []):
            print(f"    does not replay  {failure['point']}: {failure['why']}")
    a, b = picks(short), picks(full)
    only_short, only_full = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    other_pick = sorted(p for p in set(a) & set(b) if a[p] != b[p])
    print(f"specializations: {len(a)} and {len(b)}; only in the first {len(only_short)}, only with --full-timing {len(only_full)}; "
          f"library picks that differ {len(other_pick)} of {len(set(a) & set(b))}")
    for point in only_short:  # every one: a difference is what this comparison is for
        print(f"    only in the first: {point}")
    for point in only_full:
        print(f"    only with --full-timing: {point}")
    for point in other_pick:
        print(f"    pick differs at {point}: {a[point]} / {b[point]}")
    return 1 if only_short or only_full or other_pick else 0


if __name__ == "__main__":
    sys.exit(main())
