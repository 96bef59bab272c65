"""Every input and container in a real browser: what shows, and what the engine receives."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import make_driver
from test_simulator import Chrome, open_simulator, tap, texts, wait, wait_for_label


def node(driver, component_id):
    return driver.find_element(By.CSS_SELECTOR, f"#screen [data-id='{component_id}']")


def test_every_input_and_container(browser, server, output):
    open_simulator(browser, server)
    tap(browser, "Components")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen [data-id='email']"))
    email = node(browser, "email").find_element(By.TAG_NAME, "input")
    assert email.get_attribute("type") == "email"
    assert email.get_attribute("enterkeyhint") == "next"
    assert email.get_attribute("placeholder") == "name@example.com"
    pin = node(browser, "pin").find_element(By.TAG_NAME, "input")
    assert pin.get_attribute("type") == "password"
    node(browser, "pin").find_element(By.CSS_SELECTOR, "[data-toggle='eye']").click()
    assert pin.get_attribute("type") == "text"
    assert node(browser, "notes").find_element(By.TAG_NAME, "textarea")
    assert node(browser, "subscribe").find_element(By.TAG_NAME, "input").is_selected()
    assert node(browser, "day").find_element(By.TAG_NAME, "input").get_attribute("value") == "2026-11-22"
    colour = Select(node(browser, "colour").find_element(By.TAG_NAME, "select"))
    assert colour.first_selected_option.text == "Green"
    large = node(browser, "size").find_element(By.CSS_SELECTOR, "input[value='l']")
    assert large.is_selected()
    assert "⚙" in node(browser, "settings").text
    assert "Inside a scroll view" in texts(browser)
    # The frame is made when the web view comes near the screen (web-frame.js).
    frame = wait(browser).until(lambda d: node(d, "web").find_element(By.TAG_NAME, "iframe"))
    assert frame.get_attribute("sandbox") == ""
    assert browser.title != "hacked"
    assert browser.find_element(By.CSS_SELECTOR, "#screen .x-header-row").text.upper() == "INPUTS"

    # A changed value lives in the engine: it survives the next rendering of the screen.
    Select(node(browser, "colour").find_element(By.TAG_NAME, "select")).select_by_visible_text("Blue")
    small = node(browser, "size").find_element(By.CSS_SELECTOR, "input[value='s']")
    small.click()
    with Chrome(browser):
        browser.find_element(By.ID, "appearance").send_keys("Dark")
        browser.find_element(By.ID, "reconnect").click()
        wait(browser, 30).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-connection") == "connected")
    wait_for_label(browser, "Hello from the test app")
    assert "x-dark" in browser.find_element(By.TAG_NAME, "body").get_attribute("class")
    browser.switch_to.default_content()
    browser.save_screenshot(str(output / "components-dark-home.png"))


def test_the_bar_button_dropdown_and_a_dialog_form(browser, server, output):
    open_simulator(browser, server)
    tap(browser, "Components")
    actions = "#screen .x-bar-button[aria-label='actions']"
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, actions))).click()
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-dropdown.x-open")))
    browser.save_screenshot(str(output / "components-dropdown.png"))
    tap(browser, "Dialog")
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-dialog")))
    assert dialog.find_element(By.CSS_SELECTOR, ".x-form-header-title").text == "Quick edit"
    dialog.find_element(By.CSS_SELECTOR, "input[placeholder='Your name']").send_keys("Bo")
    browser.save_screenshot(str(output / "dialog-form.png"))
    browser.find_element(By.CSS_SELECTOR, "#screen .x-dialog .x-form-save").click()
    message = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
    assert message.text == "Saved Bo"


def test_pressing_save_right_after_typing_saves(browser, server):
    """The press on Save blurs the field, whose value goes to the engine; the rendering that
    comes back while the button is held must not take the button away from under the pointer."""
    open_simulator(browser, server)
    tap(browser, "Components")
    wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#screen .x-bar-button[aria-label='actions']"))).click()
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-dropdown.x-open")))
    tap(browser, "Dialog")
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-dialog")))
    dialog.find_element(By.CSS_SELECTOR, "input[placeholder='Your name']").send_keys("Al")
    received = browser.execute_script("return window.xpediteScreensReceived")
    ActionChains(browser).click_and_hold(dialog.find_element(By.CSS_SELECTOR, ".x-form-save")).perform()
    # The engine's rendering with the new value arrives while the button is still down.
    wait(browser).until(lambda d: d.execute_script("return window.xpediteScreensReceived") > received)
    ActionChains(browser).release().perform()
    message = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
    assert message.text == "Saved Al"


GEOMETRY = """
const centred = document.querySelector("#screen [data-id='centred']");
centred.scrollIntoView({block: "center"});
const range = document.createRange();
range.selectNodeContents(centred);
const text = range.getBoundingClientRect(), box = centred.getBoundingClientRect();
const wide = document.querySelector("#screen [data-id='wide-label']");
const form = wide.closest(".x-inline");
wide.scrollIntoView({block: "center"});
const w = wide.getBoundingClientRect(), f = form.getBoundingClientRect();
const hit = document.elementFromPoint(f.right + 10, w.top + w.height / 2);
return [Math.abs((text.top + text.bottom) / 2 - (box.top + box.bottom) / 2), w.right - f.right, !!hit && wide.contains(hit)];
"""


def test_a_tall_label_is_centred_and_a_wide_one_overflows_its_form(browser, server):
    open_simulator(browser, server)
    tap(browser, "Components")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen [data-id='wide-label']"))
    offset, overflow, visible = browser.execute_script(GEOMETRY)
    assert offset < 2, "the text sits in the middle of the 80-point label, as UILabel draws it"
    assert overflow > 50 and visible, "only a scroll view clips; an inline form does not"


def test_a_swipe_closes_the_panel_an_edge_pan_opens_it_and_a_pull_refreshes_the_table(browser, server):
    from selenium.webdriver.common.action_chains import ActionChains
    open_simulator(browser, server)
    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    panel = browser.find_element(By.CSS_SELECTOR, "#screen .x-panel")
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    wait(browser).until(lambda d: panel.is_displayed() and panel.rect["x"] >= d.find_element(By.ID, "screen").rect["x"] - 1)
    header = panel.find_element(By.CSS_SELECTOR, ".x-menu-header")
    ActionChains(browser).move_to_element(header).click_and_hold().move_by_offset(-120, 0).release().perform()
    wait(browser).until(lambda d: "x-open" not in panel.get_attribute("class"))
    # An edge pan from the left edge opens it again
    # (docs/protocol/components/navigation.md#navigation).
    screen = browser.find_element(By.ID, "screen")
    ActionChains(browser).move_to_element_with_offset(screen, -screen.rect["width"] / 2 + 6, 0).click_and_hold() \
        .move_by_offset(120, 0).release().perform()
    wait(browser).until(lambda d: "x-open" in panel.get_attribute("class"))
    wait(browser).until(lambda d: panel.rect["x"] >= screen.rect["x"] - 1)
    assert browser.find_elements(By.XPATH, "//*[@id='screen']//*[normalize-space(.)='Hello from the test app']"), \
        "the pan's click tapped nothing: the screen is still the home screen"
    ActionChains(browser).move_to_element(header).click_and_hold().move_by_offset(-120, 0).release().perform()
    wait(browser).until(lambda d: "x-open" not in panel.get_attribute("class"))

    tap(browser, "Table")
    wait(browser).until(lambda d: "Row 40" in texts(d, ".x-cell"))
    with Chrome(browser):
        requests = len(browser.find_elements(By.CSS_SELECTOR, "#inspector .x-packet"))
    first = browser.find_element(By.XPATH, "//*[@id='screen']//div[contains(@class,'x-cell')][normalize-space(.)='Row 1']")
    ActionChains(browser).move_to_element(first).click_and_hold().move_by_offset(0, 100).release().perform()
    with Chrome(browser):
        wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet")) > requests)
        newest = browser.find_element(By.CSS_SELECTOR, "#inspector .x-packet .x-packet-method")
        assert newest.text == "rows"
