"""The barcode field of the notification app without BarcodeDetector (headless Chromium on Linux
has none, as many browsers): a photo of a code is uploaded to POST /notify/v1/device/barcode, the
server decodes it (ZBar), and the decoded text goes into the field; a photo without a code says so;
typing the code works all the same. The answer carries what the field shows."""
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, make_driver
from notify_app import Backend, NotifyServer, control, field, sign_in, tap, wait, wait_for_message

TOPIC = "/test/barcode"
PASSWORD = "anna-secret"
FIXTURES = ROOT / "Tests" / "Fixtures" / "barcodes"
EAN13 = "4006381333931"
QR_TEXT = "https://xpedite.example/customers/C-1042?approve=credit-limit"


@pytest.fixture
def notify():
    server = NotifyServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def driver():
    driver = make_driver(480, 1000, extra=["--lang=en-US"])
    yield driver
    driver.quit()


def open_form(driver, notify, title):
    backend = Backend(notify)
    backend.user("anna", PASSWORD)
    sign_in(driver, notify.url, "anna", PASSWORD)
    backend.send(["anna"], title, "Scan the parcel", {"responseTopic": TOPIC, "fields": [
        {"type": "barcode", "id": "parcel", "label": "Parcel code"},
        {"type": "barcode", "id": "link", "label": "Link code"},
        {"type": "footerButton", "buttonLabel": "Send", "value": 1}]})
    wait_for_message(driver, title).click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.form"))
    return backend


def photo_input(driver, label):
    return field(driver, label).find_element(By.CSS_SELECTOR, f"input[type=file][aria-label='Photo of a code for {label}']")


def use_decoded(driver, label, text):
    """Waits for the server's answer about the photo and taps the decoded code; returns the field's value."""
    box = field(driver, label)
    button = wait(driver, 30).until(
        lambda d: next((b for b in box.find_elements(By.CSS_SELECTOR, ".codes button") if b.text == text), None),
        f"{label}: no decoded code {text!r}; the field shows {box.text!r}")
    assert "Tap the code to use:" in box.text
    tap(driver, button)
    return control(driver, label).get_attribute("value")


def test_a_photo_is_decoded_by_the_server_and_typing_still_works(notify, driver):
    assert driver.execute_script("return 'BarcodeDetector' in window") is False, \
        "this browser has BarcodeDetector: the photo path is not what runs"
    backend = open_form(driver, notify, "Parcel")
    # No scan button without BarcodeDetector; the photo input and the text field are there.
    assert not [b for b in field(driver, "Parcel code").find_elements(By.CSS_SELECTOR, "button") if b.text == "Scan"]

    photo_input(driver, "Parcel code").send_keys(str(FIXTURES / "ean13.jpg"))
    assert use_decoded(driver, "Parcel code", EAN13) == EAN13
    photo_input(driver, "Link code").send_keys(str(FIXTURES / "qr.png"))
    assert use_decoded(driver, "Link code", QR_TEXT) == QR_TEXT

    # A photo without a code: said so, and the field keeps what it had.
    photo_input(driver, "Parcel code").send_keys(str(FIXTURES / "no-code.jpg"))
    box = field(driver, "Parcel code")
    wait(driver, 30).until(lambda d: "No code was found." in box.text, box.text)
    assert control(driver, "Parcel code").get_attribute("value") == EAN13

    # Typing is always possible: the decoded text is replaced by what is typed.
    typed = control(driver, "Parcel code")
    typed.clear()
    typed.send_keys("ABC-0042")
    assert typed.get_attribute("value") == "ABC-0042"

    tap(driver, driver.find_element(By.XPATH, "//div[@class='footer']/button[normalize-space()='Send']"))
    answers = wait(driver, 20).until(lambda d: backend.responses(TOPIC))
    assert len(answers) == 1
    assert answers[0]["values"] == {"parcel": "ABC-0042", "link": QR_TEXT}
