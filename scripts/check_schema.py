#!/usr/bin/env python3
"""Checks every fixture, normalised by `xpedite normalize`, against `xpedite schema`.

Usage: check_schema.py XPEDITE_BINARY FIXTURE_DIR

The schema describes the canonical new dialect, so each fixture is first normalised (old-dialect
forms rewritten) and then validated with Python's jsonschema (draft 2020-12). Prints one line per
failure and a closing "N passed, N failed" line; exits 1 on any failure.
"""
import json
import pathlib
import subprocess
import sys

import jsonschema


def main() -> int:
    binary, folder = sys.argv[1], pathlib.Path(sys.argv[2])
    schema = json.loads(subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    for path in sorted(folder.glob("*.json")):
        result = subprocess.run([binary, "normalize", str(path)], capture_output=True, text=True)
        if result.returncode != 0:
            failed += 1
            print(f"{path.name}: xpedite normalize failed: {result.stderr.strip()}")
            continue
        errors = sorted(validator.iter_errors(json.loads(result.stdout)), key=lambda e: list(e.absolute_path))
        if errors:
            failed += 1
            for error in errors[:5]:
                where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                print(f"{path.name}: {where}: {error.message[:200]}")
        else:
            passed += 1
    print(f"schema: {passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
