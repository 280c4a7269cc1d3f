"""Two captures of one workload side by side (bench/suite_scale.sh's `capture-full` step): the default
one, whose timing loops ran each call once, and one with --full-timing (or two with it). Prints each capture's wall,
the workload's share, the timing loops shortened and the replay check, then whether both hold the
same specializations (points) and the same library picks at them; exit 1 where they differ.

  python3 bench/suite/capture_compare.py CAPTURE OTHER_CAPTURE [SUITE_ALONE_S]
"""
import json
import os
import sys


NEAR_TIE_PCT = 1.0  # a tuner's next best within this of its pick: either may win the next run


def picks(capture):
    """point id -> (the library's pick: config text, None for a kernel without a tuner's choice;
    how much slower its tuner found the next best config, %, None where it did not time them)."""
    found = {}
    ops = os.path.join(capture, "ops")
    for op in sorted(os.listdir(ops)):
        with open(os.path.join(ops, op, "cases.json")) as handle:
            for point, case in json.load(handle)["cases"].items():
                found[point] = (case.get("library_choice"), case.get("library_margin_pct"))
    return found


def margin(value):
    return "not timed" if value is None else f"next best +{value:.2f}%"


def near_tie(*margins):
    return any(m is not None and m < NEAR_TIE_PCT for m in margins)


def main():
    short, full = sys.argv[1], sys.argv[2]
    alone = float(sys.argv[3]) if len(sys.argv) > 3 else None
    for capture in (short, full):
        with open(os.path.join(capture, "capture.json")) as handle:
            manifest = json.load(handle)
        name = os.path.basename(os.path.normpath(capture))
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
    both = set(a) & set(b)
    other_pick = sorted(p for p in both if a[p][0] != b[p][0])
    ties = sum(1 for p in other_pick if near_tie(a[p][1], b[p][1]))
    timed = [p for p in both if a[p][1] is not None]
    print(f"specializations: {len(a)} and {len(b)}; only in the first {len(only_short)}, only in the second {len(only_full)}; "
          f"library picks that differ {len(other_pick)} of {len(both)}, {ties} of them where a tuner's next best was "
          f"within {NEAR_TIE_PCT:g}% of its pick (near ties: {sum(1 for p in timed if near_tie(a[p][1]))} of the "
          f"{len(timed)} points the first capture's tuners timed)")
    for point in only_short:  # every one: a difference is what this comparison is for
        print(f"    only in the first: {point}")
    for point in only_full:
        print(f"    only in the second: {point}")
    for point in other_pick:
        print(f"    pick differs at {point}: {a[point][0]} ({margin(a[point][1])}) / {b[point][0]} ({margin(b[point][1])})")
    return 1 if only_short or only_full or other_pick else 0


if __name__ == "__main__":
    sys.exit(main())
