"""What a finished examples/slurm_ab.sh chain must hold, for both Slurm tests (the stand-in's and the
real cluster's): a diff of every point of the two fixture ops, none MISSING or FAILED, each decided
from interleaved replays of the merged record, and merged runs that are finished and unsharded.
With --real: also that each record shard measured its own part (SLURM_ARRAY_TASK_ID reached it) and
that merge A started after every record task ended (afterok held).
  usage: check_chain.py RUNS_DIR [--real]"""
import json
import sys
from datetime import datetime

runs = sys.argv[1]
diff = json.load(open(f"{runs}/diff.json"))
points = [row["point"] for row in diff["points"]]
assert len(points) == 6, points
assert diff["counts"]["MISSING"] == 0 and diff["counts"]["FAILED"] == 0, diff["counts"]
assert all(row["in_process_pair"] for row in diff["points"]), "interleaved replays of the merged record"
for side in "AB":
    meta = json.load(open(f"{runs}/{side}/meta.json"))
    assert meta["status"] == "finished" and meta["selection"]["shard"] is None, meta["selection"]
if "--real" in sys.argv:
    ends = []
    for i in range(1, 4):  # shards count from 1
        meta = json.load(open(f"{runs}/A_shard{i}/meta.json"))
        assert meta["selection"]["shard"] == f"{i}/3", meta["selection"]
        ends.append(datetime.fromisoformat(meta["end_time"]))
    merged = datetime.fromisoformat(json.load(open(f"{runs}/A/meta.json"))["start_time"])
    assert merged >= max(ends), "merge A waited for every record task (afterok)"
print(f"slurm_ab: {len(points)} points compared from 3 + 3 shards; counts {diff['counts']}")
