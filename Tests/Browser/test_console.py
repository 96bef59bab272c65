"""The operators' console at /notify/console/ in headless Chromium (issue 28): a wrong password
shows an error announced by role="alert"; the right one shows the shell with the operator's name,
role, sign-out button and the sections' navigation; the session cookie is out of the page's reach
and the page keeps no credential; signing out shows the form again."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from notify_app import NotifyServer, call

PASSWORD = "a long passphrase"


@pytest.fixture(scope="module")
def server():
    server = NotifyServer()
    try:
        status, body, _ = call(server.url + "/notify/v1", "PUT", "/operators/ann",
                               body={"password": PASSWORD, "role": "admin"})
        assert status == 200, body
        yield server
    finally:
        server.close()


@pytest.fixture
def browser():
    driver = make_driver(1200, 900)
    yield driver
    driver.quit()


def wait(driver, condition, seconds=20):
    return WebDriverWait(driver, seconds).until(lambda d: condition(d))


def labelled(driver, text):
    """The input whose label reads `text` (the label's `for`)."""
    label = next(element for element in driver.find_elements(By.TAG_NAME, "label") if element.text == text)
    return driver.find_element(By.ID, label.get_attribute("for"))


def sign_in(driver, username, password):
    user = labelled(driver, "Username")
    user.clear()
    user.send_keys(username)
    secret = labelled(driver, "Password")
    secret.clear()
    secret.send_keys(password)
    driver.find_element(By.ID, "sign-in-button").click()


def test_a_wrong_password_is_announced_and_the_right_one_opens_the_shell(server, browser):
    browser.get(server.url + "/notify/console/")
    form = wait(browser, lambda d: d.find_element(By.ID, "sign-in").is_displayed() and d.find_element(By.ID, "sign-in"))
    assert form.is_displayed()
    assert not browser.find_element(By.ID, "shell").is_displayed()

    sign_in(browser, "ann", "not the password")
    error = browser.find_element(By.ID, "sign-in-error")
    wait(browser, lambda d: error.text != "")
    assert error.text == "Wrong username or password."
    assert error.get_attribute("role") == "alert"
    assert not browser.find_element(By.ID, "shell").is_displayed()

    sign_in(browser, "ann", PASSWORD)
    shell = browser.find_element(By.ID, "shell")
    wait(browser, lambda d: shell.is_displayed())
    assert browser.find_element(By.ID, "operator-name").text == "ann"
    assert browser.find_element(By.ID, "operator-role").text == "admin"
    assert not browser.find_element(By.ID, "sign-in-view").is_displayed()
    assert error.text == ""
    navigation = browser.find_element(By.CSS_SELECTOR, "nav[aria-label='Console sections']")
    assert [link.text for link in navigation.find_elements(By.TAG_NAME, "a")] == [
        "Messages", "Answers", "Compose", "Designer", "People", "Operation"]
    # The cookie is HttpOnly and the page keeps no credential of its own.
    assert "xpedite_console" not in browser.execute_script("return document.cookie")
    assert browser.execute_script("return localStorage.length + sessionStorage.length") == 0
    assert "xpedite_console" in [cookie["name"] for cookie in browser.get_cookies()]

    # A reload finds the session; signing out shows the form again, and a reload keeps it there.
    browser.refresh()
    wait(browser, lambda d: d.find_element(By.ID, "shell").is_displayed())
    assert browser.find_element(By.ID, "operator-name").text == "ann"
    browser.find_element(By.ID, "sign-out").click()
    wait(browser, lambda d: d.find_element(By.ID, "sign-in-view").is_displayed())
    browser.refresh()
    wait(browser, lambda d: d.find_element(By.ID, "sign-in-view").is_displayed())
    assert not browser.find_element(By.ID, "shell").is_displayed()
