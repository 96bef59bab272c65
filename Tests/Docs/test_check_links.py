"""scripts/check_links.py finds what it must: a missing file, a missing anchor, a link out of the
repository, a citation of a document outside the repository, a `docs/….md#anchor` citation that
names no page or heading; and passes what it must: headings' anchors (GitHub's slugs), explicit
anchors, web addresses, links inside code, RFC sections. Then the repository's own Markdown has no
dead link and its files no dead citation."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("check_links", ROOT / "scripts" / "check_links.py")
check_links = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_links)

# The names the check refuses, assembled here so that this file does not contain them.
SPEC = "spec/" + "PROTOCOL" + ".md"
SECTION = "\u00a7"
DOCS = "docs/"   # a citation is a path under it; the test pages are made in a temporary folder


@pytest.fixture
def repository(tmp_path):
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "guide.md").write_text(
        "# A guide\n\n## Tables and paging: `offset`\n\n## Tables and paging: `offset`\n\n<a id=\"custom\"></a>\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "forms.md").write_text("# Forms\n\n## Client-side checks\n")
    (tmp_path / "CONTRIBUTING.md").write_text("# Contributing\n")
    return tmp_path


def problems(root, text):
    (root / "README.md").write_text(text)
    return check_links.check(root)


def test_good_links_pass(repository):
    assert problems(repository, "\n".join([
        "[guide](pages/guide.md) [part](pages/guide.md#tables-and-paging-offset)",
        "[again](pages/guide.md#tables-and-paging-offset-1) [custom](pages/guide.md#custom)",
        "[web](https://example.com/x) [self](#read-me) ![folder](pages)",
        "# Read me",
        "`[not a link](nowhere.md)`",
        "```", "[inside a fence](nowhere.md)", "```",
    ])) == []


@pytest.mark.parametrize("link,reason", [
    ("[gone](pages/missing.md)", "no such file"),
    ("[anchor](pages/guide.md#no-such-part)", "no heading or anchor #no-such-part"),
    ("[outside](../elsewhere/guide.md)", "outside the repository"),
    ("![picture](pages/images/missing.png)", "no such file"),
    ("[self](#nothing-here)", "no heading or anchor #nothing-here"),
    ('<img src="pages/nothing.png">', "no such file"),
    ("[ref]: pages/nothing.md", "no such file"),
])
def test_dead_links_fail(repository, link, reason):
    found = problems(repository, link + "\n")
    assert len(found) == 1 and reason in found[0], found


def source(root, text, name="Sources/Module/Thing.swift"):
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return check_links.check(root)


def test_good_citations_pass(repository):
    assert source(repository, "\n".join([
        "/// See " + DOCS + "forms.md#client-side-checks.",
        "/// The whole page: " + DOCS + "forms.md. Not a citation: mydocs/x.md, ../docs/y.md.",
        "// RFC 8291 " + SECTION + "3.4 and RFC 8188 " + SECTION + "2.2 are other standards.",
    ])) == []


@pytest.mark.parametrize("text,reason", [
    ("/// See " + SPEC + " " + SECTION + "3.5.", "outside the repository"),
    ("// (" + "../" + "shared/DESIGN" + ".md)", "outside the repository"),
    ("# " + "NOTIFY-API" + ".md routes", "outside the repository"),
    ("<!-- from the " + "seeds" + "/ folder -->", "outside the repository"),
    ("/// The layout rules (" + SECTION + "5.4).", "bare section sign"),
    ("/// See " + DOCS + "forms.md#server-side-checks.", "no heading or anchor #server-side-checks in " + DOCS + "forms.md"),
    ("/// See " + DOCS + "protocol/forms.md.", "no such file"),
])
def test_bad_citations_fail(repository, text, reason):
    found = source(repository, text + "\n")
    assert found and all(reason in line for line in found), found
    assert found[0].startswith("Sources/Module/Thing.swift:1: "), found


def test_a_planted_citation_in_markdown_and_script_fails(repository):
    (repository / "scripts").mkdir()
    (repository / "scripts" / "tool.py").write_text('"""Reads ' + SPEC + '."""\n')
    found = problems(repository, "The rules of " + SECTION + "5.4.\n")
    assert len(found) == 2, found
    assert any(line.startswith("README.md:1: ") and "bare section sign" in line for line in found), found
    assert any(line.startswith("scripts/tool.py:1: ") and "outside the repository" in line for line in found), found


def test_binary_files_are_skipped(repository):
    (repository / "docs" / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe" + SPEC.encode("utf-16"))
    assert problems(repository, "# Read me\n") == []


def test_the_repository_has_no_dead_link_or_citation():
    assert check_links.check(ROOT) == []
