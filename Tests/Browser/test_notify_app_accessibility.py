"""The notification app's accessibility (issue 30, docs/accessibility.md#the-notification-app):
axe-core (WCAG 2.1 A and AA, and best practices) finds no critical or serious violation at phone
size (390 × 844), in light and in dark (`prefers-color-scheme`), on the sign-in (and its refusal),
the inbox, a form with every field type (as it opens, and after Approve with nothing filled in,
when every required field shows its error), the Start tab and the account sheet. Each screen also
has one `main` landmark and one `h1`."""
import pytest
from selenium.webdriver.common.by import By

from accessibility import APPEARANCES, audit, describe, failing, set_appearance
from conftest import make_driver
from notify_app import Backend, NotifyServer, call, sign_in, tap, wait, wait_for_message, wait_until_live
from test_notify_app import every_field

PASSWORD = "anna-secret"
TITLE = "Delivery check"


@pytest.fixture(scope="module")
def notify():
    """Anna, a message to her with every field type, and a start request."""
    server = NotifyServer()
    try:
        backend = Backend(server)
        backend.user("anna", PASSWORD)
        backend.send(["anna"], TITLE, "Every field, please", every_field(server.url))
        status, answer, _ = call(backend.api, "PUT", "/requests/report", body={
            "title": "Report a problem", "body": "Tell us what you saw", "responseTopic": "/test/start",
            "fields": [{"type": "inputString", "id": "seen", "label": "What you saw"}]})
        assert status == 200, answer
        yield server
    finally:
        server.close()


@pytest.fixture
def phone():
    driver = make_driver(390, 844, mobile=True, extra=["--lang=en-US"])
    yield driver
    driver.quit()


def open_form(driver):
    wait_for_message(driver, TITLE).click()
    wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.form [data-type='footerButton'], form.form .footer"))


def signed_in(driver, notify):
    sign_in(driver, notify.url, "anna", PASSWORD)
    wait_until_live(driver)


def sign_in_refused(driver, notify):
    driver.get(notify.url + "/notify/app/")
    wait(driver, 30).until(lambda d: d.find_elements(By.ID, "username"))
    driver.find_element(By.ID, "username").send_keys("anna")
    driver.find_element(By.ID, "password").send_keys("not the password")
    driver.find_element(By.CSS_SELECTOR, "form.signin button[type=submit]").click()
    wait(driver).until(lambda d: any(e.is_displayed() for e in d.find_elements(By.CSS_SELECTOR, ".signin [role=alert]")))


def form_with_errors(driver, notify):
    signed_in(driver, notify)
    open_form(driver)
    tap(driver, driver.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Approve']"))
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".field.invalid .error-text"))


def start_tab(driver, notify):
    signed_in(driver, notify)
    tap(driver, driver.find_element(By.ID, "tab-start"))
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#requests [data-request='report']"))


def account(driver, notify):
    signed_in(driver, notify)
    tap(driver, driver.find_element(By.ID, "account"))
    wait(driver).until(lambda d: "Account" in d.find_element(By.ID, "title").text)


SCREENS = {
    "sign-in": lambda driver, notify: (driver.get(notify.url + "/notify/app/"),
                                       wait(driver, 30).until(lambda d: d.find_elements(By.ID, "username"))),
    "sign-in-refused": sign_in_refused,
    "inbox": lambda driver, notify: (signed_in(driver, notify), wait_for_message(driver, TITLE)),
    "form-every-field-type": lambda driver, notify: (signed_in(driver, notify), open_form(driver)),
    "form-with-errors": form_with_errors,
    "start-tab": start_tab,
    "account": account,
}


@pytest.mark.parametrize("appearance", APPEARANCES)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_axe_finds_no_critical_or_serious_violation(notify, phone, screen, appearance):
    set_appearance(phone, appearance)
    SCREENS[screen](phone, notify)
    bad = failing(audit(phone))
    assert not bad, f"the notification app's {screen} ({appearance}): {len(bad)} critical or serious violation(s):\n{describe(bad)}"
    structure = phone.execute_script("""
const visible = (e) => e.getClientRects().length > 0;
return [Array.from(document.querySelectorAll('main')).filter(visible).length,
        Array.from(document.querySelectorAll('h1')).filter(visible).length];""")
    assert structure == [1, 1], f"the notification app's {screen}: [main landmarks, h1] = {structure}"


# The server's answer to POST /device/responses, as the page sees it, is `window.answerStatus`
# while it is set: 503 keeps an answer waiting to send, 422 refuses it (the app's own code draws
# both; only the server's answer is made up).
ANSWERS_REFUSED = """
const original = window.fetch;
window.fetch = async (input, init) => {
  if (window.answerStatus && String(input).endsWith("/device/responses") && init && init.method === "POST")
    return new Response(JSON.stringify({error: {code: "refused", message: "The message was withdrawn."}}),
                        {status: window.answerStatus, headers: {"Content-Type": "application/json"}});
  return original(input, init);
};
window.answerStatus = 503;
"""


@pytest.fixture
def lone_server():
    server = NotifyServer()
    try:
        yield server
    finally:
        server.close()


@pytest.mark.parametrize("appearance", APPEARANCES)
def test_axe_on_an_answer_waiting_refused_and_offline(lone_server, phone, appearance):
    """The inbox with an answer waiting to send, the same answer refused by the server (its
    Discard button), and the app offline (its status line)."""
    backend = Backend(lone_server)
    backend.user("anna", PASSWORD)
    backend.send(["anna"], "Remark", "One line, please", {"responseTopic": "/test/remark", "fields": [
        {"type": "inputString", "id": "remark", "label": "Remark"}]})
    set_appearance(phone, appearance)
    signed_in(phone, lone_server)
    phone.execute_script(ANSWERS_REFUSED)
    wait_for_message(phone, "Remark").click()
    field = wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, "form.form input"))
    field.send_keys("all good")
    tap(phone, phone.find_element(By.XPATH, "//div[@class='footer']/button"))
    badges = lambda d: [(n.text, n.get_attribute("class")) for n in d.find_elements(By.CSS_SELECTOR, "#inbox .badge")]
    wait(phone).until(lambda d: ("waiting to send", "badge") in badges(d))
    for where in ["waiting to send", "refused", "offline"]:
        if where == "refused":
            phone.execute_script("window.answerStatus = 422")
            wait(phone, 20).until(lambda d: any("bad" in kind.split() for _, kind in badges(d)))
        if where == "offline":
            lone_server.stop()
            wait(phone, 30).until(lambda d: "offline" in d.find_element(By.ID, "status").text)
        bad = failing(audit(phone))
        assert not bad, f"the notification app's inbox, {where} ({appearance}): {len(bad)} critical or serious violation(s):\n{describe(bad)}"
