"""The simulator's phone frame running the web app (issue 26, step 5; `/?phone=app`,
static/phone-app.js): the frame shows `/app/` at the device's size, the inspector lists the app's
own exchanges (reported by js/app/embed.js), and the device picker, rotation, appearance, offline
switch, Reconnect and Clear caches act on the app. No WebSocket is opened."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import test_simulator
from conftest import serve
from test_simulator import INJECTION, tap, texts, wait, wait_for_label


# Counts the WebSockets a document opens (the page's and the frame's).
SOCKET_COUNTER = """window.xpediteSockets = 0;
const NativeWebSocket = window.WebSocket;
window.WebSocket = function (...args) { window.xpediteSockets += 1; return new NativeWebSocket(...args); };"""


def open_app_simulator(driver, server):
    """Opens `/?phone=app` with the page's WebSocket constructor counting its uses, and waits for
    the app's home screen inside the frame; leaves the driver on the page (not the frame)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SOCKET_COUNTER})
    driver.get(server + "/?phone=app")
    frame = wait(driver).until(lambda d: d.find_element(By.ID, "app-frame"))
    driver.switch_to.frame(frame)
    wait(driver, 30).until(lambda d: "Hello from the test app" in texts(d))
    driver.switch_to.default_content()


class InApp:
    """`with InApp(driver):` runs selenium calls inside the phone's frame."""

    def __init__(self, driver):
        self.driver = driver

    def __enter__(self):
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "app-frame"))
        return self.driver

    def __exit__(self, *exc):
        self.driver.switch_to.default_content()


def exchanges(driver):
    return driver.execute_script("return window.xpediteExchanges ? window.xpediteExchanges() : []")


def packets(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#inspector .x-packet")


def test_the_phone_frame_runs_the_web_app_without_a_socket(browser, server):
    open_app_simulator(browser, server)
    assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-phone") == "app"
    # Nothing is drawn by the server: the page's own screen holds only the frame.
    assert browser.find_elements(By.CSS_SELECTOR, "#screen > .x-screen") == []
    # simulator.js stood aside: it counts no screens and opened no socket.
    assert browser.execute_script("return [window.xpediteSockets, window.xpediteScreensReceived]") == [0, None]
    with InApp(browser) as app:
        assert app.execute_script("return window.xpedite.embedded") is True
        assert app.execute_script("return window.xpediteSockets") == 0
        assert app.execute_script("return location.pathname") == "/app/"
        # It previews `xpedite layout`'s frames: the text estimate, not the browser's glyphs (decision 0570).
        assert app.execute_script("return location.search") == "?text=estimate"
        assert INJECTION in texts(app)
        assert app.find_elements(By.CSS_SELECTOR, "#screen img") == []
        tap(app, "Next screen")
        wait_for_label(app, "You reached the second screen")
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    assert browser.find_element(By.ID, "connection").text == "connected"


def test_the_inspector_lists_the_apps_exchanges_with_curl_and_resend(browser, server):
    open_app_simulator(browser, server)
    wait(browser).until(lambda d: [e["method"] for e in exchanges(d)][:1] == ["setConnection"])
    first = exchanges(browser)[0]
    assert '"method":"setConnection"' in first["request"].replace(" ", "")
    assert first["kind"] == "response" and first["issues"] == []

    def open_oldest(d):
        items = d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet summary")
        if not items or "setConnection" not in items[-1].text:
            return False
        items[-1].click()
        return True
    wait(browser).until(open_oldest)
    curl = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#inspector details[open] .x-curl"))
    assert curl.text.startswith("curl -sS -X POST -H 'Content-Type: application/json' --data-binary '{")
    assert curl.text.endswith(f"'{server}/app/relay'")
    assert browser.find_elements(By.CSS_SELECTOR, "#inspector img") == []
    count = len(exchanges(browser))
    browser.find_element(By.CSS_SELECTOR, "#inspector details[open] [data-action='resend']").click()
    wait(browser).until(lambda d: len(exchanges(d)) == count + 1)
    resent = exchanges(browser)[-1]
    assert resent["resent"] is True and resent["method"] == "setConnection"
    assert "re-sent" in packets(browser)[0].text
    # A tap in the app is one more exchange, listed first.
    with InApp(browser) as app:
        tap(app, "Next screen")
        wait_for_label(app, "You reached the second screen")
    wait(browser).until(lambda d: exchanges(d)[-1]["method"] == "next")
    assert packets(browser)[0].find_element(By.CSS_SELECTOR, ".x-packet-method").text == "next"


class BrokenServer:
    """A server whose screen breaks the protocol: a label's text is a number."""

    ANSWER = {"rc": 0, "version": "1", "token": "t1", "title": "Broken",
              "components": [{"type": "label", "text": "A fine label"}, {"type": "label", "text": 7}]}

    def __init__(self):
        answer = json.dumps(self.ANSWER).encode()

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/xpedite"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def broken_preview():
    broken = BrokenServer()
    try:
        yield from serve(["preview", "--server", broken.url, "--port", "0"], "xpedite-preview-broken-")
    finally:
        broken.close()


def test_the_inspector_shows_issues_at_their_paths(browser, broken_preview):
    browser.get(broken_preview + "/?phone=app")
    with InApp(browser) as app:
        wait(app, 30).until(lambda d: "A fine label" in texts(d))
    wait(browser).until(lambda d: exchanges(d) and exchanges(d)[0]["method"] == "setConnection")
    issues = exchanges(browser)[0]["issues"]
    assert [(i["path"], i["severity"]) for i in issues] == [("$.components[1].text", "error")], issues
    item = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#inspector .x-packet.x-issues"))
    assert "1 error(s)" in item.find_element(By.CSS_SELECTOR, ".x-packet-meta").text
    item.find_element(By.TAG_NAME, "summary").click()
    listed = [li.text for li in item.find_elements(By.CSS_SELECTOR, ".x-issues li.x-issue-error")]
    assert listed == [f"$.components[1].text {issues[0]['code']}: {issues[0]['message']}"]


def test_the_offline_switch_acts_on_the_app(browser, server):
    open_app_simulator(browser, server)
    with InApp(browser) as app:
        tap(app, "Next screen")
        wait_for_label(app, "You reached the second screen")
        tap(app, "Back home")
        wait_for_label(app, "Hello from the test app")
    browser.find_element(By.ID, "offline").click()
    wait(browser).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-offline") == "1")
    with InApp(browser) as app:
        tap(app, "Next screen")
        wait_for_label(app, "You reached the second screen")
        assert app.find_element(By.CSS_SELECTOR, "#screen .x-offline-badge").text == "Offline"
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet.x-failed"))
    assert "offline switch" in exchanges(browser)[-1]["error"]
    browser.find_element(By.ID, "offline").click()
    with InApp(browser) as app:
        tap(app, "Back home")
        wait_for_label(app, "Hello from the test app")
        wait(app).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .x-offline-badge"))
    assert exchanges(browser)[-1]["method"] == "home" and "error" not in exchanges(browser)[-1]


def test_the_device_picker_rotation_and_appearance_act_on_the_app(browser, server, output):
    open_app_simulator(browser, server)
    select = Select(browser.find_element(By.ID, "device"))
    for option in [o.get_attribute("value") for o in select.options]:
        Select(browser.find_element(By.ID, "device")).select_by_value(option)
        width, height = (int(part) for part in option.split("x"))
        with InApp(browser) as app:
            wait(app).until(lambda d: d.execute_script("return [innerWidth, innerHeight]") == [width, height])
            # The app lays its screen out for the new bounds.
            wait(app).until(lambda d: d.execute_script(
                "const bar = document.querySelector('#screen .x-titlebar');"
                "return bar ? Math.round(bar.getBoundingClientRect().width) : 0") == width)
    browser.find_element(By.ID, "rotate").click()
    with InApp(browser) as app:
        wait(app).until(lambda d: d.execute_script("return innerWidth") == height)
    Select(browser.find_element(By.ID, "appearance")).select_by_value("dark")
    with InApp(browser) as app:
        wait(app).until(lambda d: "x-dark" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        background = app.execute_script("return getComputedStyle(document.querySelector('#screen .x-screen')).backgroundColor")
        assert background == "rgb(0, 0, 0)"
    browser.save_screenshot(str(output / "simulator-app-landscape-dark.png"))
    Select(browser.find_element(By.ID, "appearance")).select_by_value("light")
    with InApp(browser) as app:
        wait(app).until(lambda d: "x-light" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
        background = app.execute_script("return getComputedStyle(document.querySelector('#screen .x-screen')).backgroundColor")
        assert background == "rgb(255, 255, 255)"


def test_reconnect_reloads_the_app_and_keeps_the_switches(browser, server):
    open_app_simulator(browser, server)
    Select(browser.find_element(By.ID, "appearance")).select_by_value("dark")
    with InApp(browser) as app:
        app.execute_script("window.beforeReload = true")
    browser.find_element(By.ID, "reconnect").click()
    with InApp(browser) as app:
        wait(app, 30).until(lambda d: d.execute_script("return window.beforeReload === undefined && !!window.xpedite"))
        wait(app, 30).until(lambda d: "Hello from the test app" in texts(d))
        wait(app).until(lambda d: "x-dark" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
    wait(browser).until(lambda d: [e["method"] for e in exchanges(d)][:1] == ["setConnection"])


def test_clear_caches_empties_the_apps_page_cache(browser, server):
    open_app_simulator(browser, server)
    with InApp(browser) as app:
        tap(app, "Next screen")
        wait_for_label(app, "You reached the second screen")
        tap(app, "Back home")
        wait_for_label(app, "Hello from the test app")
    browser.find_element(By.ID, "clear-caches").click()
    wait(browser).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-caches") == "cleared")
    browser.find_element(By.ID, "offline").click()
    with InApp(browser) as app:
        tap(app, "Next screen")
        # The second screen was kept; with the caches emptied the tap needs the server and says so.
        wait(app).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-alert-message"))
        assert "You reached the second screen" not in texts(app)


def open_in_frame(driver, server):
    """test_simulator's `open_simulator` for the framed app: opens `/?phone=app` and leaves the
    driver inside the frame, where the app's `#screen` is."""
    open_app_simulator(driver, server)
    driver.switch_to.frame(driver.find_element(By.ID, "app-frame"))


# test_simulator's tests of the screen alone (no tool of the page), run again on the framed app.
SCREEN_TESTS = [test_simulator.test_reads_the_rendered_labels, test_simulator.test_a_button_shows_the_next_screen,
                test_simulator.test_saving_a_form_shows_the_rc_message_as_a_dialog,
                test_simulator.test_scrolling_a_table_past_40_rows_shows_row_41,
                test_simulator.test_the_slide_in_menu_opens_and_navigates,
                test_simulator.test_a_menu_entry_closes_its_panel_even_when_the_screen_stays]


@pytest.mark.parametrize("case", SCREEN_TESTS, ids=lambda case: case.__name__)
def test_the_simulators_screen_tests_pass_in_the_frame(case, browser, server, monkeypatch):
    monkeypatch.setattr(test_simulator, "open_simulator", open_in_frame)
    case(browser, server)
