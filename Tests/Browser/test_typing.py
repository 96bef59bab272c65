"""Typing is never lost (decision 182): a redraw of the same screen pushed by the server while a
person types is patched into the page, so the field keeps every character, its caret, its focus
and an input method's composition. The redraws are real: another field's value goes to the engine
(a checkbox changed from script, without moving the focus), and the engine answers with a new
rendering of the same screen."""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_simulator import open_simulator, tap, wait

NAME = "#screen input[placeholder='Your name']"


def open_form(driver, server):
    open_simulator(driver, server)
    tap(driver, "Form")
    field = wait(driver).until(EC.element_to_be_clickable((By.CSS_SELECTOR, NAME)))
    field.click()
    wait(driver).until(lambda d: d.execute_script("return document.activeElement.matches(arguments[0])", NAME))
    # A mark on the element itself: a replaced element would not carry it.
    driver.execute_script("document.querySelector(arguments[0]).xpediteMark = 'the same field'", NAME)
    return field


def screens_received(driver):
    return driver.execute_script("return window.xpediteScreensReceived")


def push_redraw(driver):
    """Changes the form's checkbox from script (the focus stays where it is): its value goes to the
    engine, which sends a new rendering of the same screen."""
    driver.execute_script("""
        const box = document.querySelector('#screen input[type=checkbox]');
        box.checked = !box.checked;
        box.dispatchEvent(new Event('change', {bubbles: true}));""")


def redraw_and_wait(driver):
    before = screens_received(driver)
    push_redraw(driver)
    wait(driver).until(lambda d: screens_received(d) > before)
    time.sleep(0.05)  # the patch runs in the message's task; let it finish


def field_state(driver):
    return driver.execute_script("""
        const field = document.querySelector(arguments[0]);
        return {value: field.value, mark: field.xpediteMark || null, focused: document.activeElement === field,
                caret: field.selectionStart, end: field.selectionEnd};""", NAME)


def test_fast_typing_keeps_every_character_while_the_screen_is_redrawn(browser, server):
    field = open_form(browser, server)
    # Redraws every 20 ms, pushed by the engine, while the keys go in as fast as WebDriver sends them.
    browser.execute_script("""
        window.redraws = setInterval(function () {
            const box = document.querySelector('#screen input[type=checkbox]');
            box.checked = !box.checked;
            box.dispatchEvent(new Event('change', {bubbles: true}));
        }, 20);""")
    before = screens_received(browser)
    chunk = "The quick brown fox jumps over the lazy dog 0123456789 "
    text = ""
    for _ in range(4):
        # Each burst of keys goes in while redraws arrive; the next burst waits for a redraw that
        # came after this one, so redraws and keys interleave however slow the engine is (a loaded
        # CI machine once answered only two redraws while all the keys went in).
        field.send_keys(chunk)
        text += chunk
        received = screens_received(browser)
        wait(browser).until(lambda d: screens_received(d) > received)
    browser.execute_script("clearInterval(window.redraws)")
    assert screens_received(browser) - before >= 4, "the engine pushed too few redraws to test anything"
    redraw_and_wait(browser)
    state = field_state(browser)
    assert state == {"value": text, "mark": "the same field", "focused": True, "caret": len(text), "end": len(text)}


def test_the_caret_stays_where_it_was_put(browser, server):
    field = open_form(browser, server)
    field.send_keys("Ada Lovelace")
    browser.execute_script("document.querySelector(arguments[0]).setSelectionRange(3, 3)", NAME)
    redraw_and_wait(browser)
    field.send_keys(" Augusta")
    redraw_and_wait(browser)
    state = field_state(browser)
    assert state["value"] == "Ada Augusta Lovelace"
    assert (state["caret"], state["end"], state["focused"], state["mark"]) == (11, 11, True, "the same field")


def test_an_ime_composition_survives_a_redraw(browser, server):
    open_form(browser, server)
    browser.execute_script("""
        window.compositionEvents = [];
        const field = document.querySelector(arguments[0]);
        ['compositionstart', 'compositionupdate', 'compositionend'].forEach(function (type) {
            field.addEventListener(type, function (event) { window.compositionEvents.push(type + ':' + event.data); });
        });""", NAME)
    browser.find_element(By.CSS_SELECTOR, NAME).send_keys("Tokyo ")
    # The browser's own input method path (CDP), as a Japanese keyboard drives it.
    browser.execute_cdp_cmd("Input.imeSetComposition", {"text": "に", "selectionStart": 1, "selectionEnd": 1})
    browser.execute_cdp_cmd("Input.imeSetComposition", {"text": "にほ", "selectionStart": 2, "selectionEnd": 2})
    redraw_and_wait(browser)
    state = field_state(browser)
    assert state["value"] == "Tokyo にほ" and state["focused"] and state["mark"] == "the same field"
    browser.execute_cdp_cmd("Input.imeSetComposition", {"text": "にほん", "selectionStart": 3, "selectionEnd": 3})
    redraw_and_wait(browser)
    browser.execute_cdp_cmd("Input.insertText", {"text": "日本"})
    redraw_and_wait(browser)
    events = browser.execute_script("return window.compositionEvents")
    assert events[0] == "compositionstart:"
    assert events[-1] == "compositionend:日本"
    # One composition from start to end: a redraw did not cut it off and start another.
    assert events.count("compositionstart:") == 1
    state = field_state(browser)
    assert state == {"value": "Tokyo 日本", "mark": "the same field", "focused": True, "caret": 8, "end": 8}


def test_the_typed_value_reaches_the_engine_and_other_fields_follow_it(browser, server):
    field = open_form(browser, server)
    field.send_keys("Grace")
    redraw_and_wait(browser)
    checked = browser.execute_script("return document.querySelector('#screen input[type=checkbox]').checked")
    # The checkbox shows what the engine has (the redraw carried its value), the field what was typed.
    assert checked is True
    browser.find_element(By.CSS_SELECTOR, "#screen .x-form-save").click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
    assert dialog.text == "Saved Grace"


def test_a_shown_password_keeps_its_typing_through_a_redraw(browser, server):
    open_form(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#screen [data-toggle='eye']").click()
    secret = browser.find_element(By.CSS_SELECTOR, "#screen input[type=text]:not([placeholder='Your name'])")
    secret.click()
    browser.execute_script("document.activeElement.xpediteMark = 'the secret'")
    secret.send_keys("hunter2")
    redraw_and_wait(browser)
    state = browser.execute_script("""
        const field = document.activeElement;
        return [field.value, field.xpediteMark || null, field.selectionStart];""")
    assert state == ["hunter2", "the secret", 7]
