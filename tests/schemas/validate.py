#!/usr/bin/python3
"""Validates abtool's JSON files against the documented schemas (rundir/schemas/*.schema.json).

usage: validate.py SCHEMA_DIR PATH...   (a PATH is a run directory, or a diff JSON file)
A run directory's meta.json, results.json and autotune_records/*.json are checked, each against
the schema its "schema" field names. Prints one line per file; exit 1 if any is invalid.
"""
import glob
import json
import os
import sys

import jsonschema


def main():
    schema_dir, paths = sys.argv[1], sys.argv[2:]
    schemas = {}
    for file in glob.glob(os.path.join(schema_dir, "*.schema.json")):
        with open(file) as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        schemas[schema["properties"]["schema"]["const"]] = schema  # the name files carry in "schema"
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
        failed += bool(errors)
        if not errors:
            print(f"valid   {file} ({name})")
    if not files:
        print("no files to validate")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
