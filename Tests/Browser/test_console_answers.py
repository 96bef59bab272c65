"""The console's Answers section (issue 28, docs/console.md#answers) in headless Chromium: two
devices answer a named payload with a photo, a text, a choice and a location; a viewer picks the
payload and sees one column per field in payload order, the photo's thumbnail loaded from the
backend documents route with the session, the answers' text as text (never HTML), the places as
markers on the map (on a grid of degrees when the tiles cannot be reached, on the tiles when they
can), the filters in the address, and CSV and NDJSON exports holding the answers in the right
columns. `UPDATE_CONSOLE_SCREENSHOTS=1` writes docs/images/console-answers.png."""
import csv
import io
import json
import os
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver
from notify_app import Backend, Device, NotifyServer, call, png

PASSWORD = "a long passphrase"
TOPIC = "/inspections/site"
HOSTILE = "<img src=x onerror=alert(1)>"
FORMULA = "=SUM(A1:A9)"
ROOT = Path(__file__).resolve().parents[2]
FIELDS = [
    {"type": "text", "label": "Inspect the site"},
    {"type": "camera", "id": "photo", "label": "Photo of the site"},
    {"type": "inputString", "id": "note", "label": "Note"},
    {"type": "droplist", "id": "state", "label": "State", "values": ["Good", "Worn", "Broken"]},
    {"type": "map", "id": "where", "label": "Where"},
]
COLUMNS = ["responseId", "username", "deviceId", "submitValue", "receivedAt", "photo", "note", "state", "where"]


class Tiles(BaseHTTPRequestHandler):
    """A tile server on loopback: one small PNG for every tile."""
    tile = png(256, 256)

    def do_GET(self):  # noqa: N802 (the standard library's name)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(self.tile)))
        self.end_headers()
        self.wfile.write(self.tile)

    def log_message(self, *arguments):
        pass


def photo(colour):
    picture = io.BytesIO()
    Image.new("RGB", (160, 120), colour).save(picture, "JPEG")
    return picture.getvalue()


def answer(server, username, device_id, message_id, colour, note, state, where):
    """A device uploads a photo and answers the message with it."""
    device = Device(server, username, PASSWORD, device_id)
    status, uploaded, _ = device.call("POST", "/device/documents?kind=image", raw=photo(colour), content_type="image/jpeg")
    assert status == 201, uploaded
    values = {"photo": uploaded["name"], "note": note, "state": state, "where": where}
    status, published, _ = device.call("POST", "/device/responses", body={
        "responseId": str(uuid.uuid4()), "messageId": message_id, "submitValue": 0, "values": values})
    assert status == 201, published
    return published


def start(arguments=()):
    server = NotifyServer(arguments)
    api = server.url + "/notify/v1"
    for name, role in [("ann", "admin"), ("vic", "viewer")]:
        status, body, _ = call(api, "PUT", "/operators/" + name, body={"password": PASSWORD, "role": role})
        assert status == 200, body
    backend = Backend(server)
    for name in ["anna", "ben"]:
        backend.user(name, PASSWORD)
    status, body, _ = call(api, "PUT", "/payloads/inspection", body={"payload": {"responseTopic": TOPIC, "fields": FIELDS}})
    assert status == 200, body
    message_id = backend.send(["anna", "ben"], "Inspection", "Inspect the site",
                              {"responseTopic": TOPIC, "payloadName": "inspection"})
    server.answers = [
        answer(server, "anna", "anna-phone", message_id, (200, 40, 40), HOSTILE, "Worn",
               {"latitude": 48.8584, "longitude": 2.2945}),
        answer(server, "ben", "ben-tablet", message_id, (40, 40, 200), FORMULA, "Good",
               {"latitude": 48.8606, "longitude": 2.3376}),
    ]
    return server


@pytest.fixture(scope="module")
def server():
    server = start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def browser():
    driver = make_driver(1400, 1100)
    yield driver
    driver.quit()


def wait(driver, condition, seconds=20):
    return WebDriverWait(driver, seconds).until(lambda d: condition(d))


def sign_in(driver, base, username, hash_=""):
    driver.get(base + "/notify/console/" + hash_)
    wait(driver, lambda d: d.find_element(By.ID, "sign-in").is_displayed())
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.ID, "sign-in-button").click()
    wait(driver, lambda d: d.find_element(By.ID, "shell").is_displayed())


def table_rows(driver):
    """The table's headings and rows of cell texts, once it is shown."""
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "table.answers tbody tr"))
    headings = [th.get_attribute("data-column") for th in driver.find_elements(By.CSS_SELECTOR, "table.answers th")]
    rows = [[td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in driver.find_elements(By.CSS_SELECTOR, "table.answers tbody tr")]
    return headings, rows


def export(driver, kind, folder, prefix="answers-inspections-site-"):
    """Clicks an export button and reads the file the browser saved (named `prefix` + the day)."""
    for old in folder.iterdir():
        old.unlink()
    driver.find_element(By.CSS_SELECTOR, f"button[data-export='{kind}']").click()
    link = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"a.export-file[data-format='{kind}']"))[0]
    name = link.get_attribute("download")
    assert name.startswith(prefix) and name.endswith("." + kind)
    assert link.get_attribute("href").startswith("blob:")
    saved = folder / name
    wait(driver, lambda d: saved.exists() and not list(folder.glob("*.crdownload")))
    return saved.read_text(encoding="utf-8")


def test_a_viewer_sees_the_answers_of_a_named_payload_with_photos_places_and_exports(server, browser, tmp_path):
    browser.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    sign_in(browser, server.url, "vic", "#/answers")
    payloads = wait(browser, lambda d: len(Select(d.find_element(By.ID, "answers-payload")).options) > 1
                    and Select(d.find_element(By.ID, "answers-payload")))
    payloads.select_by_visible_text("inspection")
    browser.find_element(By.CSS_SELECTOR, ".answers-filters button[type='submit']").click()
    wait(browser, lambda d: "payload=inspection" in d.current_url)
    headings, rows = table_rows(browser)
    assert headings == COLUMNS
    assert [row[1] for row in rows] == ["anna", "ben"]
    assert [row[2] for row in rows] == ["anna-phone", "ben-tablet"]
    assert [row[6] for row in rows] == [HOSTILE, FORMULA]     # text, not HTML, not escaped
    assert [row[7] for row in rows] == ["Worn", "Good"]
    assert rows[0][8] == "48.85840, 2.29450"
    # The topic came from the named payload and is in the form.
    assert browser.find_element(By.ID, "answers-topic").get_attribute("value") == TOPIC
    # No element came from an answer: the only images are the two thumbnails (and the map's).
    assert browser.execute_script("return document.querySelectorAll('img[src=\"x\"]').length") == 0
    thumbnails = browser.find_elements(By.CSS_SELECTOR, "td[data-column='photo'] img.thumbnail")
    assert [image.get_attribute("src").split("/notify/v1/documents/")[1] for image in thumbnails] == \
        [answer["values"]["photo"] for answer in server.answers]
    wait(browser, lambda d: d.execute_script(
        "return [...document.querySelectorAll('img.thumbnail')].every(i => i.complete && i.naturalWidth === 160)"))
    assert all(image.get_attribute("loading") == "lazy" for image in thumbnails)

    # The places: one marker per answer; no tile can be reached here, so a grid of degrees.
    box = browser.find_element(By.CSS_SELECTOR, ".answers-map")
    wait(browser, lambda d: len(box.find_elements(By.CSS_SELECTOR, "path.leaflet-interactive")) == 2)
    wait(browser, lambda d: box.get_attribute("data-tiles") == "grid", seconds=30)
    labels = [marker.get_attribute("aria-label") for marker in box.find_elements(By.CSS_SELECTOR, "path.leaflet-interactive")]
    assert labels == ["anna · where: 48.85840, 2.29450", "ben · where: 48.86060, 2.33760"]
    assert [item.text for item in browser.find_elements(By.CSS_SELECTOR, ".places li")] == labels

    if os.environ.get("UPDATE_CONSOLE_SCREENSHOTS") == "1":
        browser.save_screenshot(str(ROOT / "docs" / "images" / "console-answers.png"))

    # CSV: the answers in their columns, the formula escaped by the server, the payload's order.
    table = list(csv.reader(io.StringIO(export(browser, "csv", tmp_path), newline="")))
    assert table[0] == ["responseId", "messageId", "request", "username", "deviceId", "submitValue", "receivedAt",
                        "photo", "note", "state", "where"]
    by_user = {row[3]: dict(zip(table[0], row)) for row in table[1:]}
    assert sorted(by_user) == ["anna", "ben"]
    for published in server.answers:
        row = by_user[published["username"]]
        assert row["responseId"] == published["responseId"]
        assert row["photo"] == published["values"]["photo"]
        assert row["state"] == published["values"]["state"]
    assert by_user["anna"]["note"] == HOSTILE
    assert by_user["ben"]["note"] == "'" + FORMULA
    assert by_user["anna"]["where"] == "48.8584,2.2945"
    assert "2 rows" in browser.find_element(By.CSS_SELECTOR, ".export-progress").text
    # NDJSON: the response objects as published.
    lines = [json.loads(line) for line in export(browser, "ndjson", tmp_path).splitlines()]
    assert [line["responseId"] for line in lines] == [answer["responseId"] for answer in server.answers]
    assert lines[0]["values"]["note"] == HOSTILE


def test_the_filters_live_in_the_address_and_refusals_show_at_their_fields(server, browser):
    sign_in(browser, server.url, "ann", "#/answers?topic=/inspections/site&user=ben")
    headings, rows = table_rows(browser)
    assert headings == COLUMNS and [row[1] for row in rows] == ["ben"]
    assert browser.find_element(By.ID, "answers-user").get_attribute("value") == "ben"
    # A filter typed in the form goes to the address.
    user = browser.find_element(By.ID, "answers-user")
    user.clear()
    user.send_keys("anna")
    browser.find_element(By.CSS_SELECTOR, ".answers-filters button[type='submit']").click()
    wait(browser, lambda d: "user=anna" in d.current_url)
    wait(browser, lambda d: [tr.find_element(By.CSS_SELECTOR, "td[data-column='username']").text
                             for tr in d.find_elements(By.CSS_SELECTOR, "table.answers tbody tr")] == ["anna"])
    # A bad time is the API's 422 at $.since, shown at that field.
    browser.get(server.url + "/notify/console/#/answers?topic=/inspections/site&since=yesterday")
    issue = wait(browser, lambda d: d.find_element(By.ID, "answers-since-issue").text and d.find_element(By.ID, "answers-since-issue"))
    assert "RFC 3339" in issue.text
    # An unknown named payload is the API's 404, at the payload's field.
    browser.get(server.url + "/notify/console/#/answers?payload=nothing")
    wait(browser, lambda d: "nothing" in d.find_element(By.ID, "answers-payload-issue").text)



RECORD = """
const done = arguments[arguments.length - 1];
const context = new AudioContext();
const tone = context.createOscillator();
const sink = context.createMediaStreamDestination();
tone.connect(sink);
tone.start();
const recorder = new MediaRecorder(sink.stream, {mimeType: "audio/webm"});
const chunks = [];
recorder.ondataavailable = (event) => chunks.push(event.data);
recorder.onstop = async () => done(Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer())));
recorder.start();
setTimeout(() => recorder.stop(), 600);
"""


def test_a_voice_note_plays_in_its_cell(server):
    """A recording answer is an <audio controls> whose bytes come from the documents route with
    the session: its metadata loads."""
    driver = make_driver(1200, 900, extra=["--autoplay-policy=no-user-gesture-required"])
    try:
        driver.get(server.url + "/notify/console/")
        recording = bytes(driver.execute_async_script(RECORD))
        assert recording[:4] == b"\x1a\x45\xdf\xa3", recording[:16]
        message_id = Backend(server).send(["anna"], "Voice", "Say it", {"responseTopic": "/inspections/voice", "fields": [
            {"type": "audio", "id": "voice", "label": "Voice note"}]})
        device = Device(server, "anna", PASSWORD, "anna-phone")
        status, uploaded, _ = device.call("POST", "/device/documents?kind=audio", raw=recording, content_type="audio/webm")
        assert status == 201, uploaded
        status, published, _ = device.call("POST", "/device/responses", body={
            "responseId": str(uuid.uuid4()), "messageId": message_id, "submitValue": 0, "values": {"voice": uploaded["name"]}})
        assert status == 201, published
        sign_in(driver, server.url, "vic", "#/answers?topic=/inspections/voice")
        player = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "td[data-column='voice'] audio[controls]"))[0]
        assert player.get_attribute("src").endswith("/notify/v1/documents/" + uploaded["name"])
        assert player.get_attribute("preload") == "none"
        driver.execute_script("arguments[0].preload = 'metadata'; arguments[0].load()", player)
        wait(driver, lambda d: d.execute_script("return arguments[0].readyState", player) >= 1)
        assert driver.execute_script("return arguments[0].error", player) is None
    finally:
        driver.quit()


def test_the_map_draws_the_apps_tiles_when_they_can_be_reached():
    tiles = ThreadingHTTPServer(("127.0.0.1", 0), Tiles)
    threading.Thread(target=tiles.serve_forever, daemon=True).start()
    server = start(["--map-tiles", f"http://127.0.0.1:{tiles.server_port}/{{z}}/{{x}}/{{y}}.png"])
    driver = make_driver(1400, 1100)
    try:
        sign_in(driver, server.url, "vic", "#/answers?topic=" + TOPIC)
        box = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".answers-map"))
        wait(driver, lambda d: box.get_attribute("data-tiles") == "tiles", seconds=30)
        assert len(box.find_elements(By.CSS_SELECTOR, "path.leaflet-interactive")) == 2
        loaded = "return [...document.querySelectorAll('.answers-map img.leaflet-tile')].some(i => i.naturalWidth === 256)"
        assert driver.execute_script(loaded)
    finally:
        driver.quit()
        server.close()
        tiles.shutdown()
