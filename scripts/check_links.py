#!/usr/bin/env python3
"""Checks every link and image of the repository's Markdown (every tracked .md file: README.md,
CONTRIBUTING.md, docs/**, the fixtures' indexes, the DocC catalogs), and every citation of the
repository's docs in its other files.

A relative link must name a file or folder inside the repository (never outside it, such as a
sibling folder of the clone), and its #anchor must be a heading of the Markdown file it names
(GitHub's slugs) or an explicit <a id="…"> / <a name="…">. A link to an anchor alone (#part) is checked against its own
file. Links to web addresses (http, https, mailto) are not fetched: the check runs offline.
Code blocks and `code spans` are not links and are skipped.

Citations: the repository carries its own reference, so no tracked text file may name the source
documents outside it (the protocol, design and notification-API specifications by their file
names, the folder of seed documents, or any path through the parent folder to them), nor cite a
bare section sign (U+00A7) other than an RFC's. A path `docs/….md` or `docs/….md#anchor` in any
tracked file (a source comment, a test, a script) must name an existing page and one of its
headings, as links must.

Usage: scripts/check_links.py [repository root]   (exit 0: every link and citation resolves; 1: one
line per problem, file:line: target: reason)
"""
from __future__ import annotations

import re
import subprocess
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


# The names of the documents outside the repository, spelt so that this file does not match itself.
OUTSIDE = re.compile(r"\.\./shared\b|\b(?:PROTOCOL|DESIGN|NOTIFY-API)\.md\b|\bseed[s]/")
# A section sign is a citation of an outside document unless an RFC is named before it on the line.
SECTION_SIGN = re.compile("\u00a7")
RFC_BEFORE = re.compile(r"\bRFC\s?[0-9]+\b")
# A repository-relative citation of a page of docs/, with its anchor.
DOC_CITATION = re.compile(r"(?<![\w./-])(docs/[\w./-]*?[\w-]\.md)(?:#([\w-]+))?")


def tracked_files(root: Path) -> list[Path]:
    """The files git tracks, or, outside a git checkout, every file not under a hidden or build folder."""
    try:
        listed = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True)
        names = [name for name in listed.stdout.decode("utf-8").split("\0") if name]
        if names:
            return sorted(root / name for name in names if (root / name).is_file())
    except (OSError, subprocess.CalledProcessError):
        pass
    return sorted(path for path in root.rglob("*") if path.is_file()
                  and not any(part.startswith(".") for part in path.relative_to(root).parts))


def markdown_files(root: Path) -> list[Path]:
    return [path for path in tracked_files(root) if path.suffix.lower() == ".md"]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None   # images and other binary files cite nothing


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
    problems += check_citations(root, cache)
    return problems


def check_citations(root: Path, cache: dict[Path, set[str]]) -> list[str]:
    """Names of documents outside the repository, bare section signs, and `docs/….md#anchor`
    citations that name no page or no heading, in every tracked text file."""
    problems: list[str] = []
    for path in tracked_files(root):
        text = text_of(path)
        if text is None:
            continue
        shown = path.relative_to(root)
        for number, line in enumerate(text.splitlines(), start=1):
            for match in OUTSIDE.finditer(line):
                problems.append(f"{shown}:{number}: {match.group(0)}: names a document outside the repository;"
                                " cite the repository's own docs (docs/protocol/, docs/notify-api.md, docs/architecture.md)")
            for match in SECTION_SIGN.finditer(line):
                if not RFC_BEFORE.search(line, 0, match.start()):
                    problems.append(f"{shown}:{number}: {line[match.start():match.start() + 8].strip()}: a bare section"
                                    " sign cites a document outside the repository; cite docs/….md#anchor instead")
            for match in DOC_CITATION.finditer(line):
                page, anchor = root / match.group(1), match.group(2)
                if not page.is_file():
                    problems.append(f"{shown}:{number}: {match.group(0)}: no such file")
                elif anchor and anchor not in anchors(page, cache):
                    problems.append(f"{shown}:{number}: {match.group(0)}: no heading or anchor #{anchor} in {match.group(1)}")
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
        print(f"check_links: {len(problems)} dead link(s) or citation(s) ({len(files)} Markdown files)", file=sys.stderr)
        return 1
    print(f"check_links: every link of {len(files)} Markdown files and every citation of the docs resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
