"""Every screen of the demo in the phone app, audited by axe-core in light and dark (issue 30,
docs/accessibility.md#running-the-audit): headless Chromium at phone size (390 × 844) with
`prefers-color-scheme` light or dark, against `xpedite demo`. The whole page is audited (the app
shell and the screen), with every rule the helper runs (WCAG 2.0 and 2.1 A and AA, and best
practices); a critical or serious violation on any screen fails the test, listing every screen's
violations at once.

The screens: the sign-in, its refusal (an `rc` alert), the customers, the list's drop-down menu
open, the quick-add dialog and its refusal, the search (its box focused), the main menu open, a
customer, its edit form, the form saved with the name emptied (the server's `rc` alert), the
add-customer form, the dashboard, the about page, the sign-in after signing out, and the page of
the customer's notes (a `web` component, whose sandboxed frame axe cannot enter) on its own.

Starts `xpedite demo` (XPEDITE_BINARY picks the build)."""
from urllib.parse import quote
from urllib.request import urlopen

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import APPEARANCES, audit, describe, failing
from test_demo import fill, row_texts
from test_phone_app import SIGN_IN, alert_text, dismiss, empty, menu, open_menu, title, demo  # noqa: F401 (demo: the module's demo server, a fixture)
from test_simulator import tap, texts, wait
from test_web_accessibility_dark import connection_appearance, phone_in


# The notes page's colours in each appearance (CustomerDetailScreen.notesHTML): its heading's text
# and its page's background, as Chromium computes them.
NOTES_COLOURS = {"light": ("rgba(31, 41, 55, 1)", "rgba(247, 248, 250, 1)"),
                 "dark": ("rgba(229, 231, 235, 1)", "rgba(17, 24, 39, 1)")}


def app_policy(demo):
    """The phone app's Content-Security-Policy as the server sends it (WebAppConfiguration.swift),
    which a web component's `srcdoc` frame inherits; without `frame-ancestors`, which a `<meta>`
    policy may not give."""
    with urlopen(demo.url + "/app/") as answer:
        policy = answer.headers["Content-Security-Policy"]
    return "; ".join(part for part in policy.split("; ") if not part.startswith("frame-ancestors"))


def notes_colours(driver):
    """The colours the customer's notes are drawn in, inside the web component's sandboxed frame."""
    frame = wait(driver, 20).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen x-web-frame iframe"))
    driver.switch_to.frame(frame)
    try:
        heading = wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "h2"))
        return (heading.value_of_css_property("color"),
                driver.find_element(By.TAG_NAME, "html").value_of_css_property("background-color"))
    finally:
        driver.switch_to.default_content()


@pytest.fixture(params=APPEARANCES)
def phone(request):
    driver = phone_in(request.param)
    driver.appearance = request.param
    yield driver
    driver.quit()


class Audit:
    """Audits each screen shown, keeping every screen's failing violations for one report."""

    def __init__(self, driver, output):
        self.driver, self.output = driver, output
        self.screens, self.problems = [], []

    def __call__(self, name):
        # The screen has settled: no "Loading…" row, no transition running.
        wait(self.driver).until(lambda d: d.execute_script(
            "return !Array.from(document.querySelectorAll('#screen .x-more')).some(e => e.textContent)"
            " && document.getAnimations().every(a => a.playState !== 'running')"))
        self.driver.save_screenshot(str(self.output / f"demo-a11y-{self.driver.appearance}-{name}.png"))
        found = audit(self.driver)
        bad = failing(found)
        self.screens.append(name)
        if bad:
            self.problems.append(f"{name} ({self.driver.appearance}): {sum(len(v['nodes']) for v in bad)} element(s)\n{describe(bad)}")

    def check(self):
        assert not self.problems, "critical or serious axe violations:\n" + "\n".join(self.problems)


def bar_menu(driver):
    """Opens the customer list's drop-down (its bar button on the right)."""
    buttons = driver.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button")
    buttons[-1].click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-dropdown.x-open, #screen .x-panel.x-open"))


def entry(driver, text):
    """Clicks the open menu's entry whose text (after its symbol) is `text`."""
    def click(d):
        for element in d.find_elements(By.CSS_SELECTOR, "#screen .x-open .x-menu-entry"):
            if element.text.strip().endswith(text) and element.is_displayed():
                element.click()
                return True
        return False
    wait(driver).until(click)


def close_menu(driver):
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .x-open"))


def test_every_screen_of_the_demo(demo, phone, output):
    check = Audit(phone, output)
    phone.get(demo.url + "/app")
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    assert connection_appearance(phone) == phone.appearance
    check("sign-in")

    # The sign-in refused: the server's message is an alert.
    fill(phone, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    tap(phone, "Sign in")
    wait(phone).until(lambda d: alert_text(d) == "Please enter your email and password.")
    check("sign-in-refused")
    dismiss(phone)

    fill(phone, "input[type=password]", "demo1234")
    tap(phone, "Sign in")
    wait(phone, 20).until(lambda d: title(d) == "Customers" and len(row_texts(d)) >= 20)
    check("customers")

    bar_menu(phone)
    check("customers-actions-menu")
    entry(phone, "Add")
    wait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen [role=dialog]"))
    check("quick-add")
    # Added with no name: the server's message over the dialog.
    wait(phone).until(lambda d: d.find_elements(By.XPATH, "//*[@role='dialog']//button[@aria-label='Add']"))
    phone.find_element(By.XPATH, "//*[@role='dialog']//button[@aria-label='Add']").click()
    wait(phone).until(lambda d: alert_text(d) != "")
    check("quick-add-alert")
    dismiss(phone)
    phone.find_element(By.XPATH, "//*[@role='dialog']//button[@aria-label='Cancel']").click()
    wait(phone, 20).until(lambda d: title(d) == "Customers" and not d.find_elements(By.CSS_SELECTOR, "#screen [role=dialog]"))
    bar_menu(phone)
    entry(phone, "Search")
    # The protocol's `focus` field takes the focus from the menu entry that was tapped.
    wait(phone, 20).until(lambda d: d.execute_script(
        "return document.activeElement && document.activeElement.getAttribute('placeholder')") == "Search name, email or city")
    check("search")

    wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))
    open_menu(phone)
    check("main-menu")
    close_menu(phone)

    wait(phone, 20).until(lambda d: len(row_texts(d)) >= 20)
    phone.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='3']").click()
    wait(phone, 20).until(lambda d: title(d) not in ("Customers", ""))
    check("customer")
    notes = phone.execute_script("const f = document.querySelector('#screen x-web-frame'); return f && f.getAttribute('srcdoc')")
    # The page's `<style>` element applies in the frame, which inherits the app's policy (decision 0610).
    assert notes_colours(phone) == NOTES_COLOURS[phone.appearance]

    tap(phone, "Edit")
    wait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen input[placeholder='Required']"))
    check("edit-form")
    empty(phone, "input[placeholder='Required']")
    tap(phone, "Save")
    wait(phone, 20).until(lambda d: alert_text(d) == "Please enter the customer's name.")
    check("edit-form-alert")
    dismiss(phone)

    menu(phone, "Add customer")
    wait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen input[placeholder='Required']")
                          and d.find_element(By.CSS_SELECTOR, "#screen input[placeholder='Required']").get_attribute("value") == "")
    check("add-customer")

    menu(phone, "Dashboard")
    wait(phone, 20).until(lambda d: title(d) == "Dashboard" and any("Figures as of" in t for t in texts(d)))
    check("dashboard")

    menu(phone, "About")
    wait(phone, 20).until(lambda d: title(d) == "About")
    check("about")

    menu(phone, "Sign out")
    wait(phone, 20).until(lambda d: SIGN_IN in texts(d))
    check("signed-out")

    # The customer's notes, the page of a web component: axe does not go into its sandboxed frame
    # (no scripts run there), so the page is audited on its own, in the same appearance.
    # The frame inherits the app's Content-Security-Policy: so does the page.
    assert notes and "Notes about" in notes and "<head>" in notes
    notes = notes.replace("<head>", f'<head><meta http-equiv="Content-Security-Policy" content="{app_policy(demo)}">', 1)
    phone.get("data:text/html;charset=utf-8," + quote(notes))
    check("customer-notes")

    assert len(check.screens) == 16
    check.check()
