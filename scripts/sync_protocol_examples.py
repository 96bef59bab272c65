#!/usr/bin/env python3
"""Writes the protocol reference's examples into its pages: every ```json block of docs/protocol
that follows a line `<!-- example: FOLDER/NAME.json -->` gets the bytes of Tests/Fixtures/FOLDER/NAME.json.

Edit the fixture, never the block: run this script after changing a fixture (or after adding a
marker followed by an empty ```json block). ReferenceExampleTests (XpediteProtocolTests) fails
when a block differs from its fixture, when a block has no marker, and when a fixture does not
validate.

Usage: scripts/sync_protocol_examples.py            rewrites the pages, printing the ones it changed
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- example: ([\w./-]+\.json) -->$")


def sync(page: Path) -> bool:
    lines = page.read_text(encoding="utf-8").split("\n")
    out, index, changed = [], 0, False
    while index < len(lines):
        line = lines[index]
        out.append(line)
        marker = MARKER.match(line)
        if marker and index + 1 < len(lines) and lines[index + 1] == "```json":
            fixture = ROOT / "Tests" / "Fixtures" / marker.group(1)
            if not fixture.is_file():
                sys.exit(f"{page.relative_to(ROOT)}: no fixture {fixture.relative_to(ROOT)}")
            end = lines.index("```", index + 2)
            body = fixture.read_text(encoding="utf-8").rstrip("\n").split("\n")
            if lines[index + 2:end] != body:
                changed = True
            out.append("```json")
            out.extend(body)
            out.append("```")
            index = end + 1
            continue
        index += 1
    if changed:
        page.write_text("\n".join(out), encoding="utf-8")
    return changed


def main() -> int:
    for page in sorted((ROOT / "docs" / "protocol").rglob("*.md")):
        if sync(page):
            print(f"updated {page.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
