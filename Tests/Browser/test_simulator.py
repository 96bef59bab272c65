"""The simulator in a real browser: what a developer sees and does. The phone is the web app in
the simulator's phone frame (static/phone-app.js): the helpers here leave the driver inside that
frame for the phone's DOM, and `Chrome(driver)` steps out to the simulator's tools."""
import json
import statistics
import time

import pytest
from selenium.common.exceptions import (ElementClickInterceptedException, NoAlertPresentException,
                                        StaleElementReferenceException)
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver
from fidelity import COUNT_STATES

INJECTION = "<img src=x onerror=alert(1)>"


def wait(driver, seconds=10):
    # The screen is replaced on every engine state: an element found a moment ago may be gone.
    # While a request is in flight the screen takes no taps (a click is intercepted): try again.
    return WebDriverWait(driver, seconds,
                         ignored_exceptions=[StaleElementReferenceException, ElementClickInterceptedException])


def texts(driver, selector=".x-label"):
    """The visible texts of the screen's elements matching `selector`, read in one script call."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#screen ' + arguments[0])).map(e => e.innerText)", selector)


def enter_phone(driver):
    """Switches the driver into the phone's frame (the web app's document)."""
    driver.switch_to.default_content()
    driver.switch_to.frame(wait(driver).until(lambda d: d.find_element(By.ID, "app-frame")))


class Chrome:
    """`with Chrome(driver):` runs selenium calls in the simulator's page (its tools and
    inspector), then returns to the phone's frame."""

    def __init__(self, driver):
        self.driver = driver

    def __enter__(self):
        self.driver.switch_to.default_content()
        return self.driver

    def __exit__(self, *exc):
        enter_phone(self.driver)


class InPhone:
    """`with InPhone(driver):` runs selenium calls inside the phone's frame, then returns to the
    simulator's page (the opposite of `Chrome`)."""

    def __init__(self, driver):
        self.driver = driver

    def __enter__(self):
        enter_phone(self.driver)
        return self.driver

    def __exit__(self, *exc):
        self.driver.switch_to.default_content()


def phone_texts(driver, selector=".x-label"):
    """`texts` of the phone's screen read from the simulator's page: the driver steps into the
    frame and back out."""
    enter_phone(driver)
    try:
        return texts(driver, selector)
    finally:
        driver.switch_to.default_content()


def open_simulator(driver, server, path="/"):
    """Opens the simulator and waits for the test app's home screen; leaves the driver inside the
    phone's frame."""
    driver.get(server + path)
    enter_phone(driver)
    wait(driver, 30).until(lambda d: "Hello from the test app" in texts(d))
    # window.xpediteScreensReceived counts the engine's states from now on (fidelity.COUNT_STATES).
    wait(driver).until(lambda d: d.execute_script(COUNT_STATES))


def tap(driver, text):
    """Clicks the screen element whose text is `text` (a button, entry or row cell)."""
    def click(d):
        elements = d.find_elements(By.XPATH, f"//*[@id='screen']//*[@data-action][normalize-space(.)='{text}']")
        if not elements or not elements[0].is_displayed() or not elements[0].is_enabled():
            return False
        elements[0].click()
        return True
    wait(driver).until(click)


def wait_for_label(driver, text, seconds=10):
    wait(driver, seconds).until(lambda d: text in texts(d))


def test_reads_the_rendered_labels(browser, server):
    open_simulator(browser, server)
    labels = texts(browser)
    assert labels[:2] == ["Hello from the test app", INJECTION]
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-title").text == "Test home"


def test_a_button_shows_the_next_screen(browser, server):
    open_simulator(browser, server)
    tap(browser, "Next screen")
    wait_for_label(browser, "You reached the second screen")
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-title").text == "Second"


def test_saving_a_form_shows_the_rc_message_as_a_dialog(browser, server):
    open_simulator(browser, server)
    tap(browser, "Form")
    field = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#screen input[placeholder='Your name']")))
    field.send_keys("Ann")
    browser.find_element(By.CSS_SELECTOR, "#screen .x-form-save").click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
    assert dialog.text == "Saved Ann"
    browser.find_element(By.CSS_SELECTOR, "#screen .x-alert-ok").click()
    wait(browser).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#screen .x-alert-message"))
    assert browser.find_element(By.CSS_SELECTOR, "#screen input[placeholder='Your name']").get_attribute("value") == "Ann"


def test_scrolling_a_table_past_40_rows_shows_row_41(browser, server):
    open_simulator(browser, server)
    tap(browser, "Table")
    wait(browser).until(lambda d: "Row 40" in texts(d, ".x-cell"))
    assert "Row 41" not in texts(browser, ".x-cell")
    body = browser.find_element(By.CSS_SELECTOR, "#screen .x-tbody")
    browser.execute_script("arguments[0].scrollTop = arguments[0].scrollHeight", body)
    wait(browser).until(lambda d: "Row 41" in texts(d, ".x-cell"))
    row = browser.find_element(By.XPATH, "//*[@id='screen']//div[contains(@class,'x-cell')][normalize-space(.)='Row 41']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    assert row.is_displayed()


def test_the_slide_in_menu_opens_and_navigates(browser, server):
    open_simulator(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = browser.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-shade").is_displayed()
    tap(browser, "Second screen")
    wait_for_label(browser, "You reached the second screen")


def test_offline_shows_a_cached_page_with_a_badge(browser, server):
    open_simulator(browser, server)
    tap(browser, "Next screen")
    wait_for_label(browser, "You reached the second screen")
    tap(browser, "Back home")
    wait_for_label(browser, "Hello from the test app")
    with Chrome(browser):
        browser.find_element(By.ID, "offline").click()
        wait(browser).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-offline") == "1")
    tap(browser, "Next screen")
    wait_for_label(browser, "You reached the second screen")
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-offline-badge").text == "Offline"
    # The inspector is told apart from the screen, and may list the failed request a moment later.
    with Chrome(browser):
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet.x-failed"),
                            "the failed request is in the packet inspector")


def test_html_in_a_label_shows_as_text(browser, server):
    open_simulator(browser, server)
    assert INJECTION in texts(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#screen img") == []
    with Chrome(browser):
        with pytest.raises(NoAlertPresentException):
            browser.switch_to.alert.text
        wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet"))
        assert INJECTION in browser.find_element(By.ID, "inspector").get_attribute("textContent")
        assert browser.find_elements(By.CSS_SELECTOR, "#inspector img") == []


def test_the_packet_inspector_shows_requests_and_answers(browser, server):
    open_simulator(browser, server)
    browser.switch_to.default_content()
    # The inspector is drawn afresh on each exchange: find the entry again until the click holds.
    def open_first(d):
        items = d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet summary")
        if not items or "setConnection" not in items[0].text:
            return False
        items[0].click()
        return True
    wait(browser).until(open_first)
    pre = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#inspector .x-curl"))
    assert pre.text.startswith("curl -sS -X POST")
    browser.find_element(By.CSS_SELECTOR, "#inspector [data-action='resend']").click()
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet")) >= 2)


def test_the_web_app_at_a_phone_sized_window(server, output):
    driver = make_driver(390, 844, mobile=True)
    try:
        driver.get(server + "/app")
        wait(driver).until(lambda d: "Hello from the test app" in texts(d))
        assert driver.current_url == server + "/app/"
        assert driver.find_elements(By.ID, "tools") == []
        width = driver.execute_script("return document.getElementById('screen').getBoundingClientRect().width")
        assert width == driver.execute_script("return window.innerWidth") == 390
        title = driver.execute_script("return document.querySelector('#screen .x-titlebar').getBoundingClientRect().width")
        assert title == 390, "the screen is laid out for the viewport's bounds"
        assert driver.find_element(By.CSS_SELECTOR, "link[rel=manifest]")
        tap(driver, "Next screen")
        wait_for_label(driver, "You reached the second screen")
        driver.save_screenshot(str(output / "app-390x844.png"))
    finally:
        driver.quit()


def test_a_screenshot_of_each_device(browser, server, output):
    open_simulator(browser, server)
    browser.switch_to.default_content()
    select = Select(browser.find_element(By.ID, "device"))
    for option in [o.get_attribute("value") for o in select.options]:
        Select(browser.find_element(By.ID, "device")).select_by_value(option)
        width = int(option.split("x")[0])
        assert browser.execute_script("return document.getElementById('screen').offsetWidth") == width
        # The app lays its screen out again for the frame's new width (its resize handler).
        with InPhone(browser):
            wait(browser).until(lambda d: d.execute_script(
                "const bar = document.querySelector('#screen .x-titlebar'); return bar && bar.getBoundingClientRect().width")
                == width)
            assert "Hello from the test app" in texts(browser)
        browser.save_screenshot(str(output / f"simulator-{option}.png"))
    browser.find_element(By.ID, "rotate").click()
    wait(browser).until(lambda d: d.execute_script("return document.getElementById('screen').offsetWidth") == 1180)
    browser.find_element(By.ID, "appearance").send_keys("Dark")
    with InPhone(browser):
        wait(browser).until(lambda d: "x-dark" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))
    browser.save_screenshot(str(output / "simulator-ipad-landscape-dark.png"))


def test_tap_to_next_screen_time(browser, server, output):
    """Tap → next 50-component screen visible, on loopback. Measured, not asserted."""
    open_simulator(browser, server)
    tap(browser, "Fifty")
    wait_for_label(browser, "Component 1 of round 0")
    rounds = 40
    timings = []
    for round in range(1, rounds + 1):
        # From the click to the next screen's label, measured from here (polled every 10 ms): the
        # app in the frame keeps no timings of its own.
        started = time.perf_counter()
        tap(browser, "Again")
        WebDriverWait(browser, 10, poll_frequency=0.01).until(lambda d: f"Component 1 of round {round}" in texts(d))
        timings.append((time.perf_counter() - started) * 1000)
        assert len(browser.find_elements(By.CSS_SELECTOR, "#screen .x-node")) == 50
    result = {"screen_components": 50, "taps": len(timings), "median_ms": statistics.median(timings),
              "p90_ms": sorted(timings)[int(len(timings) * 0.9) - 1], "min_ms": min(timings), "max_ms": max(timings)}
    (output / "tap-timings.json").write_text(json.dumps(result, indent=2))
    print("tap → next screen:", result)


def test_a_menu_entry_closes_its_panel_even_when_the_screen_stays(browser, server):
    """docs/protocol/menus.md#what-a-tap-does: tapping an entry closes the panel, then sends the method; an answer that is the screen
    already shown must not leave the panel covering it."""
    open_simulator(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = browser.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    tap(browser, "Home")
    wait(browser).until(lambda d: "x-open" not in d.find_element(By.CSS_SELECTOR, "#screen .x-panel").get_attribute("class"))
    assert "Hello from the test app" in texts(browser)
