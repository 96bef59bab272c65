"""Browser tests of the simulator: real headless Chromium (Debian's chromium and
chromium-driver) driven by selenium, against `xpedite preview --demo-test-app`."""
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[2]
# The process helper the Python tests share (Tests/PythonSupport).
sys.path.insert(0, str(ROOT / "Tests" / "PythonSupport"))
import xpedite_process  # noqa: E402
XPEDITE = Path(os.environ.get("XPEDITE_BINARY", ROOT / ".build" / "debug" / "xpedite"))
OUTPUT = Path(os.environ.get("BROWSER_OUTPUT", ROOT / ".build" / "browser-screenshots"))


def find(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


# A debug build on a busy machine (two cores shared by several builds) can take a long while to
# start, more so right after a rebuild; a start that takes this long is a failure, not a race.
START_TIMEOUT = float(os.environ.get("XPEDITE_START_TIMEOUT", "180"))


def start(arguments, data, timeout):
    """Starts `xpedite ARGUMENTS --data-dir DATA`; returns (process, base URL) from its
    "Simulator on URL/" line, which is written once the port is bound (so `--port 0` is never a
    race), or (None, standard error) when the process ended or the timeout passed first."""
    try:
        process, match = xpedite_process.start([XPEDITE, *arguments, "--data-dir", data],
                                               r"Simulator on (http://\S+)/ ", timeout)
    except xpedite_process.ProcessDidNotStart as error:
        return None, error.output or str(error)
    return process, match.group(1)


stop = xpedite_process.stop


def serve(arguments, prefix, timeout=START_TIMEOUT):
    """Runs `xpedite ARGUMENTS --data-dir TMP` until the generator is closed; yields the base URL.

    With `--port 0` the child binds a free port itself and reports it: no race. A command that
    needs a port number up front passes a function of the attempt instead of a list: its start is
    tried again on a new number when another process took the port first."""
    data = tempfile.mkdtemp(prefix=prefix)
    try:
        for attempt in range(5):
            process, url = start(arguments(attempt) if callable(arguments) else arguments, data, timeout)
            if process is not None or not callable(arguments) or "already in use" not in url.lower():
                break
        if process is None:
            name = (arguments(0) if callable(arguments) else arguments)[0]
            raise RuntimeError(f"xpedite {name} did not start within {timeout:.0f} s: {url}")
        try:
            yield url
        finally:
            stop(process)
    finally:
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def server():
    """The simulator with the in-repo test app, on a free port; yields its base URL."""
    yield from serve(["preview", "--demo-test-app", "--port", "0"], "xpedite-browser-")


def make_driver(width, height, mobile=False, extra=(), prefs=None):
    """Headless Chromium; `mobile` emulates a phone's viewport (headless windows are at least
    500 px wide) with touch; `extra` are more command-line switches; `prefs` the browser's
    settings (`{"webkit.webprefs.default_font_size": 32}`: the reader's default font size)."""
    options = webdriver.ChromeOptions()
    if prefs:
        options.add_experimental_option("prefs", prefs)
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 3, "touch": True},
            "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", *extra]:
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


@pytest.fixture(scope="session")
def phone():
    """The fidelity suite's phone: `xpedite preview` pointed at the stand-in server (which also
    serves every image), in one Chromium session that every geometry and screenshot test reuses."""
    from fidelity import Phone
    from stand_in import StandIn
    stand_in = StandIn()
    arguments = ["preview", "--server", stand_in.url + "/xpedite", "--image-stand-in", stand_in.url + "/image",
                 "--port", "0"]
    try:
        for url in serve(arguments, "xpedite-fidelity-"):
            device = Phone(url, stand_in)
            try:
                yield device
            finally:
                device.quit()
    finally:
        stand_in.stop()
