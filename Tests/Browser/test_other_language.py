"""`xpedite preview --server URL` pointed at a server in another language: the stdlib Python
server in the old dialect that `xpedite client`'s tests use (Tests/XpediteCLITests/ClientServer).
Nothing of ours runs on the server side: what the browser shows comes from its packets alone."""
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import ROOT, serve, stop
from test_demo import fill
from test_simulator import Chrome, enter_phone, tap, texts, wait, wait_for_label

PYTHON_SERVER = ROOT / "Tests" / "XpediteCLITests" / "ClientServer" / "old_dialect_server.py"


@pytest.fixture(scope="module")
def python_server():
    """The Python server on a free port (it prints the port it bound); yields its endpoint URL."""
    log = tempfile.NamedTemporaryFile(prefix="xpedite-python-server-", suffix=".log", delete=False)
    log.close()
    process = subprocess.Popen([sys.executable, str(PYTHON_SERVER), log.name],
                               stdout=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline())
        yield f"http://127.0.0.1:{port}/xpedite"
    finally:
        stop(process)
        Path(log.name).unlink(missing_ok=True)


def open_phone(driver, preview):
    """Opens the simulator and waits for the Python server's first screen in the phone's frame."""
    driver.get(preview + "/")
    enter_phone(driver)
    wait_for_label(driver, "Welcome to the Python server", seconds=30)


@pytest.fixture(scope="module")
def preview(python_server):
    """`xpedite preview --server` on a free port, pointed at the Python server."""
    yield from serve(["preview", "--server", python_server, "--port", "0"], "xpedite-preview-python-")


def test_the_python_servers_screens_in_the_browser(browser, preview, python_server):
    open_phone(browser, preview)

    # A table whose rows come in pages of 40 from the server's `data` answers; a row tap sends
    # the old dialect's clickRow method with the row number.
    tap(browser, "Customers")
    wait(browser).until(lambda d: "Customer 3" in texts(d, ".x-cell"))
    browser.find_element(By.CSS_SELECTOR, "#screen .x-row[data-row='3']").click()

    # An old-dialect form: an empty required name is refused with the server's rc as a dialog.
    wait(browser).until(lambda d: d.find_element(By.CSS_SELECTOR, "#screen input[type='text']")
                        .get_attribute("value") == "Customer 3")

    def emptied(d):
        field = d.find_element(By.CSS_SELECTOR, "#screen input[type='text']")
        if field.get_attribute("value") == "":
            return True
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(Keys.BACKSPACE)
        return False
    wait(browser).until(emptied)
    browser.find_element(By.CSS_SELECTOR, "#screen .x-form-save").click()
    dialog = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#screen .x-alert-message")))
    assert dialog.text == "First name is required"
    browser.find_element(By.CSS_SELECTOR, "#screen .x-alert-ok").click()
    fill(browser, "input[type='text']", "Ann")
    browser.find_element(By.CSS_SELECTOR, "#screen .x-form-save").click()
    wait(browser).until(lambda d: any(t.startswith("Saved Ann (active") for t in texts(d)))

    # Every packet is in the inspector, with a curl command that posts to the Python server (not
    # to the simulator's relay the app in the frame posts through).
    with Chrome(browser):
        wait(browser).until(lambda d: "saveCustomer" in d.find_element(By.ID, "inspector").text)
        packets = browser.find_elements(By.CSS_SELECTOR, "#inspector .x-packet summary")
        methods = " ".join(p.text for p in packets)
        for method in ["setConnection", "showCustomers", "listCustomers", "selectCustomer", "saveCustomer"]:
            assert method in methods
        packets[0].click()
        curl = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#inspector .x-curl")))
        assert curl.text.startswith("curl -sS -X POST") and python_server in curl.text


def test_a_relative_image_of_the_python_server_loads_through_the_engine(browser, preview):
    open_phone(browser, preview)
    tap(browser, "Logo")
    # The screen is drawn again when the image arrives: read the element afresh on every try.
    loaded = """
        const image = document.querySelector('#screen img');
        return image && image.complete && image.naturalWidth === 30 ? image.getAttribute('src') : null;"""
    try:
        source = wait(browser, 20).until(lambda d: d.execute_script(loaded))
    except TimeoutException:
        images = browser.execute_script(
            "return Array.from(document.querySelectorAll('#screen img')).map(i => [i.src, i.complete, i.naturalWidth])")
        raise AssertionError(f"no 30-pixel image: {images}")
    assert "/image?" in source
