"""Screenshots of the documents' example screens, compared with golden PNGs.

Each screen listed in Tests/Fixtures/web-screenshots/screens.txt is drawn on an iPhone SE and an
iPhone 16, in light and dark appearance, by the web app in the simulator's phone frame, and
compared with its golden (Tests/Fixtures/web-screenshots/NAME.DEVICE.APPEARANCE.png, the web
renderer's, decision 0471) with a small tolerance for antialiasing.
docs/screens.md shows the same files. `scripts/update-screenshots` writes new goldens; on a
mismatch the test leaves the picture it took and a difference image in
.build/browser-screenshots/fidelity/ for review.
"""
import io
import os
import re

import pytest
from PIL import Image, ImageChops

from conftest import OUTPUT, ROOT
from fidelity import FIXTURES, VALID, load

# The simulator's phone is the web app (decision 0430), so its pictures are compared with the web
# renderer's goldens (decision 0412; the palette reaches 4.5:1): decision 0471.
WEB_GOLDENS = FIXTURES / "web-screenshots"
DOCS = ROOT / "docs" / "screens.md"
DEVICES = {"iPhone SE": "iphone-se", "iPhone 16": "iphone-16"}
APPEARANCES = ["light", "dark"]
UPDATE = os.environ.get("XPEDITE_UPDATE_SCREENSHOTS") == "1"
# A pixel differs when a channel differs by more than this; a picture differs when more than
# this share of its pixels do. Antialiasing noise stays far below both; a moved or restyled
# text, a changed colour or a missing component is far above.
CHANNEL_TOLERANCE = 24
PIXEL_SHARE = 0.0005


def screens():
    lines = (WEB_GOLDENS / "screens.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def golden_name(screen, device, appearance):
    return f"{screen.removesuffix('.json')}.{DEVICES[device]}.{appearance}.png"


CASES = [(screen, device) for device in DEVICES for screen in screens()]


def difference(actual, expected):
    """(share of differing pixels, a picture of them) for two RGB images of one size."""
    diff = ImageChops.difference(actual, expected)
    mask = diff.convert("L").point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0)
    changed = mask.histogram()[255]
    share = changed / (actual.width * actual.height)
    picture = Image.composite(Image.new("RGB", actual.size, (255, 0, 64)), actual.convert("L").convert("RGB"), mask)
    return share, picture


def save(image, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="PNG", optimize=True)


def save_golden(image, path):
    """A golden is stored with a palette of 256 colours (no dithering): a quarter of the bytes,
    and its difference from the picture taken stays far below the tolerance."""
    save(image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE), path)


@pytest.mark.parametrize("screen,device", CASES, ids=[f"{device}-{screen}" for screen, device in CASES])
def test_the_screen_looks_as_its_golden(phone, screen, device):
    phone.show(load(VALID / screen), device)
    failures = []
    for appearance in APPEARANCES:
        phone.set_appearance(appearance)
        actual = Image.open(io.BytesIO(phone.screenshot())).convert("RGB")
        name = golden_name(screen, device, appearance)
        golden = WEB_GOLDENS / name
        if not golden.exists():
            if UPDATE:
                save_golden(actual, golden)
                continue
            failures.append(f"{name}: no golden; run scripts/update-screenshots")
            continue
        expected = Image.open(golden).convert("RGB")
        if expected.size != actual.size:
            share, picture = 1.0, None
        else:
            share, picture = difference(actual, expected)
        if share <= PIXEL_SHARE:
            continue
        if UPDATE:
            save_golden(actual, golden)
            continue
        review = OUTPUT / "fidelity"
        save(actual, review / name.replace(".png", ".actual.png"))
        if picture is not None:
            save(picture, review / name.replace(".png", ".diff.png"))
        failures.append(f"{name}: {share:.2%} of the pixels differ (tolerance {PIXEL_SHARE:.2%}); "
                        f"see {review}/, and run scripts/update-screenshots if the change is meant")
    phone.set_appearance("light")
    assert not failures, "\n".join(failures)


def test_every_golden_belongs_to_a_listed_screen_and_shows_in_the_docs():
    expected = {golden_name(screen, device, appearance)
                for screen in screens() for device in DEVICES for appearance in APPEARANCES}
    present = {path.name for path in WEB_GOLDENS.glob("*.png")}
    assert not present - expected, f"goldens of screens no longer listed: {sorted(present - expected)}"
    for screen in screens():
        assert (VALID / screen).exists(), f"{screen} is listed in screens.txt but is not a fixture"
    shown = set(re.findall(r"web-screenshots/([\w.-]+\.png)", DOCS.read_text()))
    assert expected <= shown, f"docs/screens.md does not show {sorted(expected - shown)}"
    assert sum(path.stat().st_size for path in WEB_GOLDENS.glob("*.png")) < 400_000, "the goldens stay small"
