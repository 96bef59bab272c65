"""scripts/architecture-table makes docs/architecture.md's module tables from any Package.swift: each
target's kind and dependencies from `swift package dump-package`, its job from
docs/architecture-modules.txt. `--check` fails when the tables are stale, when a target has no job
(saying which line to add) and when a job names a target that is gone; the repository's own tables
are current."""
import importlib.machinery
import importlib.util
import sys
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
loader = importlib.machinery.SourceFileLoader("architecture_table", str(ROOT / "scripts" / "architecture-table"))
spec = importlib.util.spec_from_loader("architecture_table", loader)
table = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = table
loader.exec_module(table)

MANIFEST = {
    "name": "Sample",
    "products": [{"name": "Core", "targets": ["Core"], "type": {"library": ["automatic"]}},
                 {"name": "tool", "targets": ["tool"], "type": {"executable": None}}],
    "targets": [
        {"name": "Core", "type": "regular", "path": None, "dependencies": []},
        {"name": "CShim", "type": "regular", "path": None, "dependencies": []},
        {"name": "Store", "type": "regular", "path": None, "dependencies": [
            {"byName": ["Core", None]}, {"target": ["CShim", {"platformNames": ["linux"]}]},
            {"product": ["GRDB", "GRDB.swift", None, None]}]},
        {"name": "tool", "type": "executable", "path": None, "dependencies": [{"byName": ["Store", None]}]},
        {"name": "Helpers", "type": "regular", "path": "Tests/Helpers", "dependencies": []},
        {"name": "CoreTests", "type": "test", "path": None, "dependencies": [
            {"byName": ["Core", None]}, {"byName": ["Helpers", None]}]},
    ],
}
JOBS = "# comment\nCore: the model\nCShim: C glue\nStore: keeps `things`\ntool: the command line\n" \
       "Helpers: test helpers\nCoreTests: the model's rules\n"


@pytest.fixture
def repository(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "Sources" / "CShim" / "include").mkdir(parents=True)
    (tmp_path / "Sources" / "CShim" / "shim.c").write_text("int shim(void) { return 0; }\n")
    (tmp_path / "Sources" / "CShim" / "include" / "shim.h").write_text("int shim(void);\n")
    (tmp_path / "Sources" / "Core").mkdir(parents=True)
    (tmp_path / "Sources" / "Core" / "Core.swift").write_text("public struct Core {}\n")
    (tmp_path / "docs" / "architecture.md").write_text(
        f"# Architecture\n\nBefore.\n\n{table.BEGIN}\nold table\n{table.END}\n\nAfter.\n")
    (tmp_path / "docs" / "architecture-modules.txt").write_text(JOBS)
    (tmp_path / "dump.json").write_text(json.dumps(MANIFEST))
    return tmp_path


def run(root, *arguments):
    return table.main(["--root", str(root), "--dump", str(root / "dump.json"), *arguments])


def test_writes_the_tables_between_the_markers(repository, capsys):
    assert run(repository, "--check") == 1
    assert "not those of Package.swift" in capsys.readouterr().err
    assert run(repository) == 0
    page = (repository / "docs" / "architecture.md").read_text()
    assert page.startswith("# Architecture\n\nBefore.\n\n" + table.BEGIN) and page.endswith(table.END + "\n\nAfter.\n")
    assert "old table" not in page
    assert "| `Core` | library (product) | the model | none |" in page
    assert "| `CShim` | C library | C glue | none |" in page
    assert "| `Store` | library | keeps `things` | `Core`, `CShim` (linux only); GRDB |" in page
    assert "| `tool` | executable (product) | the command line | `Store` |" in page
    assert "| `Helpers` | test support | test helpers | none |" in page
    assert "| `CoreTests` | the model's rules | `Core`, `Helpers` |" in page
    assert run(repository, "--check") == 0


def test_a_target_without_a_job_fails_with_what_to_add(repository, capsys):
    assert run(repository) == 0
    manifest = json.loads((repository / "dump.json").read_text())
    manifest["targets"].append({"name": "WebApp", "type": "regular", "path": None, "dependencies": []})
    (repository / "dump.json").write_text(json.dumps(manifest))
    before = (repository / "docs" / "architecture.md").read_text()
    assert run(repository, "--check") == 1
    error = capsys.readouterr().err
    assert "no job in docs/architecture-modules.txt: WebApp" in error
    assert "`WebApp: what it does, in one line`" in error
    assert run(repository) == 1   # nothing is written without a job
    assert (repository / "docs" / "architecture.md").read_text() == before


def test_a_job_of_a_target_that_is_gone_fails(repository, capsys):
    with (repository / "docs" / "architecture-modules.txt").open("a") as jobs:
        jobs.write("Removed: a target that left Package.swift\n")
    assert run(repository, "--check") == 1
    assert "no longer has: Removed" in capsys.readouterr().err


def test_a_malformed_job_line_and_missing_markers_fail(repository, capsys):
    (repository / "docs" / "architecture-modules.txt").write_text(JOBS + "no colon here\n")
    assert run(repository, "--check") == 1
    assert "architecture-modules.txt:8: not `TargetName: its job`" in capsys.readouterr().err
    (repository / "docs" / "architecture-modules.txt").write_text(JOBS)
    (repository / "docs" / "architecture.md").write_text("# Architecture\n")
    assert run(repository, "--check") == 1
    assert "the markers are missing" in capsys.readouterr().err


def test_an_edited_table_fails_the_check(repository, capsys):
    assert run(repository) == 0
    page = repository / "docs" / "architecture.md"
    page.write_text(page.read_text().replace("| the model |", "| the modle |"))
    assert run(repository, "--check") == 1


def test_the_repository_tables_are_current(capsys):
    assert table.main(["--check"]) == 0, capsys.readouterr().err
