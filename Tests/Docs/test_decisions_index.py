"""scripts/decisions-index writes docs/decisions/README.md from whatever decision files the folder
holds, grouped by area with number, title and status; `--check` fails when the index is stale and
when a decision file is malformed (name, heading, number, status, area, a status link to no file,
a number used twice); the repository's own index is current."""
import importlib.machinery
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
loader = importlib.machinery.SourceFileLoader("decisions_index", str(ROOT / "scripts" / "decisions-index"))
spec = importlib.util.spec_from_loader("decisions_index", loader)
decisions_index = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = decisions_index
loader.exec_module(decisions_index)


def decision(number, title, status="accepted", area="Project", text="Why, and what was chosen."):
    return f"# {number:04d}. {title}\n\n- Status: {status}\n- Area: {area}\n\n{text}\n"


@pytest.fixture
def repository(tmp_path):
    folder = tmp_path / "docs" / "decisions"
    folder.mkdir(parents=True)
    (folder / "0001-warnings-are-errors.md").write_text(decision(1, "Warnings are errors, always"))
    (folder / "0003-old-rule.md").write_text(
        decision(3, "An old rule", status="superseded by [0217](0217-new-rule.md)", area="Server SDK"))
    (folder / "0007-kept-rule.md").write_text(
        decision(7, "A rule with a `code` | pipe", status="accepted, amended by [0217](0217-new-rule.md)"))
    (folder / "0217-new-rule.md").write_text(decision(217, "The new rule", area="Server SDK"))
    return tmp_path


def run(root, *arguments):
    return decisions_index.main(["--root", str(root), *arguments])


def index_of(root):
    return (root / "docs" / "decisions" / "README.md").read_text()


def test_writes_the_index_by_area(repository, capsys):
    assert run(repository, "--check") == 1
    assert run(repository) == 0
    text = index_of(repository)
    assert text.index("## Project") < text.index("## Server SDK")
    assert "- [Project](#project) (2)\n- [Server SDK](#server-sdk) (2)" in text
    assert "| 0001 | [Warnings are errors, always](0001-warnings-are-errors.md) | accepted |" in text
    assert "| 0003 | [An old rule](0003-old-rule.md) | superseded by [0217](0217-new-rule.md) |" in text
    assert "| 0007 | [A rule with a `code` \\| pipe](0007-kept-rule.md) | accepted, amended by [0217](0217-new-rule.md) |" in text
    assert text.index("| 0003 |") < text.index("| 0217 |")
    assert run(repository, "--check") == 0


def test_a_new_decision_makes_the_index_stale(repository, capsys):
    assert run(repository) == 0
    (repository / "docs" / "decisions" / "0314-web-engine.md").write_text(
        decision(314, "The web engine reads leniently", area="Phone app (issue 26)"))
    assert run(repository, "--check") == 1
    assert "not the index of the 5 decision files" in capsys.readouterr().err
    assert run(repository) == 0
    assert "## Phone app (issue 26)" in index_of(repository)
    assert "[The web engine reads leniently](0314-web-engine.md)" in index_of(repository)


@pytest.mark.parametrize("name,text,reason", [
    ("12-short.md", decision(12, "Short"), "the name is not NNNN-short-slug.md"),
    ("0012-Capitals.md", decision(12, "Capitals"), "the name is not NNNN-short-slug.md"),
    ("0012-no-heading.md", "Title\n\n- Status: accepted\n- Area: Project\n", "the first line must be the heading"),
    ("0012-wrong-number.md", decision(13, "Wrong"), "the heading's number 0013 is not the file's 0012"),
    ("0012-no-status.md", "# 0012. No status\n\n- Area: Project\n", "no `- Status:` line"),
    ("0012-no-area.md", "# 0012. No area\n\n- Status: accepted\n", "no `- Area:` line"),
    ("0012-odd-status.md", decision(12, "Odd", status="done"), "status `done` is none of"),
    ("0012-dead-link.md", decision(12, "Dead", status="superseded by [0099](0099-nothing.md)"),
     "links 0099-nothing.md, which is no decision file"),
    ("0012-wrong-link.md", decision(12, "Wrong link", status="superseded by [0003](0217-new-rule.md)"),
     "status link [0003] points at 0217-new-rule.md"),
    ("0001-twice.md", decision(1, "Twice"), "number 0001 is also"),
])
def test_a_malformed_decision_fails_and_writes_nothing(repository, capsys, name, text, reason):
    assert run(repository) == 0
    before = index_of(repository)
    (repository / "docs" / "decisions" / name).write_text(text)
    assert run(repository, "--check") == 1
    assert reason in capsys.readouterr().err
    assert run(repository) == 1
    assert index_of(repository) == before



def test_the_repository_index_is_current(capsys):
    assert decisions_index.main(["--check"]) == 0, capsys.readouterr().err
