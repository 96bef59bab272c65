"""The simulator's app switch in `xpedite demo` (decision 181): the phone frame shows the Xpedite
app or the notification app (a same-origin iframe), the packet inspector lists the notification
app's HTTP calls, and a server without the app (or an app that refuses to be framed) gets a clear
message. The credit approval is walked through as docs/demo.md tells it; with
XPEDITE_UPDATE_DOC_IMAGES=1 its screenshots are written to docs/images as well."""
import json
import os
import shutil
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import ROOT, serve
from notify_app import control, inbox_titles, wait_for_message
from notify_app import tap as notify_tap
from test_demo import fill, free_port, row_texts
from test_simulator import enter_phone, phone_texts, tap, texts, wait

DOC_IMAGES = ROOT / "docs" / "images"
ACCOUNT = ("demo@xpedite.dev", "demo1234")


@pytest.fixture(scope="module")
def demo():
    yield from serve(lambda attempt: ["demo", "--port", str(free_port()), "--customers", "60"],
                     "xpedite-switch-browser-")


def choose(driver, app, url=None):
    """Clicks the switch; `url` points it at another same-origin page first (the page reads
    `data-notify-app` when the notification app is first opened)."""
    if url is not None:
        driver.execute_script("document.body.dataset.notifyApp = arguments[0]", url)
    driver.find_element(By.CSS_SELECTOR, f".x-app-switch [data-app='{app}']").click()


def phone_box(driver):
    return driver.execute_script("""
        const r = document.getElementById('phone').getBoundingClientRect();
        return [r.x, r.y, r.width, r.height];""")


def open_page(driver, demo):
    """Opens the simulator and waits for the demo's sign-in screen in the phone's frame; leaves
    the driver on the simulator's page."""
    driver.get(demo + "/")
    wait(driver, 30).until(lambda d: "Demo account: demo@xpedite.dev / demo1234" in phone_texts(d))


def test_a_missing_notification_app_gets_a_clear_message_and_the_phone_stays(browser, demo):
    open_page(browser, demo)
    before = phone_box(browser)
    assert browser.find_element(By.ID, "notify-screen").is_displayed() is False
    choose(browser, "notify", "/no-such-app/")
    message = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#notify-screen .x-notify-message"))
    assert "The notification app is not served here." in message.text
    assert "GET /no-such-app/ answered 404" in message.text
    assert not browser.find_element(By.ID, "screen").is_displayed()
    assert phone_box(browser) == before
    pressed = browser.find_element(By.CSS_SELECTOR, ".x-app-switch [data-app='notify']").get_attribute("aria-pressed")
    assert pressed == "true"
    choose(browser, "xpedite")
    assert browser.find_element(By.ID, "screen").is_displayed()
    assert not browser.find_element(By.ID, "notify-screen").is_displayed()
    assert phone_box(browser) == before
    assert "Demo account: demo@xpedite.dev / demo1234" in phone_texts(browser)


def test_an_app_that_refuses_frames_gets_a_clear_message(browser, demo):
    open_page(browser, demo)
    # The simulator's own files forbid framing (frame-ancestors 'none').
    choose(browser, "notify", "/static/icon.svg")
    message = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#notify-screen .x-notify-message"))
    assert "cannot be shown in the phone frame" in message.text
    assert "frame-ancestors 'self'" in message.text


def test_the_inspector_lists_the_notification_apps_calls(browser, demo):
    """A same-origin page in the frame stands in for the app: the calls are made by the frame's
    own fetch, XMLHttpRequest and EventSource, as the app's would be."""
    open_page(browser, demo)
    choose(browser, "notify", "/metrics")
    wait(browser).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "1")
    frame = browser.find_element(By.CSS_SELECTOR, "#notify-screen iframe")
    # The frame is the phone's screen: the device's bounds (iPhone 16, 393 x 852).
    assert browser.execute_script("return [arguments[0].clientWidth, arguments[0].clientHeight]", frame) == [393, 852]
    browser.switch_to.frame(frame)
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async function () {
            const login = await fetch('/notify/v1/device/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({username: 'demo@xpedite.dev', password: 'demo1234', deviceId: 'switch-test',
                                      deviceName: 'Inspector test', platform: 'web'})});
            const token = (await login.json()).deviceToken;
            await (await fetch('/notify/v1/device/inbox', {headers: {Authorization: 'Bearer ' + token}})).text();
            await fetch(new Request('/notify/v1/device/login', {method: 'POST', body: '{"username": "demo@xpedite.dev"}',
                                                                headers: {'Content-Type': 'application/json'}}));
            const xhr = new XMLHttpRequest();
            xhr.open('GET', '/notify/v1/device/requests');
            xhr.setRequestHeader('Authorization', 'Bearer ' + token);
            xhr.onloadend = function () { done(); };
            xhr.send();
        })().catch(function (error) { done(String(error)); });""")
    browser.switch_to.default_content()
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#notify-calls .x-packet")) >= 4)

    def summaries(d):
        return d.execute_script("""return Array.from(document.querySelectorAll('#notify-calls .x-packet')).map(
            li => [li.querySelector('.x-packet-method').textContent, li.querySelector('.x-packet-meta').textContent,
                   li.className])""")
    wait(browser).until(lambda d: all("pending" not in meta for _, meta, _ in summaries(d)))
    calls = summaries(browser)
    methods = [method for method, _, _ in calls]
    # Newest first, as the packet inspector lists them.
    assert methods == ["GET /notify/v1/device/requests", "POST /notify/v1/device/login",
                       "GET /notify/v1/device/inbox", "POST /notify/v1/device/login"]
    statuses = [meta.split(" · ")[2] for _, meta, _ in calls]
    assert statuses == ["200", "422", "200", "200"]
    assert "x-failed" in calls[1][2] and "x-ok" in calls[0][2]
    assert all(meta.split(" · ")[1].endswith(" ms") for _, meta, _ in calls)
    # The bodies, pretty-printed, as text.
    first_login = browser.find_elements(By.CSS_SELECTOR, "#notify-calls .x-packet")[3]
    first_login.find_element(By.TAG_NAME, "summary").click()
    request, answer = [pre.text for pre in first_login.find_elements(By.CSS_SELECTOR, "pre.x-json")]
    assert json.loads(request)["deviceName"] == "Inspector test"
    assert '\n  "deviceToken"' in answer and json.loads(answer)["username"] == "demo@xpedite.dev"
    refused = browser.find_elements(By.CSS_SELECTOR, "#notify-calls .x-packet")[1]
    refused.find_element(By.TAG_NAME, "summary").click()
    assert "Answer (422)" in refused.text
    assert json.loads(refused.find_elements(By.CSS_SELECTOR, "pre.x-json")[0].text) == {"username": "demo@xpedite.dev"}
    # The Xpedite app's packets are still listed below.
    assert browser.find_elements(By.CSS_SELECTOR, "#inspector .x-packet")

    # An EventSource is one entry, marked as a stream; this one has no token, so the server
    # refuses it and the stream ends.
    browser.switch_to.frame(browser.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
    browser.execute_script("window.events = new EventSource('/notify/v1/device/events')")
    browser.switch_to.default_content()

    def stream(d):
        calls = summaries(d)
        return calls[0] if calls and "x-failed" in calls[0][2] else None
    method, meta, _ = wait(browser).until(stream)
    assert method == "GET /notify/v1/device/events"
    assert "event stream" in browser.find_element(By.CSS_SELECTOR, "#notify-calls .x-packet .x-packet-kind").text
    assert meta.endswith("0 event(s) · failed")


def test_a_reloaded_frame_is_watched_again(browser, demo):
    open_page(browser, demo)
    choose(browser, "notify", "/metrics")
    wait(browser).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "1")
    browser.execute_script("document.querySelector('#notify-screen iframe').contentWindow.location.reload()")
    wait(browser).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "2")
    browser.switch_to.frame(browser.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
    browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/notify/v1/device/webpush-key').then(function () { done(); }, function () { done(); });""")
    browser.switch_to.default_content()
    wait(browser).until(lambda d: "GET /notify/v1/device/webpush-key" in d.find_element(By.ID, "notify-calls").text)


def test_a_call_made_before_the_wrappers_attach_is_seen_late(demo):
    """A call the frame's document makes before the page's wrappers are in place is still listed,
    from its resource timing, marked "seen late", with its status but no bodies. Chromium runs a
    script added with Page.addScriptToEvaluateOnNewDocument as the document is created, before
    any task of the page's (its 5 ms watch included) can run: the fetch is always early."""
    from conftest import make_driver
    driver = make_driver(1200, 1000)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            if (window !== window.top && location.pathname === '/metrics') {
                window.early = fetch('/notify/v1/device/webpush-key').then(r => r.status, e => String(e));
            }"""})
        open_page(driver, demo)
        choose(driver, "notify", "/metrics")
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "1")
        # The frame's first document reuses the window of its initial about:blank, which the script
        # ran in; a reload makes a new window, and the script runs as it is created.
        driver.execute_script("document.querySelector('#notify-screen iframe').contentWindow.location.reload()")
        wait(driver).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "2")
        driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
        assert driver.execute_async_script("const done = arguments[0]; window.early.then(done)") == 200
        # The wrapper was put in place after the call: the frame's fetch is wrapped, the call was not seen by it.
        assert driver.execute_script("return fetch.xpediteInspected === true")
        driver.switch_to.default_content()

        def seen(d):
            return d.execute_script("""return Array.from(document.querySelectorAll('#notify-calls .x-packet')).map(li => [
                li.querySelector('.x-packet-method').textContent, li.querySelector('.x-packet-kind').textContent,
                li.querySelector('.x-packet-meta').textContent])""")
        listed = wait(driver).until(lambda d: [c for c in seen(d) if "/notify/v1/device/webpush-key" in c[0]])
        assert len(listed) == 1, seen(driver)
        method, kind, meta = listed[0]
        assert kind == "seen late"
        assert method.endswith("/notify/v1/device/webpush-key")
        assert " · 200" in meta and " ms" in meta
        entry = driver.find_element(By.CSS_SELECTOR, "#notify-calls .x-packet")
        entry.find_element(By.TAG_NAME, "summary").click()
        assert "made before the inspector attached: only its timing is known" in entry.text
    finally:
        driver.quit()


def open_customer(driver, row="2"):
    """Taps the list's row until the customer's page shows (rows are drawn again as they load)."""
    def opened(d):
        if any(t.startswith("Score ") for t in texts(d)):
            return True
        rows = d.find_elements(By.CSS_SELECTOR, f"#screen .x-row[data-row='{row}']")
        if rows:
            rows[0].click()
        time.sleep(0.3)
        return False
    wait(driver, 20).until(opened)


def save(driver, output, name):
    driver.save_screenshot(str(output / name))
    if os.environ.get("XPEDITE_UPDATE_DOC_IMAGES") == "1":
        DOC_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(output / name, DOC_IMAGES / name)


def save_element(driver, output, name, element):
    element.screenshot(str(output / name))
    if os.environ.get("XPEDITE_UPDATE_DOC_IMAGES") == "1":
        DOC_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(output / name, DOC_IMAGES / name)


def test_the_credit_approval_walkthrough(demo, output):
    """docs/demo.md, "In the simulator: raise a limit, approve it in the notification app": the
    Xpedite app raises the limit, the notification app in the same phone frame (the simulator's
    iframe) signs in, shows the approval in its inbox, opens it and approves it, the inspector
    lists its calls, and the Xpedite app shows the customer updated."""
    from conftest import make_driver
    driver = make_driver(1400, 1100)
    try:
        open_page(driver, demo)
        enter_phone(driver)
        fill(driver, "input[placeholder='name@example.com']", ACCOUNT[0])
        fill(driver, "input[type=password]", ACCOUNT[1])
        tap(driver, "Sign in")
        wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))
        driver.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
        panel = driver.find_element(By.CSS_SELECTOR, "#screen .x-panel")
        wait(driver, 30).until(lambda d: "x-open" in panel.get_attribute("class"))
        tap(driver, "Customers")
        wait(driver, 30).until(lambda d: len(row_texts(d)) >= 10)
        open_customer(driver)
        name = texts(driver)[0]
        tap(driver, "Edit")
        fill(driver, "input[inputmode='decimal']", "250000")
        save(driver, output, "demo-approval-edit.png")
        tap(driver, "Save")
        alert = wait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen .x-alert-message"))
        assert alert.text == "A credit limit of €250,000 needs approval: the request was sent to demo@xpedite.dev."
        save(driver, output, "demo-approval-requested.png")
        driver.find_element(By.CSS_SELECTOR, "#screen .x-alert-ok").click()
        wait(driver, 30).until(lambda d: any(t.startswith("Credit limit €250,000 pending approval") for t in texts(d)))

        # The approver's phone: the notification app in the same phone frame, used as a person would.
        driver.switch_to.default_content()
        choose(driver, "notify")
        wait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.notifyAttached") == "1")
        driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
        title = f"Approve a credit limit for {name}"
        # The Xpedite app in the phone frame is the web app, on the same origin as this one: its
        # sign-in signed the inbox in too (the demo's one sign-in, docs/phone-app.md#one-app), so
        # the notification app may open signed in; otherwise it is signed in here.
        wait(driver, 30).until(lambda d: d.find_elements(By.ID, "username") or title in inbox_titles(d))
        signed_in_here = bool(driver.find_elements(By.ID, "username"))
        if signed_in_here:
            driver.find_element(By.ID, "username").send_keys(ACCOUNT[0])
            driver.find_element(By.ID, "password").send_keys(ACCOUNT[1])
            driver.find_element(By.CSS_SELECTOR, "form.signin button[type=submit]").click()
        wait(driver, 30).until(lambda d: title in inbox_titles(d))
        driver.switch_to.default_content()
        save(driver, output, "demo-approval-inbox.png")

        driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
        wait_for_message(driver, title).click()
        form = wait(driver, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "form.form"))
        assert "to €250,000" in form.text
        Select(control(driver, "Reason")).select_by_visible_text("Payment history checked")
        footer = driver.find_element(By.CSS_SELECTOR, "div.footer")
        assert [b.text for b in footer.find_elements(By.TAG_NAME, "button")] == ["Approve", "Reject"]
        driver.switch_to.default_content()
        save(driver, output, "demo-approval-form.png")

        driver.switch_to.frame(driver.find_element(By.CSS_SELECTOR, "#notify-screen iframe"))
        notify_tap(driver, driver.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Approve']"))
        wait(driver, 30).until(lambda d: "No messages. New ones appear here." in
                           [n.text for n in d.find_elements(By.CSS_SELECTOR, "#view p.empty")])
        assert title not in inbox_titles(driver)
        driver.switch_to.default_content()

        # The inspector lists the app's calls, newest first: the answer was published (201).
        def calls(d):
            return d.execute_script("""return Array.from(document.querySelectorAll('#notify-calls .x-packet')).map(
                li => li.querySelector('.x-packet-method').textContent + ' ' + li.querySelector('.x-packet-meta').textContent)""")
        wait(driver, 30).until(lambda d: any(c.startswith("POST /notify/v1/device/responses") and " · 201" in c for c in calls(d)))
        listed = calls(driver)
        methods = ["GET /notify/v1/device/inbox", "GET /notify/v1/device/events"]
        for method in methods + (["POST /notify/v1/device/login"] if signed_in_here else []):
            assert any(c.startswith(method) for c in listed), (method, listed)
        save(driver, output, "demo-approval-answered.png")
        save_element(driver, output, "demo-approval-inspector.png", driver.find_element(By.ID, "notify-calls"))
        choose(driver, "xpedite")
        enter_phone(driver)

        # Back in the Xpedite app: the customer has the new limit.
        tap(driver, "Back to the list")
        wait(driver, 30).until(lambda d: len(row_texts(d)) >= 10)

        # The demo applies the decision in its own task after the 201: open the customer again
        # until its page shows it.
        approved = "Credit limit €250,000 approved by demo@xpedite.dev (Payment history checked)"
        deadline = time.monotonic() + 30
        open_customer(driver)
        while approved not in texts(driver) and time.monotonic() < deadline:
            time.sleep(0.5)
            tap(driver, "Back to the list")
            wait(driver, 30).until(lambda d: len(row_texts(d)) >= 10)
            open_customer(driver)
        assert approved in texts(driver), texts(driver)
        assert any(t.endswith("credit limit €250,000") for t in texts(driver))
        save(driver, output, "demo-approval-approved.png")
    finally:
        driver.quit()
