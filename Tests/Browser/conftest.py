"""Browser tests of the simulator: real headless Chromium (Debian's chromium and
chromium-driver) driven by selenium, against `xpedite preview --demo-test-app`."""
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
XPEDITE = Path(os.environ.get("XPEDITE_BINARY", ROOT / ".build" / "debug" / "xpedite"))
OUTPUT = Path(os.environ.get("BROWSER_OUTPUT", ROOT / ".build" / "browser-screenshots"))


def find(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def serve(arguments, prefix, timeout=30):
    """Runs `xpedite ARGUMENTS --data-dir TMP` until the generator is closed; yields the base URL
    from its "Simulator on URL/" line."""
    data = tempfile.mkdtemp(prefix=prefix)
    process = subprocess.Popen([str(XPEDITE), *arguments, "--data-dir", data],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + timeout
        url = None
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            match = re.search(r"Simulator on (http://\S+)/ ", line)
            if match:
                url = match.group(1)
                break
            if process.poll() is not None:
                break
        if url is None:
            raise RuntimeError(f"xpedite {arguments[0]} did not start")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    """The simulator with the in-repo test app, on a free port; yields its base URL."""
    yield from serve(["preview", "--demo-test-app", "--port", "0"], "xpedite-browser-")


def make_driver(width, height, mobile=False):
    """Headless Chromium; `mobile` emulates a phone's viewport (headless windows are at least
    500 px wide) with touch."""
    options = webdriver.ChromeOptions()
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 3, "touch": True},
            "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}"]:
        options.add_argument(argument)
    options.binary_location = find("chromium", "chromium-browser", "google-chrome")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(find("chromedriver", "chromium-driver")), options=options)


@pytest.fixture
def browser():
    driver = make_driver(1500, 1350)
    yield driver
    driver.quit()


@pytest.fixture
def output():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
