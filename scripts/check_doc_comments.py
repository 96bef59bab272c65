#!/usr/bin/env python3
"""Fails when a public symbol of a library module has no documentation comment (///).

Reads the symbol graphs of the modules from the debug build that `swift build` already made
(swift-symbolgraph-extract over .build/debug/Modules: no second build, about ten seconds), and
reports every public or open symbol declared in this repository's Sources/ that has no doc
comment, as `path:line: kind Name.path`. Generated code (GENERATED) is not checked. Symbols a module only inherits (a protocol's default
implementation declared in a dependency) are not its own and are skipped.

Usage: scripts/check_doc_comments.py [--build-path .build] [MODULE…]
Exit: 0 every public symbol is documented; 1 some are not; 2 the build or the tool is missing.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = ["XpediteProtocol", "XpediteLayout", "XpediteBuilder", "XpediteServer", "XpediteClient",
             "XpediteNotify", "XpediteSimulator", "XpediteDemo", "XpediteServerSQLite", "XpediteNotifySQLite",
             "XpeditePostgresSupport", "XpediteServerPostgres", "XpediteNotifyPostgres",
             "XpediteNotifyClient", "XpediteWebApp", "XpediteNotifyWeb", "XpediteStaticFiles", "XpeditePush", "XpediteBarcode"]
# Code that swift-openapi-generator writes from openapi/notify-v1.yaml: its comments are the
# contract's descriptions, present where the contract has one (an operation, a schema, a member);
# the input and output wrappers it adds around them have none, and the contract is where the API
# is documented (docs/notify-api.md). The client's hand-written files are checked like any other.
GENERATED = ["Sources/XpediteNotifyClient/Generated/"]


def tool() -> str:
    found = shutil.which("swift-symbolgraph-extract")
    if found:
        return found
    swift = shutil.which("swift")
    if swift:
        beside = Path(swift).resolve().parent / "swift-symbolgraph-extract"
        if beside.exists():
            return str(beside)
    sys.exit("check_doc_comments: swift-symbolgraph-extract not found (it comes with the Swift toolchain)")


def target_triple() -> str:
    info = json.loads(subprocess.run(["swift", "-print-target-info"], check=True, capture_output=True, text=True).stdout)
    return info["target"]["unversionedTriple"]


def module_map_arguments(build: Path, triple: str) -> list[str]:
    """The C modules the Swift modules import (GRDB's SQLite, NIO's shims…): their module maps,
    from the checkouts and from the build's own C targets."""
    maps = list((build / "checkouts").glob("**/module.modulemap"))
    maps += [path for path in (build / triple / "debug").glob("*.build/module.modulemap")]
    arguments: list[str] = []
    for path in sorted(set(maps)):
        arguments += ["-Xcc", f"-fmodule-map-file={path}", "-Xcc", f"-I{path.parent}"]
    return arguments


def undocumented(graph: Path, sources: str) -> list[str]:
    found = []
    for symbol in json.loads(graph.read_text())["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open") or symbol.get("docComment"):
            continue
        location = symbol.get("location") or {}
        uri = location.get("uri", "")
        if not uri.startswith(sources):
            continue  # inherited from a dependency, or synthesised by the compiler
        path = uri[len("file://"):] if uri.startswith("file://") else uri
        if any(str(Path(path).relative_to(ROOT)).startswith(folder) for folder in GENERATED):
            continue
        line = location.get("position", {}).get("line", 0) + 1
        name = ".".join(symbol["pathComponents"])
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        found.append(f"{Path(path).relative_to(ROOT)}:{line}: {kind} {name}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-path", default=str(ROOT / ".build"))
    parser.add_argument("modules", nargs="*", default=LIBRARIES)
    options = parser.parse_args()
    build = Path(options.build_path).resolve()
    modules_dir = build / "debug" / "Modules"
    if not modules_dir.is_dir():
        print(f"check_doc_comments: no debug build in {build} (run swift build first)", file=sys.stderr)
        return 2
    extract, triple = tool(), target_triple()
    maps = module_map_arguments(build, triple)
    sources = (ROOT / "Sources").as_uri() + "/"
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="xpedite-symbols-") as output:
        for module in options.modules:
            result = subprocess.run([extract, "-module-name", module, "-I", str(modules_dir), "-target", triple,
                                     "-minimum-access-level", "public", "-output-dir", output, *maps],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                print(f"check_doc_comments: symbol graph of {module} failed:\n{result.stderr}", file=sys.stderr)
                return 2
        for graph in sorted(Path(output).glob("*.symbols.json")):
            problems += undocumented(graph, sources)
    for problem in sorted(set(problems)):
        print(f"{problem}: no documentation comment")
    if problems:
        print(f"check_doc_comments: {len(set(problems))} public symbol(s) without a /// comment", file=sys.stderr)
        return 1
    print(f"check_doc_comments: every public symbol of {len(options.modules)} modules is documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
