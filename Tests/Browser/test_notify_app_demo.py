"""The demo's approval, answered in the notification app (issue 17): a credit limit above
€50,000 saved through the Xpedite endpoint sends an approval payload to the demo account; the
app at /notify/app/ shows it, the reason is picked, Approve is tapped, and the customer has the
new limit."""
import json
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import make_driver, serve
from notify_app import control, inbox_titles, sign_in, tap, wait, wait_for_message, wait_until_back_in_inbox
from test_demo import free_port

CONNECT = {"method": "setConnection", "bundleID": "xpedite.software", "uuid": "6F1C-APP17",
           "bounds": "(0.0, 0.0, 393.0, 852.0)", "xpediteVersion": 1}
FORM = {"name": "Ada Lovelace", "email": "ada@example.com", "city": "London", "country": "GB", "contact": "post",
        "since": "2020-02-29", "active": "1", "creditLimit": "75000", "notes": "Approve me"}


@pytest.fixture(scope="module")
def demo():
    yield from serve(lambda attempt: ["demo", "--port", str(free_port()), "--customers", "500"],
                     "xpedite-demo-notify-app-")


def xpedite(base, members):
    request = urllib.request.Request(base + "/xpedite", data=json.dumps(members).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def components(screen):
    for component in screen.get("components", []):
        yield component
        yield from components(component)


def test_the_demos_approval_is_answered_in_the_app(demo):
    token = xpedite(demo, CONNECT)["token"]
    xpedite(demo, {"method": "signIn", "token": token,
                   "formdata": {"signIn": {"email": "demo@xpedite.dev", "password": "demo1234"}}})
    saved = xpedite(demo, {"method": "saveCustomer", "token": token, "parameters": {"id": 7},
                           "formdata": {"customer": FORM}})
    assert saved["rc"] == "A credit limit of €75,000 needs approval: the request was sent to demo@xpedite.dev."

    driver = make_driver(480, 1000)
    try:
        sign_in(driver, demo, "demo@xpedite.dev", "demo1234")
        wait_for_message(driver, "Approve a credit limit for Ada Lovelace").click()
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.form"))
        assert "to €75,000" in driver.find_element(By.CSS_SELECTOR, "form.form").text
        Select(control(driver, "Reason")).select_by_visible_text("Payment history checked")
        tap(driver, driver.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Approve']"))
        # The browser must not be closed before the answer went out.
        wait_until_back_in_inbox(driver)
        assert "waiting to send" not in driver.find_element(By.TAG_NAME, "body").text
        assert "Approve a credit limit for Ada Lovelace" not in inbox_titles(driver)
    finally:
        driver.quit()

    def texts():
        screen = xpedite(demo, {"method": "viewCustomer", "token": token, "selected": 7})
        return [c.get("text") for c in components(screen) if c.get("id") in ("score", "credit-change")]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not any("€75,000 approved" in (text or "") for text in texts()):
        time.sleep(0.2)
    lines = texts()
    assert any("credit limit €75,000" in (text or "") for text in lines), lines
    assert "Credit limit €75,000 approved by demo@xpedite.dev (Payment history checked)" in lines
