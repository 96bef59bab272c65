"""The console's accessibility (issue 30, docs/accessibility.md#the-console): axe-core (WCAG 2.1 A
and AA, and best practices) finds no critical or serious violation on any of its pages at desktop
size, in light and in dark (`prefers-color-scheme`): the sign-in, Messages, a message's detail
(recipients, pushes, an answer with its photo), Answers (a payload's table, photos and map),
Compose, the Designer (a named payload open, with its preview), People (users, groups, a user's
devices) and Operation (webhooks, the outbox, the chart). Each page is also checked for its one
`main` landmark and its `h1`."""
import io
import uuid

import pytest
from PIL import Image
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from accessibility import APPEARANCES, audit, describe, failing, set_appearance
from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, call

PASSWORD = "a long passphrase"
TOPIC = "/inspections/site"
FIELDS = [
    {"type": "text", "label": "Inspect the site"},
    {"type": "camera", "id": "photo", "label": "Photo of the site"},
    {"type": "inputString", "id": "note", "label": "Note"},
    {"type": "droplist", "id": "state", "label": "State", "values": ["Good", "Worn", "Broken"]},
    {"type": "checkbox", "id": "safe", "label": "Safe", "checkboxLabel": "The site is safe"},
    {"type": "map", "id": "where", "label": "Where"},
]


def photo():
    picture = io.BytesIO()
    Image.new("RGB", (160, 120), (200, 40, 40)).save(picture, "JPEG")
    return picture.getvalue()


@pytest.fixture(scope="module")
def server():
    """An admin, two users (one with a device) in a group, a named payload, a message sent with it
    and answered with a photo, a start request, and a webhook that cannot be delivered (the outbox
    has something to show)."""
    server = NotifyServer()
    try:
        api = server.url + "/notify/v1"
        status, body, _ = call(api, "PUT", "/operators/ann", body={"password": PASSWORD, "role": "admin"})
        assert status == 200, body
        backend = Backend(server)
        backend.user("anna", PASSWORD)
        backend.user("ben", PASSWORD)
        status, body, _ = call(api, "PUT", "/groups/field", body={"members": ["anna", "ben"]})
        assert status == 200, body
        status, body, _ = call(api, "PUT", "/payloads/inspection", body={"payload": {"responseTopic": TOPIC, "fields": FIELDS}})
        assert status == 200, body
        status, body, _ = call(api, "PUT", "/requests/report", body={
            "title": "Report a problem", "body": "Tell us what you saw", "responseTopic": "/reports", "fields": FIELDS[1:3]})
        assert status == 200, body
        status, body, _ = call(api, "PUT", "/webhooks/unreachable",
                               body={"topic": TOPIC, "url": "http://127.0.0.1:9/hook", "secret": "x"})
        assert status == 200, body
        device = Device(server, "anna", PASSWORD, "anna-phone")
        message = backend.send(["anna", "ben"], "Inspection", "Inspect the site",
                               {"responseTopic": TOPIC, "payloadName": "inspection"})
        status, uploaded, _ = device.call("POST", "/device/documents?kind=image", raw=photo(), content_type="image/jpeg")
        assert status == 201, uploaded
        status, body, _ = device.call("POST", "/device/responses", body={
            "responseId": str(uuid.uuid4()), "messageId": message, "submitValue": 0,
            "values": {"photo": uploaded["name"], "note": "Worn hinge", "state": "Worn", "safe": True,
                       "where": {"latitude": 48.8584, "longitude": 2.2945}}})
        assert status == 201, body
        # A withdrawn message beside it: its state and its failed pushes are drawn in their colours.
        withdrawn = backend.send(["ben"], "Old inspection", "No longer needed", {"responseTopic": TOPIC, "payloadName": "inspection"})
        status, body, _ = call(api, "DELETE", "/messages/" + withdrawn, body={"reason": "Done by phone"})
        assert status == 200, body
        server.message = message
        server.withdrawn = withdrawn
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def browser():
    driver = make_driver(1280, 900)
    yield driver
    driver.quit()


def wait(driver, condition, seconds=30):
    return WebDriverWait(driver, seconds, ignored_exceptions=[NoSuchElementException, StaleElementReferenceException]).until(
        lambda d: condition(d))


def shown(selector):
    return lambda d: any(element.is_displayed() for element in d.find_elements(By.CSS_SELECTOR, selector))


# Each page: the address after the sign-in (None: the sign-in itself), and what shows it is drawn.
PAGES = {
    "sign-in": (None, "#sign-in"),
    "sign-in-refused": ("refused", "#sign-in-error"),
    "messages": ("#/messages", "#message-list tbody tr"),
    "message-detail": ("#/messages/{message}", "#message-answers img"),
    "withdrawn-message": ("#/messages/{withdrawn}", "#message-recipients"),
    "answers": ("#/answers?payload=inspection", "table.answers tbody tr"),
    "compose": ("#/compose", "#compose-send"),
    "designer": ("#/designer/inspection", ".field-list .field-name"),
    "people": ("#/people/anna", "#devices tr[data-device]"),
    "operation": ("#/operation", "#activity"),
}


def open_page(driver, server, name):
    hash_, ready = PAGES[name]
    driver.delete_all_cookies()
    driver.get(server.url + "/notify/console/")
    wait(driver, shown("#sign-in"))
    if hash_ is not None:
        driver.find_element(By.ID, "username").send_keys("ann")
        driver.find_element(By.ID, "password").send_keys("not the password" if hash_ == "refused" else PASSWORD)
        driver.find_element(By.ID, "sign-in-button").click()
    if hash_ is not None and hash_ != "refused":
        wait(driver, shown("#shell"))
        driver.get(server.url + "/notify/console/" + hash_.format(message=server.message, withdrawn=server.withdrawn))
    wait(driver, shown(ready))


@pytest.mark.parametrize("appearance", APPEARANCES)
@pytest.mark.parametrize("name", list(PAGES))
def test_axe_finds_no_critical_or_serious_violation(server, browser, name, appearance):
    set_appearance(browser, appearance)
    open_page(browser, server, name)
    bad = failing(audit(browser))
    assert not bad, f"the console's {name} ({appearance}): {len(bad)} critical or serious violation(s):\n{describe(bad)}"
    structure = browser.execute_script("""
const visible = (e) => e.getClientRects().length > 0;
return [Array.from(document.querySelectorAll('main')).filter(visible).length,
        Array.from(document.querySelectorAll('h1')).filter(visible).length];""")
    assert structure == [1, 1], f"the console's {name}: [main landmarks, h1] = {structure}"
