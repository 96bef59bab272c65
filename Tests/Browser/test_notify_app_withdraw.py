"""Withdrawing a message (docs/notify-api.md#delete-messagesmessageid, docs/push.md#withdrawal-pushes)
in headless Chromium: an open inbox loses the message within 2 s, an open form of it closes with
"This message was withdrawn", and a subscribed browser's push service receives the withdrawal push,
which the service worker turns into closing the message's notification."""
import json
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver
from notify_app import (SHOWN, Backend, DevTools, NotifyServer, app_registration_id, call, deliver, inbox_titles,
                        sign_in, wait, wait_for_message, wait_until_live)
from test_notify_app_push import SUBSCRIBE_SHIM, form, grant
from web_push_stand_in import WebPushStandIn

PASSWORD = "anna-secret"


@pytest.fixture
def withdraw_browser():
    driver = make_driver(480, 1000, extra=["--lang=en-US"])
    yield driver
    driver.quit()


def withdraw(server, message_id, reason=None):
    status, answer, _ = call(server.url + "/notify/v1", "DELETE", "/messages/" + message_id,
                             body={"reason": reason} if reason else {})
    assert status == 200, answer
    return answer


def test_an_open_inbox_loses_a_withdrawn_message_within_2_seconds(withdraw_browser):
    """Real: the server, the app signed in with its event stream open, the withdrawal by the
    backend route, and the app's handling of `event: withdrawn`: the message leaves the inbox
    that is on screen (within 2 s), and a form of a message open on screen is replaced by the
    notice that it was withdrawn (with the sender's reason). An answer to it is then refused."""
    driver = withdraw_browser
    server = NotifyServer()
    try:
        backend = Backend(server)
        backend.user("anna", PASSWORD)
        sign_in(driver, server.url, "anna", PASSWORD)
        wait_until_live(driver)
        kept = backend.send(["anna"], "Keep me", "Stays", form("Kept answer"))
        taken = backend.send(["anna"], "Take me back", "Sent by mistake", form("Taken answer"))
        wait_for_message(driver, "Take me back", 30)
        wait_for_message(driver, "Keep me", 30)

        start = time.monotonic()
        assert withdraw(server, taken) == {"messageId": taken, "state": "withdrawn", "withdrawn": 1}
        wait(driver, 2).until(lambda d: "Take me back" not in inbox_titles(d))
        assert time.monotonic() - start <= 2.0
        assert inbox_titles(driver) == ["Keep me"]

        # A form open on screen closes with a clear notice.
        driver.get(f"{server.url}/notify/app/#/message/{kept}")
        wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-head h2")
                               and d.find_element(By.CSS_SELECTOR, ".form-head h2").text == "Keep me")
        withdraw(server, kept, "sent by mistake")
        notice = wait(driver, 5).until(lambda d: d.find_elements(By.ID, "withdrawn"))[0]
        assert notice.text == "This message was withdrawn. Reason: sent by mistake"
        assert not driver.find_elements(By.CSS_SELECTOR, "form.form")

        # Opening it again (a stale link) says the same instead of showing the form.
        driver.get(f"{server.url}/notify/app/#/inbox")
        wait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#view p.empty"))
        driver.get(f"{server.url}/notify/app/#/message/{taken}")
        notice = wait(driver, 10).until(lambda d: d.find_elements(By.ID, "withdrawn"))[0]
        assert notice.text == "This message was withdrawn."
    finally:
        server.close()


def test_the_push_service_receives_the_withdrawal_and_the_worker_closes_the_notification(withdraw_browser):
    """Real: the server's Web Push sender (VAPID, RFC 8291 encryption, through the outbox) sending
    the message's push and then, after the withdrawal, the withdrawal push to the stand-in push
    service, which decrypts both; the service worker showing the message's notification and closing
    it on the withdrawal push. Shimmed as in test_notify_app_push.py: `PushManager.subscribe` (no
    push service in headless Chromium) and the last hop, push service → browser, done with
    DevTools' `deliverPushMessage` carrying what the stand-in decrypted."""
    driver = withdraw_browser
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
        wait(driver, 60).until(lambda d: d.execute_script("return window.pushShim.calls.length"))

        def subscribed():
            status, devices, _ = call(server.url + "/notify/v1", "GET", "/users/anna/devices")
            assert status == 200, devices
            return any(device["pushTarget"] for device in devices["devices"] if device["deviceId"].startswith("web-"))
        wait(driver, 30).until(lambda _: subscribed())

        message = backend.send(["anna"], "Pushed then taken back", "Soon gone", form("Your answer"))
        push = push_service.pushes.get(timeout=60)
        assert push.message["messageId"] == message
        page = DevTools(driver, "page", server.url + "/notify/app/")
        worker = DevTools(driver, "service_worker", server.url + "/notify/app/sw.js")
        try:
            registration = app_registration_id(page, server.url)
            assert deliver(page, worker, registration, server.url, push.plaintext.decode(), message) == [
                ["Pushed then taken back", "Soon gone", message]]

            withdraw(server, message, "wrong unit")
            withdrawal = push_service.pushes.get(timeout=60)
            assert push_service.refusals == []
            assert withdrawal.subscription is subscription
            assert withdrawal.message == {"type": "withdrawn", "messageId": message}
            def withdrawal_pushes():
                status, sent, _ = call(server.url + "/notify/v1", "GET", "/messages/" + message)
                assert status == 200 and sent["state"] == "withdrawn" and sent["reason"] == "wrong unit", sent
                return [(entry["provider"], entry["state"]) for entry in sent["withdrawalPushes"]]
            wait(driver, 10).until(lambda _: withdrawal_pushes() == [("webpush", "delivered")])

            # The worker closes the message's notification (a push that arrives while the worker
            # starts may be dropped, so it is delivered until the notification is gone).
            deadline = time.monotonic() + 20
            while [entry for entry in worker.evaluate(SHOWN) if entry[2] == message]:
                assert time.monotonic() < deadline, "the withdrawal push did not close the notification"
                page.command("ServiceWorker.deliverPushMessage", origin=server.url, registrationId=registration,
                             data=withdrawal.plaintext.decode())
                time.sleep(0.5)
            assert "Pushed then taken back" not in inbox_titles(driver)
        finally:
            worker.close()
            page.close()
    finally:
        server.close()
        push_service.stop()
