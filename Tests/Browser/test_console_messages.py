"""The console's Messages section (docs/console.md#messages) in headless Chromium: a sender sees
the sent messages newest first, searches them, opens one and sees its recipients, its pushes'
states and an answer with its photo as a thumbnail, and withdraws it; a viewer sees no Withdraw
button and a DELETE forged with the viewer's own session and CSRF token gets 403; a label or a
title of `<img src=x onerror=alert(1)>` shows as text and runs nothing.
`UPDATE_CONSOLE_SCREENSHOTS=1` writes docs/images/console-messages.png again."""
import io
import os
import uuid
from pathlib import Path

import pytest
from PIL import Image
from selenium.common.exceptions import NoAlertPresentException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, call

PASSWORD = "a long passphrase"
TOPIC = "/console/inspections"
HOSTILE = "<img src=x onerror=alert(1)>"
SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "console-messages.png"


@pytest.fixture(scope="module")
def server():
    server = NotifyServer()
    try:
        for name, role in [("sam", "sender"), ("vic", "viewer")]:
            status, body, _ = call(server.url + "/notify/v1", "PUT", "/operators/" + name,
                                   body={"password": PASSWORD, "role": role})
            assert status == 200, body
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def sent(server):
    """Three messages to joe and ann (the middle one with a hostile title), and joe's answer with
    a photo to the newest; their ids, oldest first, and the photo's document name."""
    backend = Backend(server)
    backend.user("joe", "joe-secret")
    backend.user("ann", "ann-secret")
    joe = Device(server, "joe", "joe-secret", "joe-phone")
    Device(server, "ann", "ann-secret", "ann-phone")
    payload = {"responseTopic": TOPIC, "fields": [
        {"type": "droplist", "id": "colour", "label": HOSTILE, "values": ["Red", "Green"]},
        {"type": "camera", "id": "photo", "label": "Photo of the gate"},
        {"type": "inputString", "id": "note", "label": "Note", "optional": True}]}
    ids = [backend.send(["joe", "ann"], "Fence check", "Walk the fence", payload),
           backend.send(["ann"], HOSTILE, "Hostile title", payload),
           backend.send(["joe", "ann"], "Gate inspection", "Photograph the north gate", payload)]
    picture = io.BytesIO()
    Image.new("RGB", (160, 120), (30, 120, 200)).save(picture, "JPEG")
    status, answer, _ = joe.call("POST", "/device/documents?kind=image", raw=picture.getvalue(), content_type="image/jpeg")
    assert status == 201, answer
    photo = answer["name"]
    status, answer, _ = joe.call("POST", "/device/responses", body={
        "responseId": str(uuid.uuid4()), "messageId": ids[2], "submitValue": 0,
        "values": {"colour": "Green", "photo": photo, "note": "<b>bold?</b>"}})
    assert status == 201, answer
    return ids, photo


@pytest.fixture
def browser():
    driver = make_driver(1280, 900)
    yield driver
    driver.quit()


def wait(driver, condition, seconds=20):
    """Waits until `condition` holds, trying again while the section is being redrawn."""
    return WebDriverWait(driver, seconds, ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(
        lambda d: condition(d))


def sign_in(driver, server, username):
    driver.get(server.url + "/notify/console/#/messages")
    wait(driver, lambda d: d.find_element(By.ID, "sign-in").is_displayed())
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.ID, "sign-in-button").click()
    wait(driver, lambda d: d.find_element(By.ID, "shell").is_displayed())


def listed(driver):
    """The titles of the listed messages, in order, once the list has rows (read again while the
    list is being redrawn)."""
    def titles(d):
        try:
            if not (d.find_elements(By.CSS_SELECTOR, "#message-list tbody tr")
                    or d.find_element(By.ID, "message-list-empty").is_displayed()):
                return None
            return [row.find_element(By.CSS_SELECTOR, ".message-title").text
                    for row in d.find_elements(By.CSS_SELECTOR, "#message-list tbody tr")]
        except (StaleElementReferenceException, NoSuchElementException):
            return None
    return wait(driver, titles)


def no_alert(driver):
    try:
        text = driver.switch_to.alert.text
    except NoAlertPresentException:
        return
    raise AssertionError(f"an alert ran: {text}")


def test_a_sender_lists_searches_opens_and_withdraws_a_message(server, sent, browser):
    ids, photo = sent
    sign_in(browser, server, "sam")
    assert listed(browser) == ["Gate inspection", HOSTILE, "Fence check"]
    rows = browser.find_elements(By.CSS_SELECTOR, "#message-list tbody tr")
    newest = rows[0]
    assert newest.get_attribute("data-message-id") == ids[2]
    assert newest.find_element(By.CSS_SELECTOR, ".answered").text == "1/2"
    assert newest.find_element(By.CSS_SELECTOR, "[data-state]").text == "Active"
    states = [badge.get_attribute("data-delivery-state")
              for badge in newest.find_elements(By.CSS_SELECTOR, "[data-delivery-state]")]
    assert states and set(states) <= {"pending", "delivered", "gone", "failed"}
    # The hostile title is text: no image was made of it and nothing ran.
    assert not browser.find_elements(By.CSS_SELECTOR, "#message-list img")
    no_alert(browser)

    # Search: by text (without case) and by state.
    search = browser.find_element(By.ID, "message-search")
    search.send_keys("INSPECTION")
    browser.find_element(By.CSS_SELECTOR, "#message-filter button[type=submit]").click()
    wait(browser, lambda d: listed(d) == ["Gate inspection"])
    assert "q=INSPECTION" in browser.current_url

    # Open it: recipients, pushes per device, the answer with its photo as a thumbnail.
    browser.find_element(By.LINK_TEXT, "Gate inspection").click()
    wait(browser, lambda d: d.find_element(By.ID, "message-title").text == "Gate inspection")
    assert browser.current_url.endswith("#/messages/" + ids[2])
    recipients = {row.get_attribute("data-username"): row.text
                  for row in browser.find_elements(By.CSS_SELECTOR, "#message-recipients tbody tr")}
    assert set(recipients) == {"joe", "ann"}
    assert "answered" in recipients["joe"] and "pending" in recipients["ann"]
    devices = {row.get_attribute("data-device-id"): row.find_element(By.CSS_SELECTOR, "[data-delivery-state]").text
               for row in browser.find_elements(By.CSS_SELECTOR, "#message-deliveries tbody tr")}
    assert set(devices) == {"joe-phone", "ann-phone"}
    assert set(devices.values()) <= {"pending", "delivered", "gone", "failed"}
    answer = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#message-answers .answer"))
    labels = [term.text for term in answer.find_elements(By.TAG_NAME, "dt")]
    assert labels == [HOSTILE, "Photo of the gate", "Note"]
    assert answer.find_element(By.CSS_SELECTOR, "[data-field-id=colour]").text == "Green"
    assert answer.find_element(By.CSS_SELECTOR, "[data-field-id=note]").text == "<b>bold?</b>"
    thumbnail = answer.find_element(By.CSS_SELECTOR, "[data-field-id=photo] img.thumbnail")
    assert thumbnail.get_attribute("src").endswith("/notify/v1/documents/" + photo)
    wait(browser, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", thumbnail) == 160)
    assert len(answer.find_elements(By.TAG_NAME, "img")) == 1
    no_alert(browser)

    # Withdraw it with a reason.
    browser.find_element(By.ID, "withdraw-reason").send_keys("gate already fixed")
    browser.find_element(By.ID, "withdraw").click()
    wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#content [data-state]").text == "Withdrawn")
    assert not browser.find_elements(By.ID, "withdraw")
    assert "gate already fixed" in browser.find_element(By.CSS_SELECTOR, ".facts").text
    status, message, _ = call(server.url + "/notify/v1", "GET", "/messages/" + ids[2])
    assert status == 200 and message["state"] == "withdrawn" and message["reason"] == "gate already fixed"

    # Back in the list it shows withdrawn, and the state filter finds it.
    browser.find_element(By.ID, "back-to-messages").click()
    wait(browser, lambda d: listed(d) == ["Gate inspection", HOSTILE, "Fence check"])
    assert browser.find_element(By.CSS_SELECTOR, "#message-list tbody tr [data-state]").text == "Withdrawn"
    if os.environ.get("UPDATE_CONSOLE_SCREENSHOTS") == "1":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOT))
    Select(browser.find_element(By.ID, "message-state")).select_by_value("withdrawn")
    browser.find_element(By.CSS_SELECTOR, "#message-filter button[type=submit]").click()
    wait(browser, lambda d: listed(d) == ["Gate inspection"])


def test_a_viewer_reads_but_cannot_withdraw(server, sent, browser):
    ids, _ = sent
    sign_in(browser, server, "vic")
    assert HOSTILE in listed(browser)
    browser.get(server.url + "/notify/console/#/messages/" + ids[0])
    wait(browser, lambda d: d.find_element(By.ID, "message-title").text == "Fence check")
    wait(browser, lambda d: d.find_elements(By.ID, "message-answers"))
    assert not browser.find_elements(By.ID, "withdraw")
    assert not browser.find_elements(By.ID, "withdraw-form")
    # A DELETE forged in the page with the viewer's own session and CSRF token is refused.
    status = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("session", {credentials: "same-origin"}).then((answer) => answer.json()).then((session) =>
          fetch("../v1/messages/" + arguments[0], {method: "DELETE", credentials: "same-origin",
            headers: {"X-CSRF-Token": session.csrfToken, "Content-Type": "application/json"}, body: "{}"}))
          .then((answer) => done(answer.status), (error) => done(String(error)));
    """, ids[0])
    assert status == 403
    status, message, _ = call(server.url + "/notify/v1", "GET", "/messages/" + ids[0])
    assert status == 200 and message["state"] == "active"


def test_paging_with_more(server, sent, browser):
    """The list reads 50 at a time; "More" appends the next page."""
    backend = Backend(server)
    for index in range(52):
        backend.send(["ann"], f"Bulk {index:02d}", "", {"responseTopic": TOPIC, "fields": [
            {"type": "inputString", "id": "note", "label": "Note"}]})
    sign_in(browser, server, "vic")
    titles = listed(browser)
    assert len(titles) == 50 and titles[0] == "Bulk 51"
    browser.find_element(By.ID, "message-more").click()
    wait(browser, lambda d: len(listed(d)) == 55)
    titles = listed(browser)
    assert titles[50:] == ["Bulk 01", "Bulk 00", "Gate inspection", HOSTILE, "Fence check"]
    assert len(set(titles)) == 55
    assert not browser.find_element(By.ID, "message-more").is_displayed()
