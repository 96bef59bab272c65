#!/usr/bin/env python3
"""Checks every link and image of the repository's Markdown: README.md, CONTRIBUTING.md and
docs/**/*.md (docs/protocol included).

A relative link must name a file or folder inside the repository (never outside it, such as
../shared), and its #anchor must be a heading of the Markdown file it names (GitHub's slugs) or an
explicit <a id="…"> / <a name="…">. A link to an anchor alone (#part) is checked against its own
file. Links to web addresses (http, https, mailto) are not fetched: the check runs offline.
Code blocks and `code spans` are not links and are skipped.

Usage: scripts/check_links.py [repository root]   (exit 0: every link resolves; 1: one line per
dead link, file:line: target: reason)
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

INLINE = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^()\s>]*(?:\([^()]*\)[^()\s>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
HTML_ATTRIBUTE = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*\"([^\"]*)\"", re.IGNORECASE)
EXPLICIT_ANCHOR = re.compile(r"<a\b[^>]*?\b(?:id|name)\s*=\s*\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files(root: Path) -> list[Path]:
    files = [root / "README.md", root / "CONTRIBUTING.md"]
    files += sorted((root / "docs").rglob("*.md"))
    return [path for path in files if path.is_file()]


def prose_lines(text: str):
    """The lines outside fenced code blocks, with their numbers, code spans blanked out."""
    in_fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        fence = FENCE.match(line)
        if fence:
            if in_fence is None:
                in_fence = fence.group(1)
            elif fence.group(1) == in_fence:
                in_fence = None
            continue
        if in_fence is None:
            yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"<[^>]+>", "", text)                             # inline HTML
    text = text.replace("`", "").lower()
    kept = []
    for character in text:
        category = unicodedata.category(character)
        if character in " -_" or category[0] in "LN" or category == "Mn":
            kept.append("-" if character == " " else character)
    return "".join(kept)


def anchors(path: Path, cache: dict[Path, set[str]]) -> set[str]:
    if path not in cache:
        found: set[str] = set()
        counts: dict[str, int] = {}
        text = path.read_text(encoding="utf-8")
        in_fence = None
        for line in text.splitlines():
            fence = FENCE.match(line)
            if fence:
                in_fence = fence.group(1) if in_fence is None else (None if fence.group(1) == in_fence else in_fence)
                continue
            if in_fence is not None:
                continue
            heading = HEADING.match(line)
            if heading:
                base = slug(heading.group(2))
                count = counts.get(base, 0)
                counts[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
            found.update(EXPLICIT_ANCHOR.findall(line))
        cache[path] = found
    return cache[path]


def targets(line: str):
    for match in INLINE.finditer(line):
        yield match.group(3)
    definition = REFERENCE_DEFINITION.match(line)
    if definition:
        yield definition.group(1)
    yield from HTML_ATTRIBUTE.findall(line)


def check(root: Path) -> list[str]:
    root = root.resolve()
    problems: list[str] = []
    cache: dict[Path, set[str]] = {}
    for path in markdown_files(root):
        shown = path.relative_to(root)
        for number, line in prose_lines(path.read_text(encoding="utf-8")):
            for target in targets(line):
                problem = resolve(root, path, target, cache)
                if problem:
                    problems.append(f"{shown}:{number}: {target}: {problem}")
    return problems


def resolve(root: Path, source: Path, target: str, cache: dict[Path, set[str]]) -> str | None:
    if not target:
        return "an empty link"
    if EXTERNAL.match(target):
        return None
    location, _, anchor = target.partition("#")
    location = unquote(location)
    if location.startswith("/"):
        return "an absolute path (links are relative to the file)"
    file = (source.parent / location).resolve() if location else source
    if file != root and root not in file.parents:
        return "outside the repository (a fresh clone has nothing there)"
    if not file.exists():
        return "no such file"
    if anchor:
        if file.is_dir() or file.suffix.lower() != ".md":
            return "an anchor into something that is not a Markdown file"
        if unquote(anchor) not in anchors(file, cache):
            return f"no heading or anchor #{anchor} in {file.relative_to(root)}"
    return None


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent
    files = markdown_files(root.resolve())
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_links: {len(problems)} dead link(s) in {len(files)} Markdown files", file=sys.stderr)
        return 1
    print(f"check_links: every link of {len(files)} Markdown files resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
