#!/usr/bin/python3
"""Validates abtool's JSON files against the documented schemas (rundir/schemas/*.schema.json).

usage: validate.py SCHEMA_DIR PATH...   (a PATH is a run directory, or a diff JSON file)
A run directory's meta.json, results.json and autotune_records/*.json are checked, each against
the schema its "schema" field names, and every samples record results.json names is read from
its samples sidecar as rundir/schemas/samples.md describes it. Prints one line per file; exit 1
if any is invalid.
"""
import glob
import json
import os
import struct
import sys
import zlib

import jsonschema


def samples_errors(results_file, document):
    """What is wrong with the samples records a results.json (abtool.results/3 or /4) names."""
    if document.get("schema") not in ("abtool.results/3", "abtool.results/4", "abtool.results/5", "abtool.results/6", "abtool.results/7"):
        return []
    path = os.path.join(os.path.dirname(results_file), document["samples"])
    with open(path, "rb") as f:
        data = f.read()
    if data[:16] != b"abtool.samples/1":
        return [f"{path}: does not start with abtool.samples/1"]
    errors = []
    for number, point in enumerate(document["points"], 1):
        for name, side in (("point", point), ("baseline", point.get("baseline")), ("retuned", point.get("retuned"))):
            if not side:
                continue
            ref = side["samples"]
            record = data[ref["at"]:ref["at"] + ref["bytes"]]
            where = f"point {number} {name} at byte {ref['at']}"
            if len(record) != ref["bytes"] or len(record) < 40:
                errors.append(f"{where}: outside the file")
                continue
            magic, crc = struct.unpack_from("<II", record)
            n, r, p, c = struct.unpack_from("<4Q", record, 8)
            if magic != 0x52534241 or zlib.crc32(record[8:]) != crc:
                errors.append(f"{where}: bad magic or checksum")
            elif 40 + 8 * (n + p + c) + (4 * r + 7) // 8 * 8 != len(record) or n != ref["n"] or r != ref["rounds"]:
                errors.append(f"{where}: counts {n}/{r}/{p}/{c} do not fit {len(record)} bytes or results.json's n/rounds")
            elif n != side["latency"]["n"] or sum(struct.unpack_from(f"<{r}i", record, 40 + 8 * n)) not in (n, 0):
                errors.append(f"{where}: the round sizes or the summary's n do not add up to the samples")
    return errors


def main():
    schema_dir, paths = sys.argv[1], sys.argv[2:]
    schemas = {}
    for file in glob.glob(os.path.join(schema_dir, "*.schema.json")):
        with open(file) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        names = schema["properties"]["schema"]  # the name(s) files carry in "schema"
        for name in names.get("enum", [names.get("const")]):
            schemas[name] = schema
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += [os.path.join(path, "meta.json"), os.path.join(path, "results.json")]
            files += sorted(glob.glob(os.path.join(path, "autotune_records", "*.json")))
        else:
            files.append(path)
    failed = 0
    for file in files:
        with open(file) as f:
            document = json.load(f)
        name = document.get("schema")
        if name not in schemas:
            print(f"INVALID {file}: schema {name!r} is not one of {sorted(schemas)}")
            failed += 1
            continue
        errors = sorted(jsonschema.Draft202012Validator(schemas[name]).iter_errors(document), key=lambda e: list(e.path))
        for error in errors[:5]:
            print(f"INVALID {file}: {'/'.join(map(str, error.path))}: {error.message}")
        if not errors and file.endswith("results.json"):
            sample_errors = samples_errors(file, document)
            for error in sample_errors[:5]:
                print(f"INVALID {file}: samples: {error}")
            errors += sample_errors
        failed += bool(errors)
        if not errors:
            print(f"valid   {file} ({name})")
    if not files:
        print("no files to validate")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
