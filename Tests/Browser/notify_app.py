"""Helpers of the notification app's browser tests: `xpedite notify serve` on a port that can
be stopped and started again (the same origin, so the app's service worker, IndexedDB and
localStorage survive), a backend speaking docs/notify-api.md with an API key (as a backend in
another language would), a second device speaking the device routes
(docs/notify-api.md#device-routes), and the app's controls found by their accessible names."""
import json
import os
import queue
import shutil
import struct
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib

import websocket

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import XPEDITE, START_TIMEOUT
import xpedite_process  # on sys.path through conftest (Tests/PythonSupport)

API_KEY = "app-test-key"


class NotifyServer:
    """`xpedite notify serve` with a fresh data directory; `stop()` and `start()` again keep
    the port and the data."""

    def __init__(self, arguments=()):
        self.data = tempfile.mkdtemp(prefix="xpedite-notify-app-")
        self.port = 0
        self.arguments = list(arguments)
        self.process = None
        self.start()

    def start(self):
        arguments = [XPEDITE, "notify", "serve", "--data-dir", os.path.join(self.data, "notify"),
                     "--port", str(self.port), "--api-key", API_KEY, "--bcrypt-cost", "4", *self.arguments]
        for _ in range(50):
            with open(os.path.join(self.data, "serve.log"), "ab") as log:
                try:
                    self.process, match = xpedite_process.start(arguments, r"listening on (\d+)", START_TIMEOUT,
                                                                stderr=log)
                except xpedite_process.ProcessDidNotStart:
                    # The port of a restart may still be held for a moment: try again.
                    time.sleep(0.2)
                    continue
            self.port = int(match.group(1))
            return
        raise RuntimeError("xpedite notify serve did not start; see " + os.path.join(self.data, "serve.log"))

    def stop(self):
        if self.process:
            xpedite_process.stop(self.process)
            self.process = None

    def close(self):
        self.stop()
        shutil.rmtree(self.data, ignore_errors=True)

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


def call(base, method, path, token=API_KEY, body=None, raw=None, content_type=None):
    """One HTTP call; returns (status, JSON or bytes, headers)."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    request = urllib.request.Request(base + path, data=data, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if data is not None:
        request.add_header("Content-Type", content_type or "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            payload = response.read()
            status, headers = response.status, response.headers
    except urllib.error.HTTPError as error:
        payload, status, headers = error.read(), error.code, error.headers
    kind = headers.get("Content-Type", "")
    if payload and kind.startswith("application/json"):
        return status, json.loads(payload), headers
    return status, payload, headers


class Backend:
    """The backend routes of docs/notify-api.md, with the API key."""

    def __init__(self, server):
        self.server = server

    @property
    def api(self):
        return self.server.url + "/notify/v1"

    def user(self, name, password):
        status, answer, _ = call(self.api, "PUT", "/users/" + name, body={"password": password})
        assert status == 200, answer

    def send(self, users, title, body, payload):
        status, answer, _ = call(self.api, "POST", "/send",
                                 body={"title": title, "body": body, "payload": payload, "to": {"users": users}})
        assert status == 201, answer
        return answer["messageId"]

    def responses(self, topic):
        status, answer, _ = call(self.api, "GET", "/responses?topic=" + topic + "&limit=100")
        assert status == 200, answer
        return answer["responses"]

    def events(self, topic):
        """Reads GET /events?topic= in a thread; returns (queue of response objects, opened event)."""
        received, opened = queue.Queue(), threading.Event()

        def read():
            request = urllib.request.Request(self.api + "/events?topic=" + topic)
            request.add_header("Authorization", "Bearer " + API_KEY)
            try:
                with urllib.request.urlopen(request, timeout=600) as stream:
                    opened.set()
                    data = None
                    for raw in stream:
                        line = raw.decode().rstrip("\n")
                        if line == "" and data is not None:
                            received.put(json.loads(data))
                            data = None
                        elif line.startswith("data:"):
                            data = line[5:].strip()
            except Exception:   # the server stopped: the test reads the rest by GET /responses
                pass
        threading.Thread(target=read, daemon=True).start()
        return received, opened


class Device:
    """A device of a user speaking the device routes of docs/notify-api.md#device-routes (the
    user's other phone, or another user)."""

    def __init__(self, server, username, password, device_id):
        self.server = server
        status, answer, _ = call(server.url + "/notify/v1", "POST", "/device/login", token=None, body={
            "username": username, "password": password, "deviceId": device_id, "deviceName": "test device",
            "platform": "android"})
        assert status == 200, answer
        self.token = answer["deviceToken"]

    def call(self, method, path, **arguments):
        return call(self.server.url + "/notify/v1", method, path, token=self.token, **arguments)


class DevTools:
    """One DevTools target of the browser (a page, the service worker), over its own websocket
    at chromedriver's `debuggerAddress` — for what selenium's `execute_cdp_cmd` cannot do: talk to
    the service worker, and receive events (`ServiceWorker.workerRegistrationUpdated`)."""

    def __init__(self, driver, kind, url_prefix, seconds=30):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        deadline = time.monotonic() + seconds
        while True:
            with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as answer:
                targets = [target for target in json.load(answer)
                           if target["type"] == kind and target["url"].startswith(url_prefix)]
            if targets or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        if not targets:
            raise AssertionError(f"no DevTools target {kind} at {url_prefix}")
        self.socket = websocket.create_connection(targets[0]["webSocketDebuggerUrl"], timeout=60,
                                                  suppress_origin=True)
        self.events = []
        self.next_id = 0

    def command(self, method, **parameters):
        """Sends a command and returns its result; events that arrive meanwhile are kept."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": parameters}))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                return answer["result"]
            self.events.append(answer)

    def evaluate(self, expression):
        """The value of a JavaScript expression (awaited when it is a promise) in the target."""
        result = self.command("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for_event(self, method, accept, seconds=30):
        """The parameters of the first event `method` (seen so far or to come) that `accept`s."""
        deadline = time.monotonic() + seconds
        while True:
            for event in self.events:
                if event.get("method") == method and accept(event["params"]):
                    return event["params"]
            if time.monotonic() > deadline:
                raise AssertionError(f"no {method} event within {seconds} s")
            self.socket.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                pass
            finally:
                self.socket.settimeout(60)

    def close(self):
        self.socket.close()


def app_registration_id(page, base):
    """The DevTools id of the app's service worker registration (scope /notify/app/), from the
    `ServiceWorker.workerRegistrationUpdated` events of a page target."""
    page.command("ServiceWorker.enable")
    scope = base + "/notify/app/"
    event = page.wait_for_event("ServiceWorker.workerRegistrationUpdated", lambda params: any(
        r["scopeURL"] == scope and not r["isDeleted"] for r in params["registrations"]))
    return next(r["registrationId"] for r in event["registrations"] if r["scopeURL"] == scope and not r["isDeleted"])


# The notifications the app's service worker shows: [title, body, message id] each.
SHOWN = "self.registration.getNotifications().then((list) => list.map((n) => [n.title, n.body, n.data && n.data.messageId]))"


def deliver(page, worker, registration, base, data, message_id):
    """Delivers `data` to the app's service worker as a push service would (DevTools'
    `ServiceWorker.deliverPushMessage`, the registration's real id) until the worker shows the
    message's notification (a push that arrives while the worker starts may be dropped; its tag
    keeps one notification per message)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        page.command("ServiceWorker.deliverPushMessage", origin=base, registrationId=registration, data=data)
        time.sleep(0.5)
        shown = [entry for entry in worker.evaluate(SHOWN) if entry[2] == message_id]
        if shown:
            return shown
    raise AssertionError(f"the service worker did not show the push of {message_id}")


def png(width=64, height=48):
    """A small PNG photo (a colour gradient), made with the standard library."""
    rows = b"".join(b"\x00" + bytes(v for x in range(width) for v in (x * 4 % 256, y * 5 % 256, 160))
                    for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def tap(driver, element):
    """Clicks an element after scrolling it to the middle of the window (clear of the app's
    sticky header and footer, where WebDriver's own scrolling may leave it)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def wait(driver, seconds=15):
    # The inbox and the form are drawn again when the device event stream or the queue says so: an
    # element found a moment ago may be gone by the time its text is read. Look again.
    return WebDriverWait(driver, seconds, poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException])


def control(driver, label):
    """The control whose accessible name is `label`: the target of a `<label for>` with that
    text, or an element with that aria-label."""
    for node in driver.find_elements(By.CSS_SELECTOR, "label[for]"):
        if node.text.strip() == label:
            return driver.find_element(By.ID, node.get_attribute("for"))
    matches = [node for node in driver.find_elements(By.CSS_SELECTOR, "[aria-label]")
               if node.get_attribute("aria-label") == label]
    if matches:
        return matches[0]
    for node in driver.find_elements(By.CSS_SELECTOR, "[aria-labelledby]"):
        labelled = driver.find_elements(By.ID, node.get_attribute("aria-labelledby"))
        if labelled and labelled[0].text.strip() == label and node.get_attribute("role") != "group":
            return node
    raise AssertionError(f"no control named {label!r}")


def field(driver, label):
    """The box (role=group) of the field labelled `label`."""
    for node in driver.find_elements(By.CSS_SELECTOR, ".field[aria-labelledby]"):
        labelled = driver.find_elements(By.ID, node.get_attribute("aria-labelledby"))
        if labelled and labelled[0].text.strip() == label:
            return node
    raise AssertionError(f"no field labelled {label!r}")


def sign_in(driver, base, username, password):
    driver.get(base + "/notify/app/")
    wait(driver, 30).until(lambda d: d.find_elements(By.ID, "username"))
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, "form.signin button[type=submit]").click()
    wait(driver, 30).until(lambda d: d.find_elements(By.ID, "tabs") and d.find_element(By.ID, "tabs").is_displayed())


def wait_until_live(driver, seconds=30):
    """Waits until the inbox is drawn and the device event stream is open: the status line says
    "offline" from the first draw until the stream opens (a sign-in returns once the tabs show,
    which is earlier)."""
    wait(driver, seconds).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#view p.empty, #inbox")
                                and "offline" not in d.find_element(By.ID, "status").text)


def wait_until_back_in_inbox(driver, seconds=30):
    """Waits until the app is back in the inbox after a submit, which it is once its queue has
    sent the answer (or kept it as "waiting to send"). The route tells: an empty inbox has no
    #inbox list, and neither has the form."""
    wait(driver, seconds).until(lambda d: d.execute_script("return location.hash") == "#/inbox"
                                and not d.find_elements(By.CSS_SELECTOR, "form.form"))


def inbox_titles(driver):
    return driver.execute_script("return [...document.querySelectorAll('#inbox .item-title')].map(n => n.textContent)")


class Message:
    """An inbox entry, found again by its title on each use (the inbox is redrawn live)."""

    def __init__(self, driver, title):
        self.driver = driver
        self.title = title

    def element(self):
        for node in self.driver.find_elements(By.CSS_SELECTOR, "#inbox .item"):
            try:
                if node.find_element(By.CSS_SELECTOR, ".item-title").text == self.title:
                    return node
            except StaleElementReferenceException:
                continue
        return None

    @property
    def text(self):
        return wait(self.driver).until(lambda d: _fresh(lambda: self.element().text))

    def click(self):
        wait(self.driver).until(lambda d: _fresh(lambda: self.element().click() or True))


def _fresh(read):
    try:
        return read()
    except (StaleElementReferenceException, AttributeError):
        return None


def wait_for_message(driver, title, seconds=15):
    wait(driver, seconds).until(lambda d: title in inbox_titles(d))
    return Message(driver, title)
