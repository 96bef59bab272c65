"""The demo, walked through in the simulator as a person would: `xpedite demo` serves the app and
the simulator on one port; sign in, open the menu, scroll to customer 120, open it, edit and save,
see the change in the list, sign out."""
import socket
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import serve
from test_simulator import enter_phone, tap, texts, wait, wait_for_label

CUSTOMER_120 = "Tariq Nakamura"


@pytest.fixture(scope="module")
def demo():
    """`xpedite demo` on a free port with 500 customers; yields its base URL. `xpedite demo`
    needs a port number up front (its simulator's endpoint URL is made from it), so a port taken
    between `free_port()` and the demo's bind is retried on another."""
    yield from serve(lambda attempt: ["demo", "--port", str(free_port()), "--customers", "500"],
                     "xpedite-demo-browser-")


def free_port():
    """A port that was free a moment ago (bind port 0, then close)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fill(driver, selector, text):
    """Types `text` into the screen's input matching `selector`. Every keystroke goes to the engine
    and the screen is drawn again, so the element is found afresh until it holds the text."""
    def typed(d):
        field = d.find_element(By.CSS_SELECTOR, "#screen " + selector)
        if field.get_attribute("value") == text:
            return True
        field.clear()
        field.send_keys(text)
        return False
    wait(driver).until(typed)


def row_texts(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#screen .x-row')).map(r => [r.dataset.row, r.innerText])")


def test_a_person_walks_through_the_demo(browser, demo, output):
    browser.get(demo + "/")
    enter_phone(browser)
    wait(browser, 30).until(lambda d: "Demo account: demo@xpedite.dev / demo1234" in texts(d))
    browser.save_screenshot(str(output / "demo-sign-in.png"))

    # Sign in.
    fill(browser, "input[placeholder='name@example.com']", "demo@xpedite.dev")
    fill(browser, "input[type=password]", "demo1234")
    tap(browser, "Sign in")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))

    # Open the slide-in menu and go to the customers.
    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = browser.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    tap(browser, "Customers")
    wait(browser).until(lambda d: len(row_texts(d)) >= 40)

    # Scroll until customer 120 (row 119) is loaded, then open it.
    def scrolled_to_120(d):
        if any(index == "119" for index, _ in row_texts(d)):
            return True
        body = d.find_element(By.CSS_SELECTOR, "#screen .x-tbody")
        d.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", body)
        return False
    wait(browser, 30).until(scrolled_to_120)
    assert CUSTOMER_120 in browser.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='119']").text
    browser.save_screenshot(str(output / "demo-customer-list.png"))

    def loading(d):
        return "Loading…" in texts(d, ".x-more")

    def opened_120(d):
        # Rows arrive while the screen is drawn again (bringing the row into view may ask for the
        # next batch): find the row afresh for each try, and tap it only while nothing loads.
        if "Email: tariq.nakamura120@example.com" in texts(d):
            return True
        if loading(d):
            return False
        row = d.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='119']")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
        time.sleep(0.2)
        if not loading(d):
            d.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='119']").click()
        return False
    wait(browser, 20).until(opened_120)

    # Edit: change the name, save, and see it on the detail screen and in the list.
    tap(browser, "Edit")
    fill(browser, "input[placeholder='Required']", "Tariq Nakamura-Okafor")
    tap(browser, "Save")
    wait_for_label(browser, "Tariq Nakamura-Okafor")
    browser.save_screenshot(str(output / "demo-customer-saved.png"))
    tap(browser, "Back to the list")
    wait(browser, 30).until(scrolled_to_120)
    assert "Tariq Nakamura-Okafor" in browser.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='119']").text

    # Sign out: the menu's last entry brings the sign-in screen back.
    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = browser.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    tap(browser, "Sign out")
    wait(browser).until(lambda d: "Demo account: demo@xpedite.dev / demo1234" in texts(d))
