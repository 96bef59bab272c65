"""The protocol reference's pictures (docs/protocol/images/NAME.png) are what the simulator draws
for its examples (Tests/Fixtures/protocol/NAME.json): each picture shown in docs/protocol is drawn
again on an iPhone 16 in light appearance, cut below the last row that is not background, and
compared with the committed file with the screenshot suite's tolerance. `scripts/update-screenshots`
(XPEDITE_UPDATE_SCREENSHOTS=1) writes them again; a mismatch leaves the picture taken and a
difference image in .build/browser-screenshots/protocol/."""
import io
import re

import pytest
from PIL import Image

from conftest import OUTPUT, ROOT
from fidelity import FIXTURES, load
from test_screenshots import PIXEL_SHARE, UPDATE, difference, save, save_golden

REFERENCE = ROOT / "docs" / "protocol"
PICTURES = REFERENCE / "images"
EXAMPLES = FIXTURES / "protocol"
DEVICE = "iPhone 16"
# Below the content a picture keeps this much background, and is never shorter than this.
MARGIN = 16
MINIMUM_HEIGHT = 120
# The phone's rounded corners, in points from each side.
CORNER = 32


def shown():
    """The pictures the reference shows, by name (images/NAME.png)."""
    names = set()
    for page in REFERENCE.rglob("*.md"):
        names.update(re.findall(r"\]\((?:\.\./)*images/([\w-]+)\.png\)", page.read_text()))
    return sorted(names)


def cropped(image):
    """The picture down to its last row that differs from the background (the bottom row's
    middle; the phone's rounded corners are left out of the comparison), plus a margin."""
    width, height = image.size
    pixels = image.load()
    background = pixels[width // 2, height - 1]
    last = 0
    for y in range(height - 1, -1, -1):
        if any(pixels[x, y] != background for x in range(CORNER, width - CORNER, 3)):
            last = y
            break
    return image.crop((0, 0, width, min(height, max(MINIMUM_HEIGHT, last + 1 + MARGIN))))


@pytest.mark.parametrize("name", shown())
def test_the_picture_is_what_the_simulator_draws(phone, name):
    example = EXAMPLES / f"{name}.json"
    assert example.exists(), f"docs/protocol shows images/{name}.png but there is no example {example}"
    phone.show(load(example), DEVICE)
    phone.set_appearance("light")
    actual = cropped(Image.open(io.BytesIO(phone.screenshot())).convert("RGB"))
    golden = PICTURES / f"{name}.png"
    if UPDATE and not golden.exists():
        save_golden(actual, golden)
        return
    assert golden.exists(), f"no picture {golden}; run scripts/update-screenshots"
    expected = Image.open(golden).convert("RGB")
    share, picture = (1.0, None) if expected.size != actual.size else difference(actual, expected)
    if share <= PIXEL_SHARE:
        return
    if UPDATE:
        save_golden(actual, golden)
        return
    review = OUTPUT / "protocol"
    save(actual, review / f"{name}.actual.png")
    if picture is not None:
        save(picture, review / f"{name}.diff.png")
    pytest.fail(f"images/{name}.png: {share:.2%} of the pixels differ (tolerance {PIXEL_SHARE:.2%}); "
                f"see {review}/, and run scripts/update-screenshots if the change is meant")


def test_every_picture_is_shown_and_small():
    files = {path.stem for path in PICTURES.glob("*.png")}
    assert files == set(shown()), f"not shown: {sorted(files - set(shown()))}; missing: {sorted(set(shown()) - files)}"
    assert sum(path.stat().st_size for path in PICTURES.glob("*.png")) < 400_000, "the pictures stay small"
