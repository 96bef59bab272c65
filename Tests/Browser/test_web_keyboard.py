"""The phone app with the keyboard only (issue 30, docs/accessibility.md#what-the-renderer-guarantees):
headless Chromium at phone size against `xpedite demo`. Sign in (Tab to the fields, type, Enter),
open the menu and the customers, reach a customer's row with Tab and Enter, open its form, change
its name, save it empty and dismiss the server's message with Escape, save it with Enter and see
the changed customer — no mouse click. After each new screen the focus
is on its heading (or the protocol's `focus` field), never on the page's body, and every control
reached with Tab shows a focus ring."""
import pytest
from selenium.webdriver.common.keys import Keys

from test_phone_app import SIGN_IN, demo  # noqa: F401 (demo: the module's demo server, a fixture)
from conftest import make_driver
from test_simulator import texts, wait

# What has the focus: tag, classes, text, the data attributes the renderer writes, and whether a
# focus ring is drawn (an outline or a box shadow).
ACTIVE = """
const e = document.activeElement;
if (!e) return null;
const style = getComputedStyle(e);
const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
return {tag: e.tagName.toLowerCase(), cls: e.className || '', text: (e.innerText || '').trim(),
        action: e.dataset ? (e.dataset.action || '') : '', placeholder: e.getAttribute('placeholder') || '',
        type: e.getAttribute('type') || '', role: e.getAttribute('role') || '', ring: ring,
        inScreen: !!e.closest('#screen'), body: e === document.body};
"""


@pytest.fixture
def phone():
    driver = make_driver(390, 844, mobile=True)
    yield driver
    driver.quit()


def active(driver):
    return driver.execute_script(ACTIVE)


def press(driver, *keys):
    driver.switch_to.active_element.send_keys(*keys)


def title(driver):
    return driver.execute_script("const t = document.querySelector('#screen .x-title'); return t ? t.innerText : ''")


def tab_to(driver, matches, what, limit=60):
    """Presses Tab until the focused element `matches` (none if it already
    does); each element the focus passes inside the screen must show a focus ring."""
    seen = []
    now = active(driver)
    if now is not None and now["inScreen"] and matches(now):
        return now
    for _ in range(limit):
        press(driver, Keys.TAB)
        now = active(driver)
        assert now is not None, f"Tab lost the focus after {seen}"
        if now["body"]:
            # Past the page's last control the focus goes to the browser's own controls (the body
            # in headless Chromium); the next Tab comes back to the page's first control.
            assert not seen or seen[-1] != "(the browser)", f"Tab stayed out of the page after {seen}"
            seen.append("(the browser)")
            continue
        seen.append((now["tag"], now["text"][:30] or now["placeholder"] or now["cls"]))
        if now["inScreen"]:
            assert now["ring"], f"no focus ring on {now}"
        if matches(now):
            return now
    raise AssertionError(f"Tab never reached {what}; it went through {seen}")


def menu_open(driver, is_open):
    wait(driver).until(lambda d: d.execute_script(
        "return !!document.querySelector('#screen .x-panel.x-open')") == is_open)
    if is_open:
        # The focus is in the menu at once: its first entry (a panel hidden until its slide-in had
        # started could not take it, and the focus stayed on the bar button).
        assert driver.execute_script(
            "return !!document.activeElement.closest('#screen .x-panel.x-open')"), active(driver)


def new_screen(driver, expected_title):
    """Waits for the screen titled `expected_title`; the focus is on its heading or a field of it,
    never on the body."""
    wait(driver, 20).until(lambda d: title(d) == expected_title)
    def settled(d):
        now = active(d)
        return now is not None and now["inScreen"] and not now["body"]
    wait(driver).until(settled)
    return active(driver)


def test_the_demo_with_the_keyboard_only(demo, phone, output):
    phone.get(demo.url + "/app")
    wait(phone, 30).until(lambda d: SIGN_IN in texts(d))
    wait(phone).until(lambda d: not active(d)["body"])

    # Sign in: Tab to the e-mail field, type; Tab to the password, type; Enter.
    tab_to(phone, lambda e: e["placeholder"] == "name@example.com", "the e-mail field")
    press(phone, "demo@xpedite.dev")
    tab_to(phone, lambda e: e["type"] == "password", "the password field")
    press(phone, "demo1234")
    wait(phone).until(lambda d: d.execute_script(
        "return document.activeElement.value") == "demo1234")
    tab_to(phone, lambda e: e["tag"] == "button" and e["text"] == "Sign in", "Sign in")
    press(phone, Keys.ENTER)
    wait(phone, 20).until(lambda d: SIGN_IN not in texts(d))
    first = title(phone)
    landed = new_screen(phone, first)
    assert landed["tag"] == "h1" or landed["tag"] in ("input", "textarea"), landed

    # The menu with the keyboard: its button, Enter; Escape closes it and gives the focus back to
    # the button; Space opens it again.
    tab_to(phone, lambda e: "x-bar-button" in e["cls"], "the menu button")
    press(phone, Keys.ENTER)
    menu_open(phone, True)
    press(phone, Keys.ESCAPE)
    menu_open(phone, False)
    assert "x-bar-button" in active(phone)["cls"]
    press(phone, Keys.SPACE)
    menu_open(phone, True)
    # The Dashboard entry, Enter: its screen, the focus on its heading; then the customers.
    tab_to(phone, lambda e: e["text"] == "Dashboard", "the Dashboard entry")
    press(phone, Keys.ENTER)
    assert new_screen(phone, "Dashboard")["tag"] == "h1"
    tab_to(phone, lambda e: "x-bar-button" in e["cls"], "the menu button")
    press(phone, Keys.ENTER)
    menu_open(phone, True)
    tab_to(phone, lambda e: e["text"] == "Customers", "the Customers entry")
    press(phone, Keys.ENTER)
    assert new_screen(phone, "Customers")["tag"] == "h1"
    wait(phone).until(lambda d: d.execute_script("return document.querySelectorAll('#screen .x-row').length") > 3)

    # A customer's row with Tab, then the next rows with Tab; Enter opens it.
    tab_to(phone, lambda e: e["role"] == "row", "a row of the table")
    press(phone, Keys.TAB)
    row = active(phone)
    assert row["role"] == "row" and row["ring"], row
    name = row["text"].split("\n")[0]
    press(phone, Keys.ENTER)
    wait(phone, 20).until(lambda d: title(d) != "Customers")
    customer = title(phone)
    landed = new_screen(phone, customer)
    phone.save_screenshot(str(output / "keyboard-customer.png"))

    # Edit with the keyboard (Space on the button), change the name, save with Enter.
    tab_to(phone, lambda e: e["tag"] == "button" and e["text"] == "Edit", "Edit")
    press(phone, Keys.SPACE)
    wait(phone, 20).until(lambda d: d.find_elements("css selector", "#screen input[placeholder='Required']"))
    new_screen(phone, title(phone))
    tab_to(phone, lambda e: e["placeholder"] == "Required", "the name field")
    press(phone, Keys.CONTROL, "a")
    press(phone, Keys.BACKSPACE)
    # Saved with no name: the server's `rc` message comes as an alert dialog that takes the focus
    # (read out by a screen reader, its message its description); Escape dismisses it and the
    # focus goes back to Save.
    tab_to(phone, lambda e: e["tag"] == "button" and e["text"] == "Save", "Save")
    press(phone, Keys.ENTER)
    wait(phone, 20).until(lambda d: active(d)["cls"] == "x-alert-ok")
    assert active(phone)["ring"]
    alert = phone.execute_script(
        "const a = document.querySelector('#screen [role=alertdialog]');"
        "return [a.getAttribute('aria-modal'), document.getElementById(a.getAttribute('aria-describedby')).innerText]")
    assert alert == ["true", "Please enter the customer's name."]
    press(phone, Keys.ESCAPE)
    wait(phone).until(lambda d: not d.find_elements("css selector", "#screen .x-alert"))
    wait(phone).until(lambda d: active(d)["text"] == "Save")
    tab_to(phone, lambda e: e["placeholder"] == "Required", "the name field")
    changed = name + " K"
    press(phone, changed)
    wait(phone).until(lambda d: d.execute_script("return document.activeElement.value") == changed)
    save = tab_to(phone, lambda e: e["tag"] == "button" and e["text"] == "Save", "Save")
    assert save["ring"]
    phone.save_screenshot(str(output / "keyboard-save.png"))
    press(phone, Keys.ENTER)
    # The saved customer shows the new name; the focus is on the new screen, not on the body.
    wait(phone, 20).until(lambda d: changed in d.execute_script("return document.querySelector('#screen').innerText"))
    now = active(phone)
    assert now is not None and not now["body"] and now["inScreen"], now
    phone.save_screenshot(str(output / "keyboard-saved.png"))
