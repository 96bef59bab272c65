#!/usr/bin/env python3
"""Lists every `import` of a target's Swift files that its entry in Package.swift does not declare,
and fails when there is one (issue 27: a module that builds only because another target happened
to build it first).

Reads `swift package dump-package` (the manifest as SwiftPM reads it): a target may import itself,
the targets and products it names, and the toolchain's own modules. Usage:
`scripts/check_imports.py [PACKAGE-DIRECTORY]` (SCRATCH names another scratch path).
"""
import json, os, re, subprocess, sys

TOOLCHAIN = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Darwin", "Musl",
             "Synchronization", "Testing", "XCTest", "os", "_Concurrency", "Observation", "RegexBuilder", "Android",
             "WinSDK", "CoreFoundation", "Combine", "SwiftUI", "UIKit", "AppKit"}

# The targets of a screen-only server: none of them may depend on XpediteNotify, even indirectly.
SCREEN_SERVER_TARGETS = ["XpediteServer", "XpediteServerSQLite", "XpediteServerPostgres", "XpeditePostgresSupport"]


def main() -> int:
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    manifest = json.loads(subprocess.check_output(["swift", "package", "--package-path", root, "--scratch-path", os.environ.get("SCRATCH", os.path.join(root, ".build")), "dump-package"]))
    problems = 0
    for target in manifest["targets"]:
        if target["type"] not in ("regular", "executable", "test"):
            continue
        declared = {target["name"]}
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    declared.add(dependency[kind][0])
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
        imported = {}
        for folder, _, files in os.walk(os.path.join(root, path)):
            for name in files:
                if not name.endswith(".swift"):
                    continue
                file = os.path.join(folder, name)
                with open(file, encoding="utf-8") as handle:
                    for line in handle:
                        match = re.match(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)", line)
                        if match:
                            imported.setdefault(match.group(1), file)
        for module, file in sorted(imported.items()):
            if module not in declared and module not in TOOLCHAIN:
                print(f"{target['name']}: imports {module} ({os.path.relpath(file, root)}), not declared in Package.swift")
                problems += 1
    # Stores by product (decision 0375): a screen server's targets never reach XpediteNotify.
    targets = {target["name"]: target for target in manifest["targets"]}

    def closure(name: str) -> set:
        seen, todo = set(), [name]
        while todo:
            current = todo.pop()
            for dependency in targets.get(current, {}).get("dependencies", []):
                for kind in ("byName", "target"):
                    if kind in dependency and dependency[kind][0] in targets and dependency[kind][0] not in seen:
                        seen.add(dependency[kind][0])
                        todo.append(dependency[kind][0])
        return seen

    for name in SCREEN_SERVER_TARGETS:
        if name in targets and "XpediteNotify" in closure(name):
            print(f"{name}: depends on XpediteNotify; a screen server's stores must not (decision 0375)")
            problems += 1
    return 1 if problems else 0

if __name__ == "__main__":
    sys.exit(main())
