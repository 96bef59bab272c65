"""Web Push in the notification app (docs/notify-app.md#web-push), in headless Chromium: tapping a shown
notification opens its message — in the app's open window, and in a new window when none is
open — and the app's subscription after sign-in reaches the server, whose pushes arrive at a push
service encrypted for that subscription and show as the service worker shows them.

Headless Chromium has no push service and no notification to click, so two things are done the
way DevTools allows (each test's docstring says exactly what is real and what is not)."""
import json

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver
from notify_app import (SHOWN, Backend, Device, DevTools, NotifyServer, app_registration_id, call, control, deliver,
                        sign_in, wait)
from web_push_stand_in import WebPushStandIn, unb64url

TOPIC = "/test/push"
PASSWORD = "anna-secret"
# A tap, as the service worker's own handler receives it: a `notificationclick` event carrying the
# shown notification. Made by script (DevTools cannot click a notification), so `isTrusted` is
# false: sw.js runs the work without `waitUntil` then, and Chromium refuses `clients.openWindow`
# and `focus()` (they need a real tap).
TAP = """self.registration.getNotifications().then((list) => {
  const notification = list.find((n) => n.data && n.data.messageId === %s);
  if (!notification) throw new Error("no notification of the message is shown");
  return self.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
})"""
# Records each `clients.openWindow` of the worker (the URL and how it ended), calling the real one.
RECORD_OPEN_WINDOW = """(() => {
  const openWindow = self.clients.openWindow.bind(self.clients);
  self.openedWindows = [];
  self.clients.openWindow = (url) => {
    const entry = { url };
    self.openedWindows.push(entry);
    return openWindow(url).then((client) => { entry.outcome = "opened"; return client; },
                                (error) => { entry.outcome = `${error.name}: ${error.message}`; throw error; });
  };
  return true;
})()"""


@pytest.fixture
def push_browser():
    driver = make_driver(480, 1000, extra=["--lang=en-US"])
    yield driver
    driver.quit()


def grant(driver, base):
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})


def form(label):
    return {"responseTopic": TOPIC, "fields": [{"type": "inputString", "id": "answer", "label": label}]}


def form_of(driver, title, label):
    """Waits until the app shows the form of the message `title` with the field `label`."""
    wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-head h2")
                           and d.find_element(By.CSS_SELECTOR, ".form-head h2").text == title)
    return control(driver, label)


def test_tapping_a_notification_opens_its_message(push_browser):
    """Real: the server, the app, its service worker, the push delivered to the worker by
    Chromium (DevTools' `deliverPushMessage` with the registration's id from
    `ServiceWorker.workerRegistrationUpdated`, in place of a push service), the notifications the
    worker shows (`getNotifications()` in the worker's own DevTools target), the worker's
    `notificationclick` handler and the app's navigation. Not real: the tap. No DevTools command
    clicks a notification, so the test dispatches `notificationclick` with the shown notification
    in the worker (TAP). A window of the app is open: the handler tells it to show the message, and
    it does. No window is open: the handler calls `clients.openWindow` with the message's URL,
    which Chromium refuses for an event made by script (a real tap allows it), so the test records
    the URL the handler asked for and opens it as the browser would, and the message shows there
    (signed in, in a fresh window)."""
    driver = push_browser
    server = NotifyServer()
    try:
        backend = Backend(server)
        backend.user("anna", PASSWORD)
        grant(driver, server.url)
        sign_in(driver, server.url, "anna", PASSWORD)
        wait(driver, 30).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
        first = backend.send(["anna"], "Open me", "Tap to open", form("First answer"))
        second = backend.send(["anna"], "Open me too", "Tap with no window", form("Second answer"))
        page = DevTools(driver, "page", server.url + "/notify/app/")
        worker = DevTools(driver, "service_worker", server.url + "/notify/app/sw.js")
        try:
            registration = app_registration_id(page, server.url)
            for message, title, body in [(first, "Open me", "Tap to open"), (second, "Open me too", "Tap with no window")]:
                data = json.dumps({"messageId": message, "title": title, "body": body})
                assert deliver(page, worker, registration, server.url, data, message) == [[title, body, message]]
            assert "#/message/" not in driver.current_url

            # A window of the app is open: it shows the tapped message; the notification is closed.
            worker.evaluate(TAP % json.dumps(first))
            wait(driver).until(lambda d: d.current_url == f"{server.url}/notify/app/#/message/{first}")
            form_of(driver, "Open me", "First answer")
            assert worker.evaluate(SHOWN) == [["Open me too", "Tap with no window", second]]

            # No window is open: the worker opens one at the message.
            app_window = driver.current_window_handle
            driver.switch_to.new_window("tab")
            blank = driver.current_window_handle
            driver.switch_to.window(app_window)
            driver.close()
            driver.switch_to.window(blank)
            # The permission given through the closed tab's DevTools session ended with it.
            grant(driver, server.url)
            page.close()
            wait(driver).until(lambda _: worker.evaluate(
                "self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => list.length)") == 0)
            assert worker.evaluate(RECORD_OPEN_WINDOW) is True
            worker.evaluate(TAP % json.dumps(second))
            wait(driver).until(lambda _: (worker.evaluate("self.openedWindows") or [{}])[0].get("outcome"))
            opened = worker.evaluate("self.openedWindows")
            assert [entry["url"] for entry in opened] == [f"{server.url}/notify/app/#/message/{second}"]
            assert worker.evaluate(SHOWN) == []
            if opened[0]["outcome"] == "opened":      # a Chromium that allows it without a real tap
                wait(driver).until(lambda d: len(d.window_handles) == 2)
                driver.switch_to.window([h for h in driver.window_handles if h != blank][0])
            else:
                assert opened[0]["outcome"] == "InvalidAccessError: Not allowed to open a window.", opened
                driver.get(opened[0]["url"])
            form_of(driver, "Open me too", "Second answer")
        finally:
            worker.close()
            page.close()
    finally:
        server.close()


# Stands in for `PushManager.prototype.subscribe` in the page (added before any script of the
# page runs): it records what the app asks for and hands back the test's subscription.
SUBSCRIBE_SHIM = """(() => {
  const subscription = %s;
  window.pushShim = { calls: [] };
  PushManager.prototype.subscribe = function (options) {
    window.pushShim.calls.push({ userVisibleOnly: options.userVisibleOnly === true,
      applicationServerKey: Array.from(new Uint8Array(options.applicationServerKey)) });
    return Promise.resolve({
      endpoint: subscription.endpoint, expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey },
      toJSON: () => subscription, unsubscribe: () => Promise.resolve(true),
    });
  };
})();"""


def test_the_app_subscribes_after_sign_in_and_pushes_arrive_encrypted_for_it(push_browser):
    """Real: the server (`--webpush-hosts 127.0.0.1` admits the stand-in push service, plain HTTP
    to a loopback host), the app's sign-in and its subscribe step (push.js: the permission, the
    server's VAPID key, `PUT /device/push-token`), the server's Web Push sender (VAPID, RFC 8291
    encryption, through the outbox), and the service worker showing what arrives. The stand-in
    push service (web_push_stand_in.py) is a Python HTTP server that checks the VAPID JWT and
    decrypts with the subscription's private key. Shimmed: `PushManager.prototype.subscribe` —
    headless Chromium cannot reach a real push service (no internet, and its subscription never
    answers), so the page's `subscribe` returns a subscription the test made (a real P-256 key pair
    and auth secret, its endpoint on the stand-in), after checking that the app asked with the
    server's VAPID key and `userVisibleOnly`. And the last hop, push service → browser: the
    decrypted push is handed to the service worker through DevTools (`deliverPushMessage`), as a
    browser does with what its push service sends."""
    driver = push_browser
    push_service = WebPushStandIn()
    server = NotifyServer(["--webpush-hosts", "127.0.0.1"])
    try:
        subscription = push_service.subscribe()
        backend = Backend(server)
        backend.user("anna", PASSWORD)
        grant(driver, server.url)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": SUBSCRIBE_SHIM % json.dumps(subscription.json())})
        sign_in(driver, server.url, "anna", PASSWORD)

        # The app asked with the server's key, and the server took the subscription.
        status, key, _ = call(server.url + "/notify/v1", "GET", "/device/webpush-key",
                              token=Device(server, "anna", PASSWORD, "other-phone").token)
        assert status == 200, key
        # The app subscribes once its service worker is active: a first visit installs the shell first.
        calls = wait(driver, 60).until(lambda d: d.execute_script("return window.pushShim.calls"))
        assert calls == [{"userVisibleOnly": True, "applicationServerKey": list(unb64url(key["publicKey"]))}]
        driver.get(server.url + "/notify/app/#/account")
        wait(driver, 30).until(lambda d: d.find_elements(By.ID, "push-status")
                               and d.find_element(By.ID, "push-status").text == "Push notifications are on.")
        status, devices, _ = call(server.url + "/notify/v1", "GET", "/users/anna/devices")
        assert status == 200, devices
        web = [device for device in devices["devices"] if device["deviceId"].startswith("web-")]
        assert [device["pushTarget"] for device in web] == [True], devices

        # A send reaches the push service, signed by the server's key and encrypted for the
        # subscription's key.
        message = backend.send(["anna"], "Pushed for real", "Encrypted for this browser", form("Your answer"))
        push = push_service.pushes.get(timeout=60)
        assert push_service.refusals == []
        assert push.subscription is subscription
        assert push.vapid_key == key["publicKey"]
        assert push.claims["aud"] == push_service.origin and push.claims["sub"]
        assert push.headers["Urgency"] == "high"
        assert push.message["messageId"] == message
        assert (push.message["title"], push.message["body"]) == ("Pushed for real", "Encrypted for this browser")

        # What the service worker shows of the decrypted push: its title, body and message.
        page = DevTools(driver, "page", server.url + "/notify/app/")
        worker = DevTools(driver, "service_worker", server.url + "/notify/app/sw.js")
        try:
            registration = app_registration_id(page, server.url)
            shown = deliver(page, worker, registration, server.url, push.plaintext.decode(), message)
            assert shown == [["Pushed for real", "Encrypted for this browser", message]]
        finally:
            worker.close()
            page.close()
    finally:
        server.close()
        push_service.stop()
