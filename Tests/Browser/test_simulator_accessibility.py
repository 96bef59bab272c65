"""The simulator's own chrome (issue 30, docs/accessibility.md#the-simulator): axe-core (WCAG 2.1
A and AA, and best practices) finds no critical or serious violation on the simulator's page at
desktop size, in light and in dark (`prefers-color-scheme`): the tools (app switch, device picker,
rotation, offline, appearance, Reconnect, Clear caches), the phone frame and the packet inspector
with an exchange opened (its JSON and curl), an exchange with issues, the notification app in the
phone frame with its HTTP calls, and the message shown when that app cannot be. The phone's
screen inside the frame is the web app, audited on its own by test_web_accessibility.py: axe is
told not to go into frames here (`iframes: false`), but still checks that the frame is named."""
import pytest
from selenium.webdriver.common.by import By

from accessibility import APPEARANCES, OPTIONS, audit, describe, failing, set_appearance
from conftest import make_driver, serve
from test_demo import free_port
from test_simulator import phone_texts, texts, wait
from test_simulator_app import BrokenServer

CHROME_ONLY = dict(OPTIONS, iframes=False)
DEMO_ACCOUNT = ("demo@xpedite.dev", "demo1234")


@pytest.fixture(scope="module")
def desktop():
    driver = make_driver(1440, 1000)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def broken_preview():
    broken = BrokenServer()
    try:
        yield from serve(["preview", "--server", broken.url, "--port", "0"], "xpedite-preview-broken-")
    finally:
        broken.close()


@pytest.fixture(scope="module")
def demo():
    yield from serve(lambda attempt: ["demo", "--port", str(free_port()), "--customers", "60"],
                     "xpedite-simulator-a11y-")


def in_frame(driver, seen):
    """Whether `seen(driver)` holds inside the phone's frame (the driver goes back out)."""
    try:
        driver.switch_to.frame(driver.find_element(By.ID, "app-frame"))
        return seen(driver)
    finally:
        driver.switch_to.default_content()


def open_packet(driver, selector):
    """Opens the exchange `selector` in the inspector and waits for its JSON."""
    item = wait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, selector))
    item.find_element(By.TAG_NAME, "summary").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "details[open] .x-json"))


def the_test_app(driver, urls):
    driver.get(urls["preview"] + "/")
    wait(driver, 30).until(lambda d: in_frame(d, lambda f: "Hello from the test app" in texts(f)))
    open_packet(driver, "#inspector .x-packet")


def a_packet_with_issues(driver, urls):
    driver.get(urls["broken"] + "/")
    wait(driver, 30).until(lambda d: in_frame(d, lambda f: "A fine label" in texts(f)))
    open_packet(driver, "#inspector .x-packet.x-issues")


def open_demo(driver, urls):
    """The demo in the simulator, the Xpedite app chosen (the switch's choice is kept for the tab)."""
    driver.get(urls["demo"] + "/")
    driver.execute_script("sessionStorage.removeItem('xpedite-app')")
    driver.get(urls["demo"] + "/")


def the_notification_app(driver, urls):
    open_demo(driver, urls)
    wait(driver, 30).until(lambda d: "Demo account: demo@xpedite.dev / demo1234" in phone_texts(d))
    driver.find_element(By.CSS_SELECTOR, ".x-app-switch [data-app='notify']").click()
    # A sign-in and a refused one made by the frame's own fetch, as the app's are: the inspector
    # lists both (one failed).
    driver.switch_to.frame(wait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#notify-screen iframe")))
    try:
        wait(driver, 30).until(lambda d: d.find_elements(By.ID, "username"))
        driver.execute_async_script("""
const done = arguments[arguments.length - 1];
const login = (body) => fetch('/notify/v1/device/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                                          body: JSON.stringify(body)}).then((r) => r.text());
login({username: arguments[0], password: arguments[1], deviceId: 'a11y', deviceName: 'Audit', platform: 'web'})
  .then(() => login({username: arguments[0]})).then(() => done(), (e) => done(String(e)));""", *DEMO_ACCOUNT)
    finally:
        driver.switch_to.default_content()
    wait(driver, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#notify-calls .x-packet.x-failed")) == 1)
    open_packet(driver, "#notify-calls .x-packet.x-failed")


def no_notification_app(driver, urls):
    open_demo(driver, urls)
    wait(driver, 30).until(lambda d: "Demo account: demo@xpedite.dev / demo1234" in phone_texts(d))
    driver.execute_script("document.body.dataset.notifyApp = '/no-such-app/'")
    driver.find_element(By.CSS_SELECTOR, ".x-app-switch [data-app='notify']").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#notify-screen .x-notify-message"))


SCREENS = {
    "test-app-exchange-opened": the_test_app,
    "exchange-with-issues": a_packet_with_issues,
    "notification-app-calls": the_notification_app,
    "no-notification-app": no_notification_app,
}


@pytest.fixture(scope="module")
def urls(server, broken_preview, demo):
    return {"preview": server, "broken": broken_preview, "demo": demo}


@pytest.mark.parametrize("appearance", APPEARANCES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_axe_finds_no_critical_or_serious_violation(desktop, urls, screen, appearance):
    set_appearance(desktop, appearance)
    SCREENS[screen](desktop, urls)
    bad = failing(audit(desktop, options=CHROME_ONLY))
    assert not bad, f"the simulator: {screen} ({appearance}): {len(bad)} critical or serious violation(s):\n{describe(bad)}"
    structure = desktop.execute_script("""
const visible = (e) => e.getClientRects().length > 0;
return [Array.from(document.querySelectorAll('main')).filter(visible).length,
        Array.from(document.querySelectorAll('h1')).filter(visible).length];""")
    assert structure == [1, 1], f"the simulator: {screen}: [main landmarks, h1] = {structure}"
