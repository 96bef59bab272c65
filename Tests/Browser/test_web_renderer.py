"""The web renderer (Sources/XpediteWebApp/Resources/web/js/render) in real Chromium: a static
harness page (Tests/Web/harness) imports the module and draws engine states, the states the
reference engine holds for the screens of Tests/Fixtures/valid (`xpedite client --dump json`,
written to Tests/Fixtures/web-states by scripts/update-web-states). Checked here:

- every state is drawn as the simulator's geometry suite wants it (test_geometry's checks: each
  component's box is its frame, overlaps, containment, alignment, visible titles, ellipses);
- taps, typing and keys give the action objects simulator.js sends (BrowserMessage shapes);
- a redraw of the same screen keeps the field being typed into, its focus, caret and unsent text,
  the scroll offsets and open menus; a new screen is drawn afresh;
- payload text is never HTML, and web views stay sandboxed;
- the documents' screens look as their golden screenshots (Tests/Fixtures/web-screenshots, with
  the web renderer's accessible colours, docs/accessibility.md; the simulator's framed app is held
  to the same files; `XPEDITE_UPDATE_SCREENSHOTS=1` writes them again).

Needs no Swift build: the page is served by this test from the repository.
"""
import copy
import functools
import io
import json
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import OUTPUT, ROOT, make_driver
from fidelity import MEASURE, PENDING, TITLE_VISIBLE
from stand_in import image_png
from test_geometry import drawing_problems
from test_screenshots import APPEARANCES, PIXEL_SHARE, UPDATE, difference, golden_name, save, save_golden, screens
from web_states import STATES, cases, state_path

HARNESS = "/Tests/Web/harness/index.html"
# The web renderer's own goldens: its colours reach 4.5:1 where the simulator's did not.
GOLDENS = ROOT / "Tests" / "Fixtures" / "web-screenshots"
STATE_FILES = sorted(path.name for path in STATES.glob("*.json"))


class Handler(SimpleHTTPRequestHandler):
    """The repository's files, and `/image?url=URL` as the stand-in server draws it (404 without
    a URL, as the simulator's image route answers an image it cannot find)."""

    def log_message(self, *arguments):
        pass

    def do_GET(self):
        parsed = urlparse(self.path)
        if parsed.path != "/image":
            super().do_GET()
            return
        url = parse_qs(parsed.query).get("url", [""])[0]
        body = image_png(url) if url else b"no image"
        self.send_response(200 if url else 404)
        self.send_header("Content-Type", "image/png" if url else "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Page:
    """The harness page in one headless Chromium, with the simulator suite's switches."""

    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.driver = make_driver(1500, 1350, extra=["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                                                     "--force-device-scale-factor=1", "--hide-scrollbars",
                                                     "--font-render-hinting=none"])
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        self.reload()

    def reload(self):
        self.driver.get(self.url + HARNESS)
        self.wait_until(lambda: self.driver.execute_script("return !!(window.harness && window.harness.ready)"),
                        message="the harness")
        self.driver.execute_script("document.getElementById('screen').style.caretColor = 'transparent'")

    def wait_until(self, condition, timeout=20, message="the page"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {message}")

    def render(self, state):
        """Draws `state` at its bounds and returns at once."""
        bounds = (state.get("frames") or {}).get("bounds") or {"width": 393, "height": 852}
        self.driver.execute_script("window.harness.resize(arguments[0], arguments[1]); window.harness.render(arguments[2])",
                                   bounds["width"], bounds["height"], state)

    def show(self, state):
        """Draws `state` on a fresh page and waits until its images and fonts are in."""
        self.reload()
        self.render(state)
        self.wait_until(lambda: self.driver.execute_script(PENDING) == "", message="the screen to settle")

    def sent(self):
        return self.driver.execute_script("return window.harness.sent")

    def clear_sent(self):
        self.driver.execute_script("window.harness.sent.length = 0")

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, "#screen " + selector)

    def script(self, source, *arguments):
        return self.driver.execute_script(source, *arguments)

    def quit(self):
        self.driver.quit()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def page():
    harness = Page()
    yield harness
    harness.quit()


def load_state(name):
    return json.loads((STATES / name).read_text())


def state_of(fixture, device="iPhone 16"):
    return json.loads(state_path(fixture, device).read_text())


# Geometry: every state as the simulator's geometry suite checks its drawings.

def test_every_drawable_screen_has_a_state():
    """The committed states are those scripts/update-web-states writes, one per case."""
    expected = sorted(state_path(name, device).name for name, device in cases())
    assert STATE_FILES == expected, "run scripts/update-web-states"
    assert len(STATE_FILES) > 100


@pytest.mark.parametrize("name", STATE_FILES)
def test_the_renderer_draws_the_layout(page, name):
    state = load_state(name)
    assert state["frames"] and state["packet"], f"{name}: the engine showed no screen"
    page.show(state)
    measured = page.script(MEASURE)
    problems = drawing_problems(measured, state["frames"], state["packet"],
                                lambda path, title: page.script(TITLE_VISIBLE, path, title))
    drawn = {node["path"] for node in measured["nodes"]}
    assert drawn, f"{name}: nothing drawn"
    assert not problems, f"{name}:\n  " + "\n  ".join(problems)


# Interactions: the action objects of simulator.js.

def test_buttons_forms_and_alerts_send_their_actions(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    page.find('.x-form-save[data-path="0"]').click()
    page.find('.x-form-cancel[data-path="0"]').click()
    assert page.sent() == [{"action": "save", "path": "0"}, {"action": "cancel", "path": "0"}]

    page.clear_sent()
    alerted = copy.deepcopy(state)
    alerted["alerts"] = [{"kind": "rc", "rc": "Name is required", "message": "Name is required"}]
    page.render(alerted)
    assert page.find(".x-alert-message").text == "Name is required"
    page.find(".x-alert-ok").click()
    assert page.sent() == [{"action": "dismiss"}]

    page.clear_sent()
    button = state_of("n-component-button.json")
    page.show(button)
    pressable = page.find('.x-button[data-action="press"]')
    path = pressable.get_attribute("data-path")
    pressable.click()
    assert page.sent() == [{"action": "press", "path": path}]


def test_inputs_send_set_and_return(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    field = page.find('input[data-path="0.1"]')
    field.clear()
    page.clear_sent()
    field.send_keys("Alice")
    assert page.sent() == [], "typing alone sends nothing until the value changes or Enter"
    field.send_keys(Keys.ENTER)
    assert page.sent() == [{"action": "set", "path": "0.1", "kind": "text", "text": "Alice"},
                           {"action": "return", "path": "0.1"}]

    # Leaving the field is a change too (the browser's change event), as in simulator.js.
    page.script("document.activeElement.blur()")
    assert page.sent()[-1] == {"action": "set", "path": "0.1", "kind": "text", "text": "Alice"}
    page.clear_sent()
    checkbox = page.find('input[type="checkbox"][data-path="0.4"]')
    before = checkbox.is_selected()
    page.find('.x-node[data-path="0.4"] .x-check').click()
    assert page.sent() == [{"action": "set", "path": "0.4", "kind": "checked", "checked": not before}]

    page.clear_sent()
    radios = page.driver.find_elements(By.CSS_SELECTOR, '#screen input[type="radio"]')
    path, key = radios[0].get_attribute("data-path"), radios[0].get_attribute("value")
    radios[0].find_element(By.XPATH, "..").click()
    assert page.sent() == [{"action": "set", "path": path, "kind": "option", "text": key}]

    page.clear_sent()
    select = page.find("select")
    path = select.get_attribute("data-path")
    values = [option.get_attribute("value") for option in select.find_elements(By.TAG_NAME, "option")]
    page.script("const s = arguments[0]; s.selectedIndex = s.options.length - 1; s.dispatchEvent(new Event('change', {bubbles: true}))",
                select)
    assert page.sent() == [{"action": "set", "path": path, "kind": "option", "text": values[-1]}]

    page.clear_sent()
    date = page.find('input[type="date"]')
    path = date.get_attribute("data-path")
    page.script("const d = arguments[0]; d.value = '2024-02-29'; d.dispatchEvent(new Event('change', {bubbles: true}))", date)
    assert page.sent() == [{"action": "set", "path": path, "kind": "date", "text": "2024-02-29"}]

    page.clear_sent()
    notes = page.find("textarea")
    notes.send_keys("one", Keys.ENTER, "two")
    assert page.sent() == [], "Enter in a text view is a new line"
    page.find(".x-form-title").click()
    assert page.sent() == [{"action": "set", "path": notes.get_attribute("data-path"), "kind": "text", "text": "one\ntwo"}]


def test_a_multiple_select_sends_its_options(page):
    state = state_of("n-form-select.json")
    multi = next((s for s in components(state["packet"]) if s.get("type") == "select"), None)
    assert multi is not None
    multi["multi"] = True
    page.show(state)
    select = page.find("select[multiple]")
    page.script("const s = arguments[0]; for (const o of s.options) o.selected = true; s.dispatchEvent(new Event('change', {bubbles: true}))",
                select)
    sent = page.sent()
    assert len(sent) == 1 and sent[0]["kind"] == "options"
    assert sorted(sent[0]["options"]) == sorted(o.get_attribute("value") for o in select.find_elements(By.TAG_NAME, "option"))


def components(packet):
    """Every component of a canonical packet, depth first."""
    def walk(items):
        for item in items or []:
            yield item
            yield from walk(item.get("components"))
    return list(walk(packet.get("components")))


def test_menus_open_close_and_send_entries(page):
    state = state_of("doc-new-navigation-table.json")
    page.show(state)
    navigations = [node for node in state["frames"]["components"] if node["type"] == "navigation"]
    assert navigations
    toggle = page.find(".x-bar-button[data-toggle]")
    menu_id = toggle.get_attribute("data-toggle")
    menu = page.find("#" + menu_id)
    assert "x-open" not in menu.get_attribute("class")
    toggle.click()
    assert "x-open" in menu.get_attribute("class")
    # A redraw of the same screen keeps the menu open.
    redrawn = copy.deepcopy(state)
    redrawn["revision"] = state.get("revision", 0) + 1
    page.render(redrawn)
    assert "x-open" in page.find("#" + menu_id).get_attribute("class")
    entry = page.find(f"#{menu_id} .x-menu-entry")
    path, index = entry.get_attribute("data-path"), entry.get_attribute("data-entry")
    entry.click()
    assert page.sent() == [{"action": "menu", "path": path, "entry": int(index)}]
    assert "x-open" not in page.find("#" + menu_id).get_attribute("class"), "a tapped entry closes its menu"


def test_a_single_entry_bar_button_sends_bar(page):
    for name in ("n-navigation-button-1.json", "n-navigation-button-2.json"):
        state = state_of(name)
        page.show(state)
        bars = page.driver.find_elements(By.CSS_SELECTOR, '#screen .x-bar-button[data-action="bar"]')
        if bars:
            path = bars[0].get_attribute("data-path")
            bars[0].click()
            assert page.sent() == [{"action": "bar", "path": path}]
            return
    pytest.fail("no fixture with a single-entry bar button")


def test_slide_in_panel_opens_from_the_edge_and_its_shade_closes_it(page):
    state = state_of("n-navigation-slidefrom.json")
    page.show(state)
    panel = page.find(".x-panel")
    assert "x-open" not in panel.get_attribute("class")
    side = "left" if "x-left" in panel.get_attribute("class") else "right"
    # An edge pan opens it.
    page.script("""
const [side] = arguments;
const screen = document.getElementById('screen'), r = screen.getBoundingClientRect();
const x = side === 'left' ? r.left + 5 : r.right - 5, y = r.top + r.height / 2, dx = side === 'left' ? 120 : -120;
const target = document.elementFromPoint(x, y);
target.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, clientX: x, clientY: y}));
target.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, clientX: x + dx, clientY: y}));
""", side)
    assert "x-open" in page.find(".x-panel").get_attribute("class")
    page.script("""
const shade = document.querySelector('#screen .x-shade');
shade.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
shade.dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));
shade.click();
""")
    assert "x-open" not in page.find(".x-panel").get_attribute("class")
    assert page.sent() == []


def test_table_rows_load_more_and_refresh(page):
    state = state_of("doc-new-navigation-table.json")
    tables = [key for key, rows in (state.get("tables") or {}).items() if rows["rows"]]
    assert tables, "the state has loaded rows"
    path = tables[0]
    page.show(state)
    row = page.find(f'.x-row[data-path="{path}"][data-row="1"]')
    clickable = row.get_attribute("data-action") == "row"
    row.click()
    assert page.sent() == ([{"action": "row", "path": path, "row": 1}] if clickable else [])

    # More rows to come: scrolling near the end asks for them, once.
    page.clear_sent()
    more = copy.deepcopy(state)
    more["tables"][path]["hasMore"] = True
    table = next(c for c in components(more["packet"]) if c.get("type") == "table")
    table["refresh"] = "Pull to refresh"
    if isinstance(table.get("data"), list):
        table["data"] = {"dynamic": "rows"}
    more["tables"][path]["rows"] = more["tables"][path]["rows"] * 5
    page.show(more)
    page.script("const b = document.querySelector('#screen .x-tbody[data-table=\"' + arguments[0] + '\"]'); b.scrollTop = b.scrollHeight",
                path)
    page.wait_until(lambda: page.sent() != [], message="loadMore")
    time.sleep(0.1)
    page.script("const b = document.querySelector('#screen .x-tbody[data-table=\"' + arguments[0] + '\"]'); b.scrollTop -= 5", path)
    time.sleep(0.1)
    assert page.sent() == [{"action": "loadMore", "path": path}]

    # The refresh row, and a pull down at the top.
    page.clear_sent()
    page.script("document.querySelector('#screen .x-tbody[data-table=\"' + arguments[0] + '\"]').scrollTop = 0", path)
    page.find(f'.x-refresh[data-path="{path}"]').click()
    page.script("""
const body = document.querySelector('#screen .x-tbody[data-table="' + arguments[0] + '"]');
const r = body.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + 60;
const target = document.elementFromPoint(x, y);
target.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, clientX: x, clientY: y}));
target.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, clientX: x, clientY: y + 100}));
""", path)
    assert page.sent() == [{"action": "refresh", "path": path}, {"action": "refresh", "path": path}]


# Patching: a redraw keeps what the person is doing.

def test_a_redraw_keeps_the_field_focus_caret_and_unsent_text(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    field = page.find('input[data-path="0.1"]')
    field.clear()
    field.send_keys("Hello world")
    page.script("const f = arguments[0]; f.setSelectionRange(2, 5); window.keptField = f", field)
    # The engine redraws (another field's value changed, a new revision) before this text is sent.
    redrawn = copy.deepcopy(state)
    redrawn["revision"] = state.get("revision", 0) + 1
    redrawn["values"]["0.1"] = "stale engine value"
    title_path = "0.0"
    page.render(redrawn)
    kept = page.script("""
const f = document.querySelector('#screen input[data-path="0.1"]');
return {same: f === window.keptField, focused: document.activeElement === f, value: f.value,
        start: f.selectionStart, end: f.selectionEnd};
""")
    assert kept == {"same": True, "focused": True, "value": "Hello world", "start": 2, "end": 5}
    # Once sent, the field follows the engine again.
    field.send_keys(Keys.ENTER)
    page.render(redrawn)
    assert page.script("return document.querySelector('#screen input[data-path=\"0.1\"]').value") == "stale engine value"
    assert page.find(f'.x-node[data-path="{title_path}"]').text.strip() != ""


def test_a_redraw_keeps_scroll_and_takes_new_values_in_other_fields(page):
    state = state_of("doc-new-navigation-table.json")
    path = next(key for key, rows in state["tables"].items() if rows["rows"])
    longer = copy.deepcopy(state)
    longer["tables"][path]["rows"] = longer["tables"][path]["rows"] * 6
    page.show(longer)
    page.script("const b = document.querySelector('#screen .x-tbody[data-table=\"' + arguments[0] + '\"]'); b.scrollTop = 150; window.keptBody = b",
                path)
    redrawn = copy.deepcopy(longer)
    redrawn["revision"] = longer.get("revision", 0) + 1
    redrawn["tables"][path]["rows"] += redrawn["tables"][path]["rows"][:3]
    page.render(redrawn)
    kept = page.script("""
const b = document.querySelector('#screen .x-tbody[data-table="' + arguments[0] + '"]');
return {same: b === window.keptBody, top: b.scrollTop, rows: b.querySelectorAll('.x-row').length};
""", path)
    assert kept == {"same": True, "top": 150, "rows": len(redrawn["tables"][path]["rows"])}

    form = state_of("doc-new-form.json")
    page.show(form)
    changed = copy.deepcopy(form)
    changed["values"]["0.1"] = "Bob"
    page.render(changed)
    assert page.script("return document.querySelector('#screen input[data-path=\"0.1\"]').value") == "Bob"


def test_a_new_screen_is_drawn_afresh_with_its_initial_focus(page):
    form = state_of("doc-new-form.json")
    page.show(form)
    page.script("window.oldScreen = document.querySelector('#screen .x-screen')")
    focus = state_of("n-focus.json")
    page.render(focus)
    fresh = page.script("""
const screen = document.querySelector('#screen .x-screen'), active = document.activeElement;
return {replaced: screen !== window.oldScreen, focus: active && active.dataset ? active.dataset.path || null : null};
""")
    assert fresh["replaced"]
    assert fresh["focus"] == focus.get("focus")


def test_a_redraw_waits_for_a_pressed_pointer(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    changed = copy.deepcopy(state)
    changed["values"]["0.1"] = "After release"
    drawn = page.script("""
const [state] = arguments;
const button = document.querySelector('#screen .x-form-save');
button.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
window.harness.render(state);
const during = {value: document.querySelector('#screen input[data-path="0.1"]').value, drawings: [...window.harness.drawings]};
window.dispatchEvent(new PointerEvent('pointerup', {bubbles: true}));
return during;
""", changed)
    assert drawn == {"value": state["values"].get("0.1", ""), "drawings": ["new"]}, "the redraw waits for the release"
    page.wait_until(lambda: page.script("return document.querySelector('#screen input[data-path=\"0.1\"]').value") == "After release",
                    message="the deferred redraw")
    assert page.script("return window.harness.drawings") == ["new", "same"]


# Text is text.

PAYLOAD = '<img src=x onerror="window.pwned=1"><b>bold</b>'


def test_payload_text_is_never_html(page):
    state = state_of("doc-new-navigation-table.json")
    hostile = copy.deepcopy(state)
    hostile["packet"]["title"] = PAYLOAD
    for component in components(hostile["packet"]):
        for key in ("text", "title", "placeholder"):
            if isinstance(component.get(key), str):
                component[key] = PAYLOAD
    for rows in hostile["tables"].values():
        for row in rows["rows"]:
            for key in row:
                row[key] = PAYLOAD
    hostile["alerts"] = [{"kind": "rc", "rc": PAYLOAD, "message": PAYLOAD}]
    page.show(hostile)
    time.sleep(0.3)
    result = page.script("""
const screen = document.getElementById('screen');
return {pwned: window.pwned === 1, images: Array.from(screen.querySelectorAll('img')).map(i => i.getAttribute('src')),
        bold: screen.querySelectorAll('b').length, title: screen.querySelector('.x-title').textContent,
        alert: screen.querySelector('.x-alert-message').textContent,
        cells: Array.from(screen.querySelectorAll('.x-cell-text')).filter(c => c.textContent === arguments[0]).length};
""", PAYLOAD)
    assert not result["pwned"]
    assert "x" not in result["images"]
    assert result["bold"] == 0
    assert result["title"] == PAYLOAD and result["alert"] == PAYLOAD
    assert result["cells"] > 0


def test_web_views_stay_sandboxed(page):
    state = state_of("doc-web-and-content.json")
    page.show(state)
    frames = page.script("""
return Array.from(document.querySelectorAll('#screen iframe')).map(f => ({sandbox: f.getAttribute('sandbox'),
  srcdoc: f.hasAttribute('srcdoc'), src: f.getAttribute('src')}));
""")
    assert frames, "the screen has web views"
    for frame in frames:
        assert frame["sandbox"] == ""
        assert frame["srcdoc"] or (frame["src"] or "").startswith(("http://", "https://"))
    # An old dynamic web view shows the HTML its data request fetched (the state's `web`).
    dynamic = state_of("spec-3-10-web-dynamic.json")
    (path, html), = dynamic["web"].items()
    page.show(dynamic)
    assert page.script("const f = document.querySelector('#screen .x-node[data-path=\"' + arguments[0] + '\"] iframe');"
                       "return f && f.getAttribute('sandbox') === '' ? f.getAttribute('srcdoc') : null", path) == html


def test_an_old_dynamic_menu_shows_the_entries_the_engine_fetched(page):
    state = state_of("o-cell-1.json")
    (path, entries), = state["menus"].items()
    page.show(state)
    shown = page.script("return Array.from(document.querySelectorAll('#screen nav[data-path=\"' + arguments[0] + '\"] .x-menu-entry'))"
                        ".map(e => e.textContent)", path)
    assert shown == [entry["text"] for entry in entries]


# Pictures: the documents' screens as their goldens.

SCREENSHOT_CASES = [(screen, device) for device in ("iPhone SE", "iPhone 16") for screen in screens()]


@pytest.mark.parametrize("screen,device", SCREENSHOT_CASES, ids=[f"{d}-{s}" for s, d in SCREENSHOT_CASES])
def test_the_screen_looks_as_its_golden(page, screen, device):
    page.show(state_of(screen, device))
    failures = []
    for appearance in APPEARANCES:
        page.script("window.harness.setAppearance(arguments[0])", appearance)
        page.script("document.querySelectorAll('#screen [data-scroll]').forEach(e => { e.scrollTop = 0; })")
        actual = Image.open(io.BytesIO(page.driver.find_element(By.ID, "screen").screenshot_as_png)).convert("RGB")
        name = golden_name(screen, device, appearance)
        expected = Image.open(GOLDENS / name).convert("RGB") if (GOLDENS / name).exists() else Image.new("RGB", (1, 1))
        share, picture = (1.0, None) if expected.size != actual.size else difference(actual, expected)
        if share <= PIXEL_SHARE:
            continue
        if UPDATE:
            # Only a picture that changed beyond the tolerance is written again.
            save_golden(actual, GOLDENS / name)
            continue
        review = OUTPUT / "web-renderer"
        save(actual, review / name.replace(".png", ".actual.png"))
        if picture is not None:
            save(picture, review / name.replace(".png", ".diff.png"))
        failures.append(f"{name}: {share:.2%} of the pixels differ (tolerance {PIXEL_SHARE:.2%}); see {review}/")
    page.script("window.harness.setAppearance('light')")
    assert not failures, "\n".join(failures)


def test_offline_loading_and_empty_states(page):
    state = state_of("doc-new-form.json")
    marked = copy.deepcopy(state)
    marked["offline"] = True
    marked["loading"] = True
    page.show(state)
    page.render(marked)
    shown = page.script("""
const s = document.querySelector('#screen .x-screen');
return {badge: s.querySelector('.x-offline-badge') && s.querySelector('.x-offline-badge').textContent,
        loading: !!s.querySelector('.x-loading'), busy: !!s.querySelector('.x-busy')};
""")
    assert shown == {"badge": "Offline", "loading": True, "busy": True}
    # A tap while a screen request is in flight lands on the busy cover, not on the button.
    page.find(".x-busy").click()
    assert page.sent() == []
    page.render(state)
    assert page.script("return document.querySelectorAll('#screen .x-offline-badge, #screen .x-busy').length") == 0
    page.render({"packet": None, "frames": None, "tables": {}, "values": {}, "alerts": [], "offline": False, "loading": True})
    assert page.find(".x-empty").text == "Connecting…"


def test_a_composition_and_a_shown_password_survive_a_redraw(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    field = page.find('input[data-path="0.1"]')
    field.click()
    # An input method composing a word: the engine's redraw leaves the field alone.
    page.script("""
const f = arguments[0];
f.dispatchEvent(new CompositionEvent('compositionstart', {bubbles: true}));
f.value = 'にほ';
""", field)
    redrawn = copy.deepcopy(state)
    redrawn["values"]["0.1"] = ""
    page.render(redrawn)
    assert page.script("return document.querySelector('#screen input[data-path=\"0.1\"]').value") == "にほ"
    page.script("arguments[0].dispatchEvent(new CompositionEvent('compositionend', {bubbles: true}))", field)
    # The eye shows the password, and a redraw keeps it shown.
    page.find('.x-node[data-path="0.2"] .x-eye').click()
    page.render(redrawn)
    assert page.find('input[data-path="0.2"]').get_attribute("type") == "text"


def test_a_large_screen_is_drawn_and_redrawn(page):
    """A 200-component screen is drawn, and drawn again with a typed value, node for node. The
    times are printed for a look; they are measured against the 16 ms target by scripts/bench-app
    (BENCHMARKS.md), not asserted here: timings never go into tests, and this shared machine's load
    moves them (layout excluded: the engine's)."""
    page.reload()
    timings = page.driver.execute_async_script("""
const done = arguments[arguments.length - 1];
import('/Sources/XpediteWebApp/Resources/web/js/layout/layout.js').then(({layoutScreen}) => {
  const components = [];
  for (let i = 0; i < 200; i++) {
    const kinds = [{type: 'label', text: 'Label ' + i}, {type: 'button', text: 'Button ' + i, method: {function: 'f'}},
                   {type: 'textbox', name: 'field' + i, title: 'Field ' + i}, {type: 'checkbox', name: 'check' + i, title: 'Check ' + i}];
    components.push(kinds[i % kinds.length]);
  }
  const packet = {rc: 0, title: 'Large', components};
  const frames = layoutScreen(packet, '(0, 0, 393, 852)');
  const result = {first: [], again: [], firstLaidOut: [], againLaidOut: []};
  for (let round = 0; round < 9; round++) {
    const state = {packet: JSON.parse(JSON.stringify(packet)), frames, tables: {}, values: {}, alerts: [], screen: round};
    let start = performance.now();
    window.harness.render(state);
    result.first.push(performance.now() - start);
    document.body.offsetHeight;
    result.firstLaidOut.push(performance.now() - start);
    start = performance.now();
    window.harness.render({...state, values: {'2': 'typed ' + round}, revision: round});
    result.again.push(performance.now() - start);
    document.body.offsetHeight;
    result.againLaidOut.push(performance.now() - start);
  }
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  done(Object.fromEntries(Object.entries(result).map(([key, list]) => [key, median(list)])));
}).catch((error) => done({error: String(error)}));
""")
    assert "error" not in timings, timings
    print("200 components (ms): " + ", ".join(f"{key} {value:.1f}" for key, value in timings.items()))
    assert page.script("return document.querySelectorAll('#screen .x-node').length") == 200
    assert page.script("return document.querySelector('#screen [data-path=\"2\"] input').value") == "typed 8"


def test_a_far_components_colour_is_made_readable_when_it_is_drawn(page):
    """A component more than a screen's height below the visible part is skipped by the browser
    (`x-far`, content-visibility: auto, decision 0550): the contrast rule changes a near label's
    unreadable colour at once, and a far label's once the browser draws it (scrolled to), so that
    every label reaches 4.5:1 where it is seen."""
    page.reload()
    result = page.driver.execute_async_script("""
const done = arguments[arguments.length - 1];
(async () => {
  const {layoutScreen} = await import('/Sources/XpediteWebApp/Resources/web/js/layout/layout.js');
  const c = await import('/Sources/XpediteWebApp/Resources/web/js/render/contrast.js');
  const components = [];
  for (let i = 0; i < 40; i++) components.push({type: 'label', text: 'Label ' + i, color: '#BBBBBB', size: {height: 100}});
  const packet = {rc: 0, title: 'Long', background: '#F5F5F5', components};
  window.harness.render({packet, frames: layoutScreen(packet, '(0, 0, 393, 852)'), tables: {}, values: {}, alerts: [], screen: 'long'});
  const label = (i) => document.querySelector('#screen .x-node[data-path="' + i + '"]');
  const ratio = (i) => c.contrastRatio(c.parseColour(getComputedStyle(label(i)).color), c.parseColour('#F5F5F5'));
  const drawn = {nearChanged: label(0).hasAttribute('data-contrast'), nearRatio: ratio(0), nearClass: label(0).className,
                 farChanged: label(39).hasAttribute('data-contrast'), farClass: label(39).className};
  document.querySelector('#screen .x-content').scrollTop = 100000;
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (let i = 0; i < 50 && !label(39).hasAttribute('data-contrast'); i++) await frame();
  done({drawn, scrolledChanged: label(39).hasAttribute('data-contrast'), scrolledRatio: ratio(39)});
})().catch((error) => done({error: String(error)}));
""")
    assert "error" not in result, result
    drawn = result["drawn"]
    assert "x-far" not in drawn["nearClass"].split() and drawn["nearChanged"] and drawn["nearRatio"] >= 4.5, drawn
    # Far and not drawn yet: its style is not read (each read would style it on its own).
    assert "x-far" in drawn["farClass"].split() and not drawn["farChanged"], drawn
    assert result["scrolledChanged"] and result["scrolledRatio"] >= 4.5, result


def test_destroy_takes_the_screen_and_its_listeners_away(page):
    state = state_of("doc-new-form.json")
    page.show(state)
    left = page.script("""
const screen = document.getElementById('screen'), button = screen.querySelector('.x-form-save');
window.harness.destroy();
const left = screen.childNodes.length;
// A click on an element the view drew (put back by hand) reaches no listener.
screen.appendChild(button);
button.click();
return left;
""")
    assert left == 0
    assert page.sent() == []
    page.reload()
