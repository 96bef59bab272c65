#!/usr/bin/env python3
"""Checks every fixture, normalised by `xpedite normalize`, against `xpedite schema`.

Usage: check_schema.py XPEDITE_BINARY FIXTURE_DIR

The schema describes the canonical new dialect, so each fixture is first normalised (old-dialect
forms rewritten) and then validated with Python's jsonschema (draft 2020-12). Prints one line per
failure and a closing "N passed, N failed" line; exits 1 on any failure.

When FIXTURE_DIR has a sibling `notify` folder, its valid payloads (`notify/valid`) are checked as
they are against `xpedite notify schema`, and its valid response objects (`notify/responses/valid`)
against `xpedite notify schema --document response`.
"""
import json
import pathlib
import subprocess
import sys

import jsonschema


def where(error) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


def check_notify(binary: str, folder: pathlib.Path, document: str) -> tuple[int, int]:
    """Checks the notification fixtures of `folder` as they are against the notify schema."""
    output = subprocess.run([binary, "notify", "schema", "--document", document],
                            check=True, capture_output=True, text=True).stdout
    schema = json.loads(output)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    passed = failed = 0
    for path in sorted(folder.glob("*.json")):
        errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.absolute_path))
        if errors:
            failed += 1
            for error in errors[:5]:
                print(f"notify/{path.name}: {where(error)}: {error.message[:200]}")
        else:
            passed += 1
    print(f"notify {document} schema: {passed} passed, {failed} failed")
    return passed, failed


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
                print(f"{path.name}: {where(error)}: {error.message[:200]}")
        else:
            passed += 1
    print(f"schema: {passed} passed, {failed} failed")
    notify = folder.parent / "notify"
    for subfolder, document in [(notify / "valid", "payload"), (notify / "responses" / "valid", "response")]:
        if subfolder.is_dir():
            notify_passed, notify_failed = check_notify(binary, subfolder, document)
            failed += notify_failed
            if not notify_passed:
                failed += 1
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
