"""What the simulator takes from the engine and the layout rather than from the browser: images
from the tab's image cache (also offline), old-dialect dynamic menus and web views and how the
inspector reads their answers, row heights and dropdown places from the layout, a phone frame
scaled to a small window, and /app's service worker with the simulator stopped."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import make_driver, serve
from test_simulator import Chrome, open_simulator, tap, texts, wait, wait_for_label

LOADED_IMAGES = ("return Array.from(document.querySelectorAll('#screen img'))"
                 ".filter(i => i.complete && i.naturalWidth > 0).map(i => [i.getAttribute('src'), i.naturalWidth])")


def rect(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                                 "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}", element)


def test_images_come_from_the_engine_and_show_offline(browser, server, output):
    open_simulator(browser, server)
    tap(browser, "Images")
    wait(browser).until(lambda d: len(d.execute_script(LOADED_IMAGES)) == 2)
    images = dict(browser.execute_script(LOADED_IMAGES))
    # The test app's images are on a host only the simulator's image loader reaches: the app
    # loads them through the simulator's image relay.
    assert all(src.startswith(server + "/app/image?url=https%3A%2F%2Fpreview-test-app.invalid%2F") for src in images), images
    assert sorted(images.values()) == [40, 60], "the manifest id and the relative URL both resolved"
    browser.save_screenshot(str(output / "images.png"))

    # Home by its method too (pages are cached by request), then offline, there and back.
    tap(browser, "Home")
    wait_for_label(browser, "Hello from the test app")
    tap(browser, "Images")
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen .x-title").text == "Images")
    with Chrome(browser):
        browser.find_element(By.ID, "offline").click()
    tap(browser, "Home")
    wait_for_label(browser, "Hello from the test app")
    tap(browser, "Images")
    wait(browser).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-offline-badge")
                        and d.find_element(By.CSS_SELECTOR, "#screen .x-title").text == "Images")
    wait(browser).until(lambda d: len(d.execute_script(LOADED_IMAGES)) == 2)
    # The engine keeps them in its image cache (Cache Storage, which the service worker answers
    # the page's <img> from offline), under the URLs the page loads.
    kept = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.open('xpedite-images ' + window.xpedite.transport.endpoint).then(c => c.keys())"
        ".then(keys => done(keys.map(r => r.url)), e => done(String(e)))")
    assert set(images) <= set(kept), (images, kept)
    with Chrome(browser):
        browser.find_element(By.ID, "offline").click()


def test_old_dialect_dynamic_menu_and_web_view(browser, server):
    open_simulator(browser, server)
    tap(browser, "Old dialect")
    wait_for_label(browser, "An old-dialect screen")
    frame = wait(browser).until(lambda d: d.find_element(
        By.CSS_SELECTOR, "#screen [data-id='old-web'] iframe[srcdoc*='Old web content']"))
    assert frame.get_attribute("sandbox") == ""
    browser.switch_to.frame(frame)
    assert browser.find_element(By.TAG_NAME, "h2").text == "Old web content"
    browser.switch_to.parent_frame()

    browser.find_element(By.CSS_SELECTOR, "#screen .x-bar-button").click()
    wait(browser).until(lambda d: "x-open" in d.find_element(By.CSS_SELECTOR, "#screen .x-panel").get_attribute("class"))
    # The panel slides in: an entry still outside the screen has no visible text yet, so read the
    # entries' text content, and wait for the menu's data answer to fill them.
    entries = "return Array.from(document.querySelectorAll('#screen .x-panel .x-menu-entry')).map(e => e.textContent.trim())"
    wait(browser).until(lambda d: d.execute_script(entries) == ["Home", "Second screen"])

    # The inspector read the data answers (the menu's records and the web view's HTML) and the
    # screens without an error.
    with Chrome(browser):
        wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#inspector .x-packet[data-expected='data']")) >= 2)
        classes = browser.execute_script(
            "return Array.from(document.querySelectorAll('#inspector .x-packet')).map(p => [p.dataset.expected, p.className])")
        assert all("x-failed" not in c for _, c in classes), classes
        assert all("x-ok" in c for kind, c in classes if kind == "data"), classes

    tap(browser, "Second screen")
    wait_for_label(browser, "You reached the second screen")


HEADER_OFFSET = """
const table = document.querySelector('#screen [data-id=' + arguments[0] + ']');
const body = table.querySelector('.x-tbody'), header = table.querySelector('.x-thead');
body.scrollTop = 200;
return [header.parentElement === body, Math.round(header.getBoundingClientRect().top - table.getBoundingClientRect().top)];
"""


def test_a_table_header_scrolls_with_the_rows_by_default(browser, server):
    open_simulator(browser, server)
    tap(browser, "Table")
    wait(browser).until(lambda d: "Row 40" in texts(d, ".x-cell"))
    inside, offset = browser.execute_script(HEADER_OFFSET, "rows")
    assert inside and offset <= -150, "scroll on (the default): the header leaves with the rows"


def test_a_fixed_table_header_stays_above_the_rows(browser, server):
    open_simulator(browser, server)
    tap(browser, "Images")
    wait(browser).until(lambda d: "Tall row 3\nsecond line" in texts(d, ".x-cell"))
    inside, offset = browser.execute_script(HEADER_OFFSET, "tall")
    assert not inside and offset == 0, "scroll off: the header stays at the top of the table"


def test_row_heights_and_dropdowns_come_from_the_layout(browser, server, output):
    open_simulator(browser, server)
    tap(browser, "Images")
    wait(browser).until(lambda d: "Tall row 1\nsecond line" in texts(d, ".x-cell"))
    heights = browser.execute_script(
        "return Array.from(document.querySelectorAll('#screen [data-id=tall] .x-row')).slice(0, 3).map(r => r.offsetHeight)")
    assert heights == [68, 68, 68], "two lines of 20 pt and the padding (TableRowLayout)"
    cell = browser.find_element(By.CSS_SELECTOR, "#screen [data-id=tall] .x-cell")
    assert browser.execute_script("return arguments[0].scrollHeight <= arguments[0].clientHeight + 1", cell)

    for screen, side in [("Images", "left"), ("Components", "right")]:
        if screen != "Images":
            tap(browser, "Go home")   # the open left dropdown's entry
            wait_for_label(browser, "Hello from the test app")
            tap(browser, screen)
        button = wait(browser).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "#screen .x-bar-button[aria-label='actions']")))
        button.click()
        menu = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, f"#screen .x-dropdown.x-{side}.x-open")))
        b, m = rect(browser, button), rect(browser, menu)
        assert abs(m["top"] - b["bottom"]) <= 1
        assert abs(m[side] - b[side]) <= 1, (side, b, m)
        phone = rect(browser, browser.find_element(By.ID, "screen"))
        assert phone["left"] - 1 <= m["left"] and m["right"] <= phone["right"] + 1
        browser.save_screenshot(str(output / f"dropdown-{side}.png"))


def click_where_drawn(driver, xpath):
    """Clicks the phone's element at `xpath` (the driver is in the phone's frame) at the point of
    the simulator's page where it is drawn, scaled with the phone's picture; the driver is back in
    the frame afterwards. (chromedriver's own element click does not follow a scaled frame.)"""
    box = wait(driver).until(lambda d: d.execute_script(
        "const e = document.evaluate(arguments[0], document, null, 9, null).singleNodeValue;"
        "if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];", xpath))
    with Chrome(driver):
        left, top, scale = driver.execute_script(
            "const r = document.getElementById('app-frame').getBoundingClientRect();"
            "return [r.left, r.top, Number(document.body.dataset.scale || '1')]")
        actions = ActionBuilder(driver)
        actions.pointer_action.move_to_location(int(left + box[0] * scale), int(top + box[1] * scale)).click()
        actions.perform()


def test_the_phone_frame_scales_down_to_a_small_window(server, output):
    driver = make_driver(760, 560)
    try:
        open_simulator(driver, server)
        with Chrome(driver):
            scale = float(driver.find_element(By.TAG_NAME, "body").get_attribute("data-scale"))
            assert scale < 1
            frame = rect(driver, driver.find_element(By.ID, "phone"))
            size = driver.execute_script("return [window.innerWidth, window.innerHeight]")
            assert frame["top"] >= 0 and frame["left"] >= 0
            assert frame["right"] <= size[0] + 1 and frame["bottom"] <= size[1] + 1, (frame, size)
            # The phone still has its device's bounds: only its picture is scaled.
            assert driver.execute_script("return document.getElementById('screen').offsetWidth") == 393
            driver.save_screenshot(str(output / "simulator-small-window.png"))
        assert driver.execute_script("return window.innerWidth") == 393
        # Clicks and keys go to the page at the point where the scaled picture shows the element,
        # as a person's would: the browser maps them into the phone's frame.
        click_where_drawn(driver, "//*[@id='screen']//*[@data-action][normalize-space(.)='Form']")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen input[placeholder='Your name']"))
        click_where_drawn(driver, "//*[@id='screen']//input[@placeholder='Your name']")
        ActionChains(driver).send_keys("Cy").perform()
        click_where_drawn(driver, "//*[@id='screen']//*[contains(@class, 'x-form-save')]")
        message = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
        assert message.text == "Saved Cy"
    finally:
        driver.quit()


def test_the_web_app_registers_its_service_worker_and_renders_offline(output):
    """The web app (docs/phone-app.md) keeps its own files with its service worker and the test
    app's entry page (`id` + `disposition`) in IndexedDB: with the simulator gone, a reload starts
    the app and shows that page, marked offline."""
    simulator = serve(["preview", "--demo-test-app", "--port", "0"], "xpedite-app-offline-")
    url = next(simulator)
    driver = make_driver(390, 844, mobile=True)
    try:
        try:
            driver.get(url + "/app")
            wait(driver).until(lambda d: "Hello from the test app" in texts(d))
            wait(driver, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
            scope = driver.execute_async_script(
                "navigator.serviceWorker.getRegistration(arguments[0]).then(r => arguments[1](r ? r.scope : null))",
                url + "/app/")
            assert scope == url + "/app/"
        finally:
            simulator.close()   # the simulator stops: nothing answers on its port any more
        driver.refresh()
        wait(driver, 20).until(lambda d: "Hello from the test app" in texts(d))
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-offline-badge"))
        assert driver.find_element(By.CSS_SELECTOR, "#screen .x-offline-badge").text == "Offline"
        driver.save_screenshot(str(output / "app-offline.png"))
    finally:
        driver.quit()
