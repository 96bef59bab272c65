"""The simulator in a real browser: what a developer sees and does."""
import json
import statistics

import pytest
from selenium.common.exceptions import (ElementClickInterceptedException, NoAlertPresentException,
                                        StaleElementReferenceException)
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver

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


def open_simulator(driver, server):
    driver.get(server + "/")
    wait(driver).until(lambda d: "Hello from the test app" in texts(d))


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
    browser.find_element(By.ID, "offline").click()
    tap(browser, "Next screen")
    wait_for_label(browser, "You reached the second screen")
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-offline-badge").text == "Offline"
    # The inspector is told apart from the screen, and may list the failed request a moment later.
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet.x-failed"),
                        "the failed request is in the packet inspector")


def test_html_in_a_label_shows_as_text(browser, server):
    open_simulator(browser, server)
    assert INJECTION in texts(browser)
    assert browser.find_elements(By.CSS_SELECTOR, "#screen img") == []
    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text
    inspector = browser.find_element(By.ID, "inspector")
    assert inspector.find_elements(By.CSS_SELECTOR, "img") == []


def test_the_packet_inspector_shows_requests_and_answers(browser, server):
    open_simulator(browser, server)
    # The inspector is drawn afresh on each exchange: find the entry again until the click holds.
    def open_first(d):
        items = d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet summary")
        if not items or "setConnection" not in items[0].text:
            return False
        items[0].click()
        return True
    wait(browser).until(open_first)
    pre = wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#inspector .x-curl"))
    assert pre.text.startswith("curl -X POST")
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
    select = Select(browser.find_element(By.ID, "device"))
    for option in [o.get_attribute("value") for o in select.options]:
        before = browser.find_element(By.TAG_NAME, "body").get_attribute("data-revision")
        Select(browser.find_element(By.ID, "device")).select_by_value(option)
        wait(browser).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-revision") != before
                            and "Hello from the test app" in texts(d))
        width = int(option.split("x")[0])
        assert browser.execute_script("return document.getElementById('screen').offsetWidth") == width
        browser.save_screenshot(str(output / f"simulator-{option}.png"))
    browser.find_element(By.ID, "rotate").click()
    wait(browser).until(lambda d: d.execute_script("return document.getElementById('screen').offsetWidth") == 1180)
    browser.find_element(By.ID, "appearance").send_keys("Dark")
    browser.save_screenshot(str(output / "simulator-ipad-landscape-dark.png"))


def test_tap_to_next_screen_time(browser, server, output):
    """Tap → next 50-component screen visible, on loopback. Measured, not asserted."""
    open_simulator(browser, server)
    tap(browser, "Fifty")
    wait_for_label(browser, "Component 1 of round 0")
    browser.execute_script("window.xpediteTimings.length = 0")
    rounds = 40
    for round in range(1, rounds + 1):
        tap(browser, "Again")
        wait_for_label(browser, f"Component 1 of round {round}")
        assert len(browser.find_elements(By.CSS_SELECTOR, "#screen .x-node")) == 50
    wait(browser).until(lambda d: d.execute_script("return window.xpediteTimings.length") >= rounds)
    timings = browser.execute_script("return window.xpediteTimings")
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
