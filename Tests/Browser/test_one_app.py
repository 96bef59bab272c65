"""One installable app for the whole system (issue 26, step 3; docs/phone-app.md#one-app): in
`xpedite demo`, which mounts XpediteNotify and shares its user directory, the web app at `/app/`
has the Xpedite screens, the inbox and the Start tab side by side, and one sign-in opens both. A
credit approval raised in the screens is answered from the same app's inbox, and the customer then
shows it. An Xpedite-only server (the test app, the Python old-dialect server) shows no inbox."""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import make_driver, serve
from notify_app import control, inbox_titles, wait_for_message
from notify_app import tap as notify_tap
from test_app_switch import open_customer
from test_demo import fill, free_port, row_texts
from test_other_language import preview, python_server  # noqa: F401 (fixtures)
from test_phone_app import alert_text, dismiss, menu
from test_simulator import tap, texts, wait

SIGN_IN = "Demo account: demo@xpedite.dev / demo1234"
ACCOUNT = ("demo@xpedite.dev", "demo1234")


@pytest.fixture(scope="module")
def demo():
    yield from serve(lambda attempt: ["demo", "--port", str(free_port()), "--customers", "60"],
                     "xpedite-one-app-browser-")


@pytest.fixture
def phone():
    driver = make_driver(390, 844, mobile=True)
    yield driver
    driver.quit()


def section(driver, name):
    driver.switch_to.default_content()
    driver.find_element(By.ID, f"tab-{name}").click()
    if name != "screens":
        driver.switch_to.frame(driver.find_element(By.ID, "inbox-frame"))


def test_one_sign_in_shows_the_customers_and_the_inbox_and_answers_an_approval(demo, phone, output):
    phone.get(demo + "/app/")
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    assert phone.execute_script("return window.xpedite.config.notificationApp") == "/notify/app/"
    assert [b.text for b in phone.find_elements(By.CSS_SELECTOR, ".x-one-bar button")] == ["Xpedite", "Inbox", "Start"]

    # One sign-in, typed once, into the Xpedite screen.
    fill(phone, "input[placeholder='name@example.com']", ACCOUNT[0])
    fill(phone, "input[type=password]", ACCOUNT[1])
    tap(phone, "Sign in")
    wait(phone, 30).until(lambda d: d.execute_script(
        "return localStorage.getItem('xpedite-notify-session') !== null"))
    # The password is kept nowhere on the phone.
    stored = phone.execute_script("return JSON.stringify(Object.assign({}, localStorage))")
    assert ACCOUNT[1] not in stored

    # The service worker keeps the module the app borrows from the notification app (the frame's
    # own files are kept by the notification app's worker).
    wait(phone, 30).until(lambda d: d.execute_async_script(
        "caches.open('xpedite-app-files').then(c => c.match('/notify/app/js/api.js'))"
        ".then(r => arguments[0](Boolean(r)), () => arguments[0](false))"))
    scopes = "navigator.serviceWorker.getRegistrations().then(list => arguments[0](list.map(r => new URL(r.scope).pathname)))"
    wait(phone, 30).until(lambda d: sorted(d.execute_async_script(scopes)) == ["/app/", "/notify/app/"])

    # The customers.
    menu(phone, "Customers")
    wait(phone, 30).until(lambda d: len(row_texts(d)) >= 10)
    phone.save_screenshot(str(output / "one-app-customers.png"))

    # The inbox: signed in already, no second sign-in form.
    section(phone, "inbox")
    wait(phone, 30).until(lambda d: d.find_element(By.ID, "title").text == "Inbox"
                          and "No messages. New ones appear here." in d.find_element(By.ID, "view").text)
    assert not phone.find_elements(By.ID, "password")
    # The notification app's own tabs give way to the Xpedite app's bar.
    assert not phone.find_element(By.ID, "tabs").is_displayed()
    phone.switch_to.default_content()
    phone.save_screenshot(str(output / "one-app-inbox.png"))

    # The Start tab is the notification app's.
    section(phone, "start")
    wait(phone, 30).until(lambda d: d.execute_script("return location.hash") == "#/start")
    phone.switch_to.default_content()

    # A credit limit above the threshold, raised in the screens tab.
    section(phone, "screens")
    open_customer(phone)
    name = texts(phone)[0]
    tap(phone, "Edit")
    fill(phone, "input[inputmode='decimal']", "250000")
    tap(phone, "Save")
    wait(phone, 30).until(lambda d: alert_text(d).startswith("A credit limit of €250,000 needs approval"))
    dismiss(phone)
    wait(phone, 30).until(lambda d: any(t.startswith("Credit limit €250,000 pending approval") for t in texts(d)))

    # Answered from the same app's inbox.
    section(phone, "inbox")
    title = f"Approve a credit limit for {name}"
    wait_for_message(phone, title, 30).click()
    form = wait(phone, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "form.form"))
    assert "to €250,000" in form.text
    Select(control(phone, "Reason")).select_by_visible_text("Payment history checked")
    notify_tap(phone, phone.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Approve']"))
    wait(phone, 30).until(lambda d: "No messages. New ones appear here." in
                          [n.text for n in d.find_elements(By.CSS_SELECTOR, "#view p.empty")])
    assert title not in inbox_titles(phone)
    phone.switch_to.default_content()

    # The customer shows the approval (the demo applies it in its own task after the answer).
    section(phone, "screens")
    approved = "Credit limit €250,000 approved by demo@xpedite.dev (Payment history checked)"
    deadline = time.monotonic() + 30
    while approved not in texts(phone) and time.monotonic() < deadline:
        time.sleep(0.5)
        tap(phone, "Back to the list")
        wait(phone, 30).until(lambda d: len(row_texts(d)) >= 10)
        open_customer(phone)
    assert approved in texts(phone), texts(phone)
    phone.save_screenshot(str(output / "one-app-approved.png"))

    # Signing out of Xpedite signs the inbox out too.
    menu(phone, "Sign out")
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    wait(phone, 30).until(lambda d: d.execute_script(
        "return localStorage.getItem('xpedite-notify-session') === null"))


def test_a_payloads_dashboard_opens_the_screens(demo, phone):
    """The notification app's `dashboard` link (a link to the server's app) switches to the screens
    tab of the same app instead of opening a window."""
    phone.get(demo + "/app/")
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    section(phone, "inbox")
    wait(phone, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
    phone.execute_script("""
        const link = document.createElement('a');
        link.href = new URL('/', document.baseURI).href; link.target = '_blank'; link.id = 'dashboard-link';
        link.textContent = 'View the Dashboard'; document.body.append(link);""")
    phone.find_element(By.ID, "dashboard-link").click()
    phone.switch_to.default_content()
    assert len(phone.window_handles) == 1
    assert phone.find_element(By.ID, "inbox-panel").is_displayed() is False
    assert phone.find_element(By.ID, "tab-screens").get_attribute("aria-current") == "page"


def test_an_xpedite_only_server_shows_no_inbox(server, phone):
    phone.get(server + "/app/")
    wait(phone, 30).until(lambda d: "Hello from the test app" in texts(d))
    assert phone.execute_script("return window.xpedite.config.notificationApp") is None
    assert not phone.find_elements(By.CSS_SELECTOR, ".x-one-bar")
    assert not phone.find_elements(By.ID, "inbox-frame")


def test_an_old_dialect_server_shows_no_inbox(preview, phone):
    phone.get(preview + "/app/")
    wait(phone, 30).until(lambda d: "Welcome to the Python server" in texts(d))
    assert not phone.find_elements(By.CSS_SELECTOR, ".x-one-bar")
    assert not phone.find_elements(By.ID, "inbox-frame")
