"""The Xpedite web app (issue 26, docs/phone-app.md) in headless Chromium at phone size: the
engine runs in the browser and talks to the server itself. Against `xpedite demo`: sign in, page
the customers past row 40, save a form and see the server's error, open cached pages; stop the
server: a save says it needs the network; reload: the app starts from its service worker with the
cached pages, marked offline; restart the server: it goes on. Against an old-dialect server in
Python through `xpedite preview`'s relay. And the app needs no WebSocket."""
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import START_TIMEOUT, make_driver, start, stop
from test_demo import fill, free_port, row_texts
from test_other_language import preview, python_server  # noqa: F401 (fixtures)
from test_simulator import tap, texts, wait, wait_for_label

SIGN_IN = "Demo account: demo@xpedite.dev / demo1234"


class Demo:
    """`xpedite demo` on one port and one data directory, stopped and started again at will (the
    app's caches belong to its origin, so a restart must keep the port)."""

    def __init__(self):
        self.data = tempfile.mkdtemp(prefix="xpedite-phone-app-")
        self.process = None
        self.url = None
        for _ in range(5):
            self.port = free_port()
            if self.start():
                return
        raise RuntimeError(f"xpedite demo did not start: {self.url}")

    def start(self):
        self.process, self.url = start(["demo", "--port", str(self.port), "--customers", "200"], self.data, START_TIMEOUT)
        return self.process is not None

    def stop(self):
        if self.process is not None:
            stop(self.process)
            self.process = None

    def close(self):
        self.stop()
        shutil.rmtree(self.data, ignore_errors=True)


@pytest.fixture(scope="module")
def demo():
    server = Demo()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def phone():
    driver = make_driver(390, 844, mobile=True)
    yield driver
    driver.quit()


def open_menu(driver):
    driver.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = driver.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(driver).until(lambda d: "x-open" in panel.get_attribute("class"))


def menu(driver, entry):
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))
    open_menu(driver)
    tap(driver, entry)


def alert_text(driver):
    messages = driver.find_elements(By.CSS_SELECTOR, "#screen .x-alert-message")
    return messages[0].text if messages else ""


def dismiss(driver):
    driver.find_element(By.CSS_SELECTOR, "#screen .x-alert-ok").click()
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .x-alert-message"))


def empty(driver, selector):
    """Empties the screen's input matching `selector` as a person would (select all, delete), so
    the engine hears every change."""
    def emptied(d):
        field = d.find_element(By.CSS_SELECTOR, "#screen " + selector)
        if field.get_attribute("value") == "":
            return True
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        return False
    wait(driver).until(emptied)


def title(driver):
    titles = driver.find_elements(By.CSS_SELECTOR, "#screen .x-title")
    return titles[0].text if titles else ""


def kept_pages(driver):
    """The request keys of the pages the app keeps in IndexedDB."""
    return driver.execute_async_script(
        "window.xpedite.engine.cache.store.entries('pages')"
        ".then(entries => arguments[0](entries.map(([key]) => key).sort()))")


def offline(driver):
    return bool(driver.find_elements(By.CSS_SELECTOR, "#screen .x-offline-badge"))


def test_the_demo_in_the_phone_app_online_offline_and_back(demo, phone, output):
    phone.get(demo.url + "/app")
    assert phone.current_url == demo.url + "/app/"
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    # The engine runs in the page: no WebSocket, and the packets go to the demo's endpoint.
    assert phone.execute_script("return window.xpedite.config.endpoint") == "/xpedite"

    # Sign in.
    fill(phone, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    fill(phone, "input[type=password]", "demo1234")
    tap(phone, "Sign in")

    # The customers, paged past row 40 by scrolling the table.
    menu(phone, "Customers")
    wait(phone).until(lambda d: len(row_texts(d)) >= 40)

    def past_40(d):
        if any(int(index) >= 45 for index, _ in row_texts(d)):
            return True
        body = d.find_element(By.CSS_SELECTOR, "#screen .x-tbody")
        d.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", body)
        return False
    wait(phone, 30).until(past_40)
    assert phone.execute_script(
        "return Object.values(window.xpedite.engine.state.tables).some(t => t.rows.length > 41)")
    phone.save_screenshot(str(output / "phone-app-customers.png"))

    # A customer's form, saved with an empty name: the server's error shows, the form stays.
    phone.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='3']").click()
    tap(phone, "Edit")
    empty(phone, "input[placeholder='Required']")
    tap(phone, "Save")
    wait(phone).until(lambda d: alert_text(d) == "Please enter the customer's name.")
    dismiss(phone)

    # Pages the demo lets the phone keep: the dashboard (60 s) and About (permanent).
    menu(phone, "Dashboard")
    wait(phone).until(lambda d: title(d) == "Dashboard")
    menu(phone, "About")
    wait(phone).until(lambda d: title(d) == "About")

    # The server goes away while a form is open: a save says it needs the network and changes
    # nothing.
    menu(phone, "Add customer")
    fill(phone, "input[placeholder='Required']", "Ada Offline")
    demo.stop()
    tap(phone, "Save")
    wait(phone).until(lambda d: "needs the network" in alert_text(d))
    dismiss(phone)
    assert phone.find_element(By.CSS_SELECTOR, "#screen input[placeholder='Required']").get_attribute("value") == "Ada Offline"

    # Reload with no server: the service worker starts the app, which shows the page it kept
    # last, marked offline; the menu (kept by id) opens the other kept page, offline too.
    phone.refresh()
    wait(phone, 30).until(lambda d: offline(d) and title(d))
    assert title(phone) == "About"
    assert phone.find_element(By.CSS_SELECTOR, "#screen .x-offline-badge").text == "Offline"
    phone.save_screenshot(str(output / "phone-app-offline.png"))
    menu(phone, "Dashboard")
    wait(phone).until(lambda d: title(d) == "Dashboard" and offline(d))
    # A page that was never kept needs the server: said so, and the screen stays.
    menu(phone, "Customers")
    wait(phone).until(lambda d: "cannot be reached" in alert_text(d))
    dismiss(phone)
    assert title(phone) == "Dashboard"

    # The server is back: the next tap reaches it, and the app goes on online.
    assert demo.start(), demo.url
    menu(phone, "About")
    wait(phone, 20).until(lambda d: not offline(d) and (SIGN_IN in texts(d) or title(d) == "About"))
    assert "cannot be reached" not in alert_text(phone)

    # Signing out forgets what the app kept of this server (IndexedDB and the menus).
    if SIGN_IN not in texts(phone):
        menu(phone, "Sign out")
    wait(phone).until(lambda d: SIGN_IN in texts(d))
    fill(phone, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    fill(phone, "input[type=password]", "demo1234")
    tap(phone, "Sign in")
    menu(phone, "About")
    wait(phone).until(lambda d: title(d) == "About")
    assert "about {}" in kept_pages(phone)
    menu(phone, "Sign out")
    wait(phone).until(lambda d: SIGN_IN in texts(d))
    assert kept_pages(phone) == []


def test_the_app_needs_no_websocket(server, phone):
    phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.WebSocket;"})
    phone.get(server + "/app/")
    wait(phone, 30).until(lambda d: "Hello from the test app" in texts(d))
    assert phone.execute_script("return typeof window.WebSocket") == "undefined"
    tap(phone, "Next screen")
    wait_for_label(phone, "You reached the second screen")
    # The packets went through the simulator's same-origin relay.
    assert phone.execute_script("return window.xpedite.config.endpoint") == "relay"


def test_an_old_dialect_python_server_through_the_preview_relay(preview, phone):
    """`xpedite preview --server URL` serves the web app with a same-origin relay to a server in
    another language (the Python old-dialect server), which needs no CORS headers."""
    phone.get(preview + "/app/")
    wait(phone, 30).until(lambda d: "Welcome to the Python server" in texts(d))
    assert phone.execute_script("return window.xpedite.config.endpoint") == "relay"
    tap(phone, "Customers")
    wait(phone).until(lambda d: len(row_texts(d)) >= 40)

    def past_40(d):
        if any(int(index) >= 45 for index, _ in row_texts(d)):
            return True
        body = d.find_element(By.CSS_SELECTOR, "#screen .x-tbody")
        d.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", body)
        return False
    wait(phone, 30).until(past_40)
    # A row tap sends the old dialect's clickRow with the row number; its form refuses an empty
    # name with the server's rc message.
    phone.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='3']").click()
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen input[type='text']")
                      .get_attribute("value") == "Customer 3")
    empty(phone, "input[type='text']")
    phone.find_element(By.CSS_SELECTOR, "#screen .x-form-save").click()
    wait(phone).until(lambda d: alert_text(d) == "First name is required")
