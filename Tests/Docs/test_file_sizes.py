"""No source file is over 400 lines and `Notifier` is under 600 (issue 27, CONTRIBUTING.md#style): a file that grows past it
holds more than one concept and is split by responsibility. Generated code (the notification API
client) and vendored libraries (Leaflet) are not ours to split."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 400
EXEMPT = ("Sources/XpediteNotifyClient/Generated/", "/vendor/")
KINDS = {".swift", ".js", ".c", ".h", ".css", ".html"}


def long_files(root=ROOT, limit=LIMIT):
    found = []
    for path in sorted((root / "Sources").rglob("*")):
        relative = path.relative_to(root).as_posix()
        if not path.is_file() or path.suffix not in KINDS or any(part in relative for part in EXEMPT):
            continue
        with path.open(encoding="utf-8", errors="replace") as text:
            lines = sum(1 for _ in text)
        if lines > limit:
            found.append(f"{relative}: {lines} lines")
    return found


def test_no_source_file_is_over_the_limit():
    assert long_files() == [], f"split these files (at most {LIMIT} lines each)"


def test_the_check_finds_a_long_file(tmp_path):
    sources = tmp_path / "Sources" / "X"
    sources.mkdir(parents=True)
    (sources / "Long.swift").write_text("let x = 1\n" * (LIMIT + 1))
    (sources / "Short.swift").write_text("let x = 1\n" * LIMIT)
    generated = tmp_path / "Sources" / "XpediteNotifyClient" / "Generated"
    generated.mkdir(parents=True)
    (generated / "Client.swift").write_text("let x = 1\n" * (LIMIT + 1))
    assert long_files(tmp_path) == [f"Sources/X/Long.swift: {LIMIT + 1} lines"]


NOTIFIER_LIMIT = 600
NOTIFIER_DECLARATION = re.compile(r"^(?:public )?(?:final )?(?:class|extension) Notifier\b", re.MULTILINE)


def notifier_lines(root=ROOT):
    """The lines of every file that declares `Notifier` or extends it (decisions 0598, 0609)."""
    total = 0
    for path in sorted((root / "Sources").rglob("*.swift")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if NOTIFIER_DECLARATION.search(text):
            total += text.count("\n")
    return total


def test_notifier_keeps_only_its_own_domain():
    """Issue 27: `Notifier` under 600 lines; new concepts become types beside it."""
    assert 0 < notifier_lines() < NOTIFIER_LIMIT


def test_the_notifier_count_sees_extensions_only_of_notifier(tmp_path):
    sources = tmp_path / "Sources" / "XpediteNotify"
    sources.mkdir(parents=True)
    (sources / "Notifier.swift").write_text("public final class Notifier {\n}\n")
    (sources / "Notifier+Send.swift").write_text("extension Notifier {\n    func send() {}\n}\n")
    (sources / "NotifierX.swift").write_text("extension NotifierX {\n}\n")
    (sources / "People.swift").write_text("final class NotifyPeople {\n}\n")
    assert notifier_lines(tmp_path) == 5
