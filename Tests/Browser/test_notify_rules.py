"""The rules of payload fields in the notification app (issue 29, docs/notify.md#rules), in
headless Chromium: a field appears and disappears as the person chooses (its value kept while
hidden and left out of the answer), a requiredIf field is marked required, a failed check shows
its checkMessage at the field before anything is sent, a computed total follows the numbers at
once; the same with the server stopped (the expression modules come from the service worker's
cache); and the answers the app would never send, forged over HTTP, are refused at their paths."""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, control, field, sign_in, wait, wait_for_message, wait_until_live

TOPIC = "/test/rules"
PASSWORD = "anna-secret"
CHECK = "At most 60 people in all."

PAYLOAD = {"responseTopic": TOPIC, "fields": [
    {"type": "droplist", "id": "state", "label": "State", "values": ["OK", "Needs service", "Broken"]},
    {"type": "inputString", "id": "fault", "label": "Fault", "optional": True,
     "showIf": "$state != 'OK'", "requiredIf": "$state == 'Broken'"},
    {"type": "inputInteger", "id": "adults", "label": "Adults", "minValue": 0, "maxValue": 50},
    {"type": "inputInteger", "id": "children", "label": "Children", "minValue": 0, "maxValue": 50, "default": 0},
    {"type": "computed", "id": "total", "label": "People", "expression": "$adults + $children",
     "check": "$total <= 60", "checkMessage": CHECK},
]}


@pytest.fixture
def notify():
    server = NotifyServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def app_browser():
    driver = make_driver(480, 1000, extra=["--lang=en-US"])
    yield driver
    driver.quit()


def shown(driver, field_id):
    """Whether the field with this id is shown (a hidden field's label has no text for selenium)."""
    return driver.find_element(By.CSS_SELECTOR, f'.field[data-id="{field_id}"]').is_displayed()


def error_text(driver, label):
    node = field(driver, label).find_element(By.CSS_SELECTOR, ".error-text")
    return node.text if node.is_displayed() else ""


def retype(driver, label, text):
    box = control(driver, label)
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    if text:
        box.send_keys(text)


def open_form(driver, title):
    wait_for_message(driver, title, 30).click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.form"))


def live_rules(driver):
    """Chooses and types, and sees the form follow at once."""
    state = Select(control(driver, "State"))
    # Nothing chosen: $state != 'OK' is true, so the fault field shows, not required yet.
    assert shown(driver, "fault")
    assert "required" not in field(driver, "Fault").get_attribute("class")
    state.select_by_visible_text("OK")
    wait(driver).until(lambda d: not shown(d, "fault"))
    state.select_by_visible_text("Broken")
    wait(driver).until(lambda d: shown(d, "fault"))
    assert "required" in field(driver, "Fault").get_attribute("class")
    assert control(driver, "Fault").get_attribute("aria-required") == "true"
    control(driver, "Fault").send_keys("leak")
    state.select_by_visible_text("Needs service")
    wait(driver).until(lambda d: control(d, "Fault").get_attribute("aria-required") is None)
    state.select_by_visible_text("OK")
    wait(driver).until(lambda d: not shown(d, "fault"))
    state.select_by_visible_text("Broken")
    wait(driver).until(lambda d: shown(d, "fault"))
    assert control(driver, "Fault").get_attribute("value") == "leak", "the value was kept while hidden"

    # The computed total follows each keystroke; the check's message shows at the field at once.
    total = control(driver, "People")
    assert total.tag_name == "output"
    assert total.text == "—"                 # adults empty: null
    control(driver, "Adults").send_keys("5")
    wait(driver).until(lambda d: control(d, "People").text == "5")
    control(driver, "Adults").send_keys("0")
    wait(driver).until(lambda d: control(d, "People").text == "50")
    retype(driver, "Children", "11")
    wait(driver).until(lambda d: control(d, "People").text == "61")
    wait(driver).until(lambda d: error_text(d, "People") == CHECK)
    assert control(driver, "People").get_attribute("aria-invalid") == "true"
    described = control(driver, "People").get_attribute("aria-describedby")
    assert driver.find_element(By.ID, described).text == CHECK
    retype(driver, "Children", "2")
    wait(driver).until(lambda d: control(d, "People").text == "52")
    wait(driver).until(lambda d: error_text(d, "People") == "")
    assert control(driver, "People").get_attribute("aria-invalid") is None


def submit(driver):
    driver.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Submit']").click()


def test_fields_follow_their_rules_live_online_and_offline(notify, app_browser):
    driver = app_browser
    backend = Backend(notify)
    backend.user("anna", PASSWORD)
    sign_in(driver, notify.url, "anna", PASSWORD)
    wait(driver).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    wait_until_live(driver)
    first = backend.send(["anna"], "Inspection", "Check the site", PAYLOAD)
    open_form(driver, "Inspection")
    live_rules(driver)

    # Broken with the fault emptied: the requiredIf stops the submit at the field.
    retype(driver, "Fault", "")
    submit(driver)
    wait(driver).until(lambda d: error_text(d, "Fault") == "A value is required.")
    assert backend.responses(TOPIC) == [], "nothing was sent"
    # A failed check stops it too.
    control(driver, "Fault").send_keys("leak")
    retype(driver, "Children", "20")
    wait(driver).until(lambda d: error_text(d, "People") == CHECK)
    submit(driver)
    time.sleep(1)
    assert backend.responses(TOPIC) == [], "nothing was sent"
    # OK hides the fault (still holding "leak"): the answer leaves it out and carries the total.
    retype(driver, "Children", "3")
    Select(control(driver, "State")).select_by_visible_text("OK")
    wait(driver).until(lambda d: not shown(d, "fault"))
    submit(driver)
    wait(driver, 30).until(lambda d: [r for r in backend.responses(TOPIC) if r["messageId"] == first])
    answer = [r for r in backend.responses(TOPIC) if r["messageId"] == first][0]
    assert answer["values"] == {"state": "OK", "adults": 50, "children": 3, "total": 53}

    # The answers the app would not send, forged over HTTP, are refused at their paths.
    forged = backend.send(["anna"], "Forged", "Forge me", PAYLOAD)
    device = Device(notify, "anna", PASSWORD, "forger")
    for number, (values, path, message) in enumerate([
        ({"state": "OK", "fault": "leak", "adults": 1}, "$.values.fault", None),
        ({"state": "Broken", "adults": 1}, "$.values.fault", "a value is required: the field's requiredIf is true"),
        ({"state": "OK", "adults": 50, "children": 20}, "$.values.total", CHECK),
        ({"state": "OK", "adults": 1, "total": 7}, "$.values.total", "expected the computed value 1, got 7"),
    ]):
        status, error, _ = device.call("POST", "/device/responses", body={
            "responseId": f"forged-{number}", "messageId": forged, "submitValue": 0, "values": values})
        assert status == 422, error
        assert [issue["path"] for issue in error["error"]["issues"]] == [path]
        if message:
            assert error["error"]["issues"][0]["message"] == message

    # Offline: the server stopped, a message kept by the service worker behaves the same.
    second = backend.send(["anna"], "Offline inspection", "Check it offline", PAYLOAD)
    wait_for_message(driver, "Offline inspection", 30)
    wait(driver, 30).until(lambda d: d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.match(location.origin + '/notify/v1/device/messages/' + arguments[0], {cacheName: 'xpedite-notify-data'})"
        ".then(r => done(!!r))", second))
    notify.stop()
    driver.refresh()    # the page and every module, expressions included, from the service worker
    open_form(driver, "Offline inspection")
    live_rules(driver)
    retype(driver, "Children", "1")
    Select(control(driver, "State")).select_by_visible_text("Needs service")
    wait(driver).until(lambda d: control(d, "People").text == "51")
    submit(driver)
    wait(driver).until(lambda d: "waiting to send" in [n.text for n in d.find_elements(By.CSS_SELECTOR, "#inbox .badge")])
    notify.start()
    wait(driver, 60).until(lambda d: [r for r in backend.responses(TOPIC) if r["messageId"] == second])
    answer = [r for r in backend.responses(TOPIC) if r["messageId"] == second][0]
    assert answer["values"] == {"state": "Needs service", "fault": "leak", "adults": 50, "children": 1, "total": 51}
