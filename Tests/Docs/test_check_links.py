"""scripts/check_links.py finds what it must: a missing file, a missing anchor, a link out of the
repository; and passes what it must: headings' anchors (GitHub's slugs), explicit anchors, web
addresses, links inside code. Then the repository's own Markdown has no dead link."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_links", ROOT / "scripts" / "check_links.py")
check_links = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_links)


@pytest.fixture
def repository(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text(
        "# A guide\n\n## Tables and paging: `offset`\n\n## Tables and paging: `offset`\n\n<a id=\"custom\"></a>\n")
    (tmp_path / "CONTRIBUTING.md").write_text("# Contributing\n")
    return tmp_path


def problems(root, text):
    (root / "README.md").write_text(text)
    return check_links.check(root)


def test_good_links_pass(repository):
    assert problems(repository, "\n".join([
        "[guide](docs/guide.md) [part](docs/guide.md#tables-and-paging-offset)",
        "[again](docs/guide.md#tables-and-paging-offset-1) [custom](docs/guide.md#custom)",
        "[web](https://example.com/x) [self](#read-me) ![folder](docs)",
        "# Read me",
        "`[not a link](nowhere.md)`",
        "```", "[inside a fence](nowhere.md)", "```",
    ])) == []


@pytest.mark.parametrize("link,reason", [
    ("[gone](docs/missing.md)", "no such file"),
    ("[anchor](docs/guide.md#no-such-part)", "no heading or anchor #no-such-part"),
    ("[outside](../shared/spec/PROTOCOL.md)", "outside the repository"),
    ("![picture](docs/images/missing.png)", "no such file"),
    ("[self](#nothing-here)", "no heading or anchor #nothing-here"),
    ('<img src="docs/nothing.png">', "no such file"),
    ("[ref]: docs/nothing.md", "no such file"),
])
def test_dead_links_fail(repository, link, reason):
    found = problems(repository, link + "\n")
    assert len(found) == 1 and reason in found[0], found


def test_the_repository_has_no_dead_link():
    assert check_links.check(ROOT) == []
