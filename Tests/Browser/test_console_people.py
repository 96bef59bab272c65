"""The console's People section (docs/console.md#people) in headless Chromium (issue 28): an admin
sees users with their groups and devices, revokes a device (its token then gets 401, the user's
other device keeps working), edits a group and sees the API's issues at the form's fields; a
viewer sees the same lists without a single change button. UPDATE_CONSOLE_SCREENSHOTS=1 saves
docs/images/console-people.png."""
import os
from pathlib import Path

import pytest
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, call
from test_console import PASSWORD, sign_in, wait

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "images" / "console-people.png"


@pytest.fixture(scope="module")
def server():
    server = NotifyServer()
    try:
        for name, role in [("ann", "admin"), ("vic", "viewer")]:
            status, body, _ = call(server.url + "/notify/v1", "PUT", "/operators/" + name,
                                   body={"password": PASSWORD, "role": role})
            assert status == 200, body
        backend = Backend(server)
        backend.user("joe", "secret")
        backend.user("kim", "secret")
        status, body, _ = call(backend.api, "PUT", "/users/joe", body={"password": "secret", "displayName": "Joe <b>Field</b>",
                                                                       "groups": ["field"]})
        assert status == 200, body
        yield server
    finally:
        server.close()


@pytest.fixture
def browser():
    driver = make_driver(1200, 1100)
    yield driver
    driver.quit()


def open_people(browser, server, who, hash_tail=""):
    browser.get(server.url + "/notify/console/#/people" + hash_tail)
    wait(browser, lambda d: d.find_element(By.ID, "sign-in-view").is_displayed())
    sign_in(browser, who, PASSWORD)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#users tbody tr"))


def row(browser, selector):
    return browser.find_element(By.CSS_SELECTOR, selector)


def device_ids(browser):
    """The devices listed, or None while the section is being drawn again."""
    try:
        return [item.get_attribute("data-device") for item in browser.find_elements(By.CSS_SELECTOR, "#devices tr[data-device]")]
    except StaleElementReferenceException:
        return None


def text_at(browser, selector):
    """The text of the element at `selector`, or None while the section is being drawn again."""
    try:
        return browser.find_element(By.CSS_SELECTOR, selector).text
    except (NoSuchElementException, StaleElementReferenceException):
        return None


def test_an_admin_revokes_a_device_and_edits_a_group(server, browser):
    phone = Device(server, "joe", "secret", "phone-1")
    tablet = Device(server, "joe", "secret", "tablet-1")
    assert phone.call("GET", "/device/inbox")[0] == 200

    open_people(browser, server, "ann")
    joe = row(browser, "#users tr[data-user='joe']")
    cells = [cell.text for cell in joe.find_elements(By.TAG_NAME, "td")]
    # The display name is text, never HTML.
    assert cells[:4] == ["joe", "Joe <b>Field</b>", "field", "2"]
    assert not browser.find_elements(By.CSS_SELECTOR, "#users b")

    joe.find_element(By.LINK_TEXT, "joe").click()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#devices tr[data-device]")) == 2)
    device = row(browser, "#devices tr[data-device='phone-1']")
    assert [cell.text for cell in device.find_elements(By.TAG_NAME, "td")][1:3] == ["android", "no"]
    device.find_element(By.XPATH, ".//button[text()='Revoke']").click()
    WebDriverWait(browser, 10).until(expected_conditions.alert_is_present()).accept()
    wait(browser, lambda d: device_ids(d) == ["tablet-1"])
    assert phone.call("GET", "/device/inbox")[0] == 401
    assert tablet.call("GET", "/device/inbox")[0] == 200
    wait(browser, lambda d: text_at(d, "#users tr[data-user='joe'] td.number") == "1")

    # A group: made, then edited through its row's Edit; an unknown member shows at Members.
    form = browser.find_element(By.ID, "group-form")
    form.find_element(By.NAME, "name").send_keys("night")
    form.find_element(By.NAME, "members").send_keys("kim")
    form.find_element(By.XPATH, ".//button[text()='Save group']").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#groups tr[data-group='night']"))
    night = row(browser, "#groups tr[data-group='night']")
    night.find_element(By.XPATH, ".//button[text()='Edit']").click()
    form = browser.find_element(By.ID, "group-form")
    members = form.find_element(By.NAME, "members")
    assert members.get_attribute("value") == "kim"
    members.send_keys(", joe, nobody")
    form.find_element(By.XPATH, ".//button[text()='Save group']").click()
    issues = form.find_element(By.CSS_SELECTOR, "[data-field='members']")
    wait(browser, lambda d: "nobody" in issues.text)
    members.clear()
    members.send_keys("kim, joe")
    form.find_element(By.XPATH, ".//button[text()='Save group']").click()
    wait(browser, lambda d: text_at(d, "#groups tr[data-group='night'] td:nth-child(2)") == "joe, kim")

    # A user without a password: the issue is shown at Password.
    form = browser.find_element(By.ID, "user-form")
    form.find_element(By.NAME, "username").send_keys("lee")
    form.find_element(By.XPATH, ".//button[text()='Save user']").click()
    password_issue = form.find_element(By.CSS_SELECTOR, "[data-field='password']")
    wait(browser, lambda d: password_issue.text != "")
    assert "non-empty" in password_issue.text
    assert not browser.find_elements(By.CSS_SELECTOR, "#users tr[data-user='lee']")
    form.find_element(By.NAME, "password").send_keys("secret")
    form.find_element(By.NAME, "groups").send_keys("night")
    form.find_element(By.XPATH, ".//button[text()='Save user']").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#users tr[data-user='lee']"))
    wait(browser, lambda d: text_at(d, "#groups tr[data-group='night'] td:nth-child(2)") == "joe, kim, lee")

    if os.environ.get("UPDATE_CONSOLE_SCREENSHOTS") == "1":
        Device(server, "joe", "secret", "phone-2")
        browser.get(server.url + "/notify/console/#/people/joe")
        browser.refresh()
        wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#devices tr[data-device]")) == 2)
        browser.execute_script("document.activeElement && document.activeElement.blur()")
        browser.save_screenshot(str(SCREENSHOT))


def test_a_viewer_sees_the_lists_without_change_buttons(server, browser):
    Device(server, "kim", "secret", "kim-phone")
    open_people(browser, server, "vic", "/kim")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#devices tr[data-device='kim-phone']"))
    content = browser.find_element(By.ID, "content")
    assert content.find_elements(By.CSS_SELECTOR, "#users tr[data-user='joe']")
    assert content.find_elements(By.CSS_SELECTOR, "#groups tr[data-group='field']")
    assert content.find_elements(By.TAG_NAME, "button") == []
    assert content.find_elements(By.TAG_NAME, "form") == []
