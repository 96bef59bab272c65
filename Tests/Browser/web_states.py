"""Writes the engine states the web renderer's tests draw (Tests/Fixtures/web-states): for every
screen of Tests/Fixtures/valid that the simulator can draw, the state the reference engine
(`xpedite client URL --dump json`) holds after showing it, served by the fidelity suite's
stand-in server (which answers the screen's tables, menus and web views). Every screen is taken
on an iPhone 16; the screens of the screenshot suite also on an iPhone SE. A screen with images
takes the frames of the layout oracle (`xpedite layout`) with every image 600x300, as the stand-in
draws them: the engine cannot load the fixtures' example image URLs here.

    scripts/update-web-states            # all of them
    scripts/update-web-states n-font     # those whose name contains a word
"""
import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, XPEDITE
from fidelity import DEVICES, VALID, drawable_fixtures, image_keys, load, oracle
from stand_in import StandIn

STATES = ROOT / "Tests" / "Fixtures" / "web-states"
SCREENSHOT_SCREENS = ROOT / "Tests" / "Fixtures" / "web-screenshots" / "screens.txt"
SLUGS = {"iPhone SE": "iphone-se", "iPhone 16": "iphone-16"}


def screenshot_screens():
    lines = SCREENSHOT_SCREENS.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def cases():
    """(fixture name, device) of every state, in a stable order."""
    pictured = screenshot_screens()
    result = []
    for name in drawable_fixtures():
        result.append((name, "iPhone 16"))
        if name in pictured:
            result.append((name, "iPhone SE"))
    return result


def state_path(name, device):
    return STATES / f"{name.removesuffix('.json')}.{SLUGS[device]}.json"


def dump(stand_in, name, device):
    """The engine's state after connecting to the stand-in showing the fixture `name`."""
    stand_in.screen = load(VALID / name)
    stand_in.reset()
    width, height = DEVICES[device]
    result = subprocess.run([str(XPEDITE), "client", stand_in.url + "/xpedite", "--bounds", f"(0.0, 0.0, {width}.0, {height}.0)",
                             "--dump", "json"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"xpedite client for {name} on {device} exited {result.returncode}: {result.stderr}")
    return json.loads(result.stdout)


def main(words):
    STATES.mkdir(parents=True, exist_ok=True)
    stand_in = StandIn()
    try:
        for name, device in cases():
            if words and not any(word in name for word in words):
                continue
            state = dump(stand_in, name, device)
            # The fixtures' images are example URLs the engine cannot load here, so it lays them
            # out without their sizes; the simulator's engine loads them from the stand-in (every
            # image 600×300). Those screens take the frames the layout oracle gives with those
            # sizes: the frames the engine holds once its images are in.
            if image_keys(load(VALID / name)):
                state["frames"] = oracle(VALID / name, device)
            state_path(name, device).write_text(json.dumps(state, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
            print(f"{state_path(name, device).relative_to(ROOT)}")
    finally:
        stand_in.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
