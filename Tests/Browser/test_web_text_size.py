"""The phone app's text at 200 % (issue 30, docs/accessibility.md#text-that-grows), two ways:

- the browser's zoom: headless Chromium zoomed to 200 % on a 390 × 844 phone lays the page out in
  a 195 × 422 CSS-pixel window with twice the device pixels, as the browser's zoom does;
- the browser's default font size set to 32 pixels (twice the web's 16) on a 390 × 844 phone: the
  app zooms its screen by 2 and lays it out in 195 × 422 points (decision 0600).

On each of the demo's screens (sign-in, dashboard, customers, a customer, its form, about) no two
controls overlap, and no label's, button's or title's text is cut off: the app measures text with
the browser's glyphs and its frames grow to hold it (decision 0570)."""
import pytest

from conftest import make_driver
from test_demo import fill
from test_phone_app import SIGN_IN, menu, title, demo  # noqa: F401 (demo: the module's demo server, a fixture)
from test_simulator import tap, texts, wait

ZOOM = 2

# The drawn controls and labels of the screen (the menu panel when it is closed is not drawn:
# visibility hidden), as rectangles; two that overlap by more than a pixel each way, except an
# element and one inside it (and a password's show button, drawn inside its field); the labels whose text is wider than their box and does not wrap.
CHECK = """
const screen = document.querySelector('#screen');
const drawn = e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.x-panel:not(.x-open)');
};
const describe = e => e.tagName.toLowerCase() + '.' + (e.className || '') + ' "' + (e.innerText || e.getAttribute('placeholder') || e.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
const controls = Array.from(screen.querySelectorAll(
  'button, input:not([type=hidden]), select, textarea, [role=row][data-action], [role=switch], .x-label, .x-field-title'))
  .filter(drawn);
const overlaps = [];
for (let i = 0; i < controls.length; i++) {
  for (let j = i + 1; j < controls.length; j++) {
    const a = controls[i], b = controls[j];
    if (a.contains(b) || b.contains(a)) continue;
    // A password's show button sits inside its field, by design.
    if (a.parentElement === b.parentElement && (a.matches('.x-eye') || b.matches('.x-eye'))) continue;
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 1 && y > 1) overlaps.push(describe(a) + ' / ' + describe(b));
  }
}
const clipped = Array.from(screen.querySelectorAll('.x-label, .x-field-title, .x-title, button'))
  .filter(drawn)
  .filter(e => (e.innerText || '').trim() !== '' && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
  .map(describe);
return {overlaps, clipped, width: window.innerWidth, count: controls.length};
"""


@pytest.fixture
def zoomed():
    driver = make_driver(390 // ZOOM, 844 // ZOOM, mobile=True)
    yield driver
    driver.quit()


@pytest.fixture
def large_default():
    """A 390 × 844 phone whose reader set the browser's default font size to 32 pixels."""
    driver = make_driver(390, 844, mobile=True, prefs={"webkit.webprefs.default_font_size": 16 * ZOOM})
    yield driver
    driver.quit()


def check(driver, output, name, problems, width=390 // ZOOM):
    """Asserts that no two of the screen's controls overlap; adds its cut-off labels to
    `problems`."""
    result = driver.execute_script(CHECK)
    driver.save_screenshot(str(output / f"text-200-{name}.png"))
    assert result["width"] == width
    assert result["count"] > 0, name
    assert result["overlaps"] == [], f"{name}: controls overlap"
    problems += [f"{name}: {label}" for label in result["clipped"]]


def walk(driver, output, prefix, width):
    """Signs in and checks every screen; returns the cut-off labels."""
    driver.get(demo_url[0] + "/app")
    wait(driver, 30).until(lambda d: SIGN_IN in texts(d))
    problems = []
    check(driver, output, prefix + "sign-in", problems, width)
    fill(driver, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    fill(driver, "input[type=password]", "demo1234")
    tap(driver, "Sign in")
    wait(driver, 20).until(lambda d: SIGN_IN not in texts(d) and title(d))

    menu(driver, "Dashboard")
    wait(driver, 20).until(lambda d: title(d) == "Dashboard")
    check(driver, output, prefix + "dashboard", problems, width)
    menu(driver, "Customers")
    wait(driver, 20).until(lambda d: title(d) == "Customers" and d.find_elements("css selector", "#screen .x-row"))
    check(driver, output, prefix + "customers", problems, width)
    row = driver.find_element("css selector", "#screen .x-row[data-row='2']")
    # The row may be below the table's visible part at this size: scrolled into it first (WebDriver's
    # own scrolling misses inside a zoomed screen).
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", row)
    row.click()
    wait(driver, 20).until(lambda d: title(d) not in ("Customers", ""))
    check(driver, output, prefix + "customer", problems, width)
    tap(driver, "Edit")
    wait(driver, 20).until(lambda d: d.find_elements("css selector", "#screen input[placeholder='Required']"))
    check(driver, output, prefix + "form", problems, width)
    menu(driver, "About")
    wait(driver, 20).until(lambda d: title(d) == "About")
    check(driver, output, prefix + "about", problems, width)
    return problems


# The demo's URL for walk(), set by the tests from the module's server.
demo_url = [""]


def test_the_demo_at_200_percent(demo, zoomed, output):
    demo_url[0] = demo.url
    problems = walk(zoomed, output, "", 390 // ZOOM)
    assert problems == [], "cut off at 200 %: " + "; ".join(problems)


def test_the_demo_with_a_default_font_size_of_32_pixels(demo, large_default, output):
    """The reader's default font size (twice the web's 16 pixels) zooms the screen by 2: the app
    tells the server bounds of 195 × 422 points, the title is drawn twice its protocol size, and
    no control overlaps another or cuts its text off."""
    demo_url[0] = demo.url
    problems = walk(large_default, output, "default-font-", 390)
    assert large_default.execute_script("return getComputedStyle(document.getElementById('screen')).zoom") == str(ZOOM)
    bounds = large_default.execute_script("""
const sent = window.xpedite.transport.exchanges.map(e => { try { return JSON.parse(e.request); } catch { return {}; } });
const connect = sent.find(r => r.method === 'setConnection');
return connect ? connect.bounds : null;""")
    assert bounds is not None and bounds.split(", ")[2] == f"{390 // ZOOM}.0", bounds
    drawn = large_default.execute_script(
        "const t = document.querySelector('#screen .x-title'); return [t.getBoundingClientRect().height, parseFloat(getComputedStyle(t).fontSize)]")
    assert drawn[0] >= drawn[1] * ZOOM, f"the title is not drawn at twice its size: {drawn}"
    # The one-app bar (the demo mounts the notification app) grows too, below the screen.
    bar = large_default.execute_script("""
const bar = document.querySelector('.x-one-bar'), tab = document.querySelector('.x-one-tab');
if (!bar) return null;
return {font: parseFloat(getComputedStyle(tab).fontSize), top: bar.getBoundingClientRect().top,
        screenBottom: document.getElementById('screen').getBoundingClientRect().bottom};""")
    if bar is not None:
        assert bar["font"] == 13 * ZOOM, bar
        assert bar["screenBottom"] <= bar["top"] + 1, f"the screen runs under the one-app bar: {bar}"
    assert problems == [], "cut off with a 32-pixel default font size: " + "; ".join(problems)
