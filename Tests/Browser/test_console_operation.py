"""The console's Operation section (docs/console.md#operation) in headless Chromium (issue 28): a
webhook's delivery to a local receiver shows with its state, Test posts a signed test body to it,
the outbox figures show a webhook that cannot be reached (and Retry now makes it due), and the
chart draws bars for the sends and the answer made in the test. A viewer sees no buttons.
UPDATE_CONSOLE_SCREENSHOTS=1 saves docs/images/console-operation.png."""
import hashlib
import hmac
import http.server
import json
import os
import threading
import time
import uuid
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, call
from test_console import PASSWORD, sign_in, wait

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "console-operation.png"
TOPIC = "/ops/check"
PAYLOAD = {"responseTopic": TOPIC, "fields": [{"id": "note", "type": "inputString"}]}
SECRET = "hook secret"


class Receiver:
    """A local HTTP server that records the POSTs it gets and answers 200."""

    def __init__(self):
        self.posts = []
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.posts.append((dict(self.headers), body))
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def setup():
    server = NotifyServer()
    receiver = Receiver()
    try:
        api = server.url + "/notify/v1"
        for name, role in [("ann", "admin"), ("vic", "viewer")]:
            status, body, _ = call(api, "PUT", "/operators/" + name, body={"password": PASSWORD, "role": role})
            assert status == 200, body
        backend = Backend(server)
        backend.user("joe", "secret")
        device = Device(server, "joe", "secret", "joe-phone")
        status, body, _ = call(api, "PUT", "/webhooks/receiver", body={"topic": TOPIC, "url": receiver.url, "secret": SECRET})
        assert status == 200, body
        # Nothing listens on port 9 (discard): this webhook's delivery waits in the outbox.
        status, body, _ = call(api, "PUT", "/webhooks/unreachable",
                               body={"topic": TOPIC, "url": "http://127.0.0.1:9/hook", "secret": "x"})
        assert status == 200, body
        messages = [backend.send(["joe"], f"Check {index}", "Please", PAYLOAD) for index in range(3)]
        status, body, _ = device.call("POST", "/device/responses", body={
            "responseId": str(uuid.uuid4()), "messageId": messages[0], "submitValue": 0, "values": {"note": "all good"}})
        assert status == 201, body
        deadline = time.monotonic() + 20
        while not (receiver.posts and delivered(api) and waiting_with_error(api)):
            assert time.monotonic() < deadline, "the webhook delivery did not arrive"
            time.sleep(0.1)
        yield server, receiver
    finally:
        receiver.close()
        server.close()


def delivered(api):
    status, body, _ = call(api, "GET", "/webhooks")
    assert status == 200, body
    hook = next(item for item in body["webhooks"] if item["name"] == "receiver")
    return [delivery["state"] for delivery in hook["deliveries"]] == ["delivered"]


def waiting_with_error(api):
    status, body, _ = call(api, "GET", "/deliveries")
    assert status == 200, body
    return any(problem["target"] == "unreachable" for problem in body["recentProblems"])


@pytest.fixture
def browser():
    driver = make_driver(1200, 1400)
    yield driver
    driver.quit()


def open_operation(browser, server, who):
    browser.get(server.url + "/notify/console/#/operation")
    wait(browser, lambda d: d.find_element(By.ID, "sign-in-view").is_displayed())
    sign_in(browser, who, PASSWORD)
    wait(browser, lambda d: d.find_elements(By.ID, "activity"))


def test_webhooks_outbox_and_chart_show_what_happened(setup, browser):
    server, receiver = setup
    open_operation(browser, server, "ann")

    hook = browser.find_element(By.CSS_SELECTOR, "article[data-webhook='receiver']")
    assert TOPIC in hook.text and receiver.url in hook.text
    rows = hook.find_elements(By.CSS_SELECTOR, "tr[data-delivery]")
    assert len(rows) == 1
    assert [cell.text for cell in rows[0].find_elements(By.TAG_NAME, "td")][:2] == ["delivered", "1"]
    assert "secret" not in browser.find_element(By.ID, "content").text

    # Test: one signed POST with {"test": true}, and the answer shown.
    before = len(receiver.posts)
    hook.find_element(By.CSS_SELECTOR, "button.test-webhook").click()
    wait(browser, lambda d: hook.find_element(By.CSS_SELECTOR, ".test-result").text == "Test delivered.")
    assert len(receiver.posts) == before + 1
    headers, body = receiver.posts[-1]
    assert json.loads(body)["test"] is True
    signature = {name.lower(): value for name, value in headers.items()}["x-xpedite-signature"]
    assert signature == "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()

    # The unreachable webhook's delivery waits: the outbox shows it, with its error.
    wait(browser, lambda d: int(d.find_element(By.ID, "outbox-depth").text) >= 1)
    assert int(browser.find_element(By.ID, "outbox-failures").text) >= 1
    assert browser.find_element(By.ID, "outbox-oldest").text != "none"
    problems = browser.find_element(By.ID, "outbox-problems").text
    assert "unreachable" in problems
    browser.find_element(By.ID, "retry-now").click()
    wait(browser, lambda d: "are due now" in d.find_element(By.ID, "status").text)

    # The chart: bars for the three sends and the one answer of this hour.
    bars = browser.find_elements(By.CSS_SELECTOR, "#activity svg rect.bar")
    sends = sum(int(bar.get_attribute("data-value")) for bar in bars if bar.get_attribute("data-series") == "sends")
    answers = sum(int(bar.get_attribute("data-value")) for bar in bars if bar.get_attribute("data-series") == "answers")
    assert (sends, answers) == (3, 1)
    assert all(float(bar.get_attribute("height")) > 0 for bar in bars)

    if os.environ.get("UPDATE_CONSOLE_SCREENSHOTS") == "1":
        browser.execute_script("document.activeElement && document.activeElement.blur()")
        browser.save_screenshot(str(SCREENSHOT))


def test_a_viewer_sees_operation_without_buttons(setup, browser):
    server, _ = setup
    open_operation(browser, server, "vic")
    content = browser.find_element(By.ID, "content")
    assert content.find_elements(By.CSS_SELECTOR, "article[data-webhook='receiver'] tr[data-delivery]")
    assert content.find_elements(By.CSS_SELECTOR, "#activity svg rect.bar")
    assert content.find_elements(By.TAG_NAME, "button") == []
