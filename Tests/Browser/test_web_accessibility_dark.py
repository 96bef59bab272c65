"""The demo in the phone app in a dark page (issue 30, docs/accessibility.md#dark-colours-from-the-server):
the app tells the server its appearance in setConnection, the demo answers with its dark colours,
and the customer list, the dashboard and the about page have no serious or critical axe
`color-contrast` violation, with no colour changed by the app's contrast rule (the server's own
dark colours are readable). A light page tells the server "light" and gets the light theme.

Starts `xpedite demo` (XPEDITE_BINARY picks the build: it must have the appearance)."""
import pytest

from accessibility import audit, describe, failing
from conftest import make_driver
from test_demo import fill, row_texts
from test_phone_app import SIGN_IN, menu, title, demo  # noqa: F401 (demo: the module's demo server, a fixture)
from test_simulator import tap, texts, wait

# The colours the demo's setDefaults give in each appearance (Sources/XpediteDemo/Screens/DemoPalette.swift).
BACKGROUNDS = {"dark": "rgb(17, 24, 39)", "light": "rgb(247, 248, 250)"}


def phone_in(appearance):
    driver = make_driver(390, 844, mobile=True)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": appearance}]})
    return driver


@pytest.fixture
def dark_phone():
    driver = phone_in("dark")
    yield driver
    driver.quit()


@pytest.fixture
def light_phone():
    driver = phone_in("light")
    yield driver
    driver.quit()


def connection_appearance(driver):
    """The appearance the app sent in its setConnection, from the exchanges it recorded."""
    return driver.execute_script("""
const sent = window.xpedite.transport.exchanges.map(e => { try { return JSON.parse(e.request); } catch { return {}; } });
const connect = sent.find(r => r.method === 'setConnection');
return connect ? (connect.appearance ?? null) : 'no setConnection';""")


def screen_background(driver):
    return driver.execute_script("return getComputedStyle(document.querySelector('#screen .x-screen')).backgroundColor")


def sign_in(driver, demo):
    driver.get(demo.url + "/app")
    wait(driver, 30).until(lambda d: SIGN_IN in texts(d))
    fill(driver, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    fill(driver, "input[type=password]", "demo1234")
    tap(driver, "Sign in")
    wait(driver).until(lambda d: title(d) == "Customers" and len(row_texts(d)) >= 20)


def contrast_failures(driver, where):
    """The serious or critical color-contrast violations on the screen, and the elements whose
    colour the app's contrast rule changed (`data-contrast`)."""
    bad = [v for v in failing(audit(driver, "#screen")) if v["id"] == "color-contrast"]
    changed = driver.execute_script(
        "return Array.from(document.querySelectorAll('#screen [data-contrast]')).map(e => e.textContent.trim().slice(0, 40))")
    assert not bad, f"{where}: {sum(len(v['nodes']) for v in bad)} color-contrast violation(s):\n{describe(bad)}"
    assert not changed, f"{where}: the contrast rule changed the server's colours of {changed[:10]}"


def test_a_dark_page_gets_the_demos_dark_colours_and_they_are_readable(demo, dark_phone):
    sign_in(dark_phone, demo)
    assert connection_appearance(dark_phone) == "dark"
    assert screen_background(dark_phone) == BACKGROUNDS["dark"]
    contrast_failures(dark_phone, "the customer list (dark)")
    menu(dark_phone, "Dashboard")
    wait(dark_phone).until(lambda d: title(d) == "Dashboard" and any("Figures as of" in t for t in texts(d)))
    contrast_failures(dark_phone, "the dashboard (dark)")
    menu(dark_phone, "About")
    wait(dark_phone).until(lambda d: title(d) == "About")
    contrast_failures(dark_phone, "the about page (dark)")


def test_a_light_page_says_light_and_gets_the_light_theme(demo, light_phone):
    sign_in(light_phone, demo)
    assert connection_appearance(light_phone) == "light"
    assert screen_background(light_phone) == BACKGROUNDS["light"]
