"""Issue 28 from end to end, as its "done when" says, in headless Chromium: an operator signs in
to the console, designs a payload with a photo field and a required choice, sees both in the
preview drawn by the phone app's renderer, saves it and sends it to a group; a device answers with
a photo; the console's Answers show the answer with the photo's thumbnail, and the CSV export holds
it in the right columns. A backend then downloads that photo with the API key; a viewer cannot
send; and a cross-site form that posts to the API with the operator's cookie sends nothing."""
import csv
import io
import threading
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import make_driver
from notify_app import API_KEY, Device, NotifyServer, call
from test_console_answers import export, photo, table_rows
from test_console_designer import (PASSWORD, USER_PASSWORD, add_field, attribute, in_preview, sign_in,
                                   type_into, wait)

TOPIC = "/pumps/inspections"


@pytest.fixture(scope="module")
def server():
    server = NotifyServer()
    try:
        api = server.url + "/notify/v1"
        for name, role in [("ann", "sender"), ("vic", "viewer")]:
            status, body, _ = call(api, "PUT", f"/operators/{name}", body={"password": PASSWORD, "role": role})
            assert status == 200, body
        for name in ["joe", "kim"]:
            status, body, _ = call(api, "PUT", f"/users/{name}",
                                   body={"password": USER_PASSWORD, "displayName": name.title(), "groups": ["field"]})
            assert status == 200, body
        yield server
    finally:
        server.close()


@pytest.fixture
def browser(tmp_path):
    driver = make_driver(1500, 1100)
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    yield driver
    driver.quit()


def messages(server):
    status, body, _ = call(server.url + "/notify/v1", "GET", "/messages")
    assert status == 200, body
    return body["messages"]


def test_design_send_answer_follow_and_download(server, browser, tmp_path):
    # Design: a photo and a required choice, both drawn in the preview, saved by name.
    sign_in(browser, server, "ann", "designer")
    type_into(browser.find_element(By.ID, "designer-name"), "pump-check")
    type_into(browser.find_element(By.CSS_SELECTOR, "input[id^='editor'][id$='-topic']"), TOPIC)
    add_field(browser, "camera")
    type_into(attribute(browser, "id"), "photo")
    type_into(attribute(browser, "label"), "Photo of the pump")
    add_field(browser, "droplist")
    type_into(attribute(browser, "id"), "state")
    type_into(attribute(browser, "label"), "State")
    type_into(attribute(browser, "values"), "OK\nBroken")
    assert in_preview(browser, lambda d: [e.text for e in d.find_elements(
        By.CSS_SELECTOR, ".field[data-type='camera'] .field-label")] == ["Photo of the pump"])
    assert in_preview(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".field[data-type='droplist'][data-id='state']"))
    browser.find_element(By.ID, "designer-save").click()
    wait(browser, lambda d: "Saved as the named payload" in d.find_element(By.ID, "designer-saved").text)

    # Send it to the group from Compose.
    browser.get(server.url + "/notify/console/#/compose")
    wait(browser, lambda d: d.find_elements(By.ID, "compose-send"))
    Select(browser.find_element(By.ID, "compose-to")).select_by_value("groups")
    browser.find_element(By.CSS_SELECTOR, "#compose-groups input[value='field']").click()
    browser.find_element(By.ID, "compose-title").send_keys("Pump check")
    browser.find_element(By.ID, "compose-body").send_keys("Photograph the pump")
    Select(browser.find_element(By.ID, "compose-source")).select_by_value("library")
    Select(browser.find_element(By.ID, "compose-payload")).select_by_value("pump-check")
    wait(browser, lambda d: d.find_element(By.ID, "compose-topic").get_attribute("value") == TOPIC)
    browser.find_element(By.ID, "compose-send").click()
    message_id = wait(browser, lambda d: d.find_elements(By.ID, "compose-message-link"))[0].text

    # A device answers with a photo.
    joe = Device(server, "joe", USER_PASSWORD, "joe-phone")
    status, inbox, _ = joe.call("GET", "/device/inbox")
    assert status == 200 and [item["messageId"] for item in inbox["messages"]] == [message_id], inbox
    picture = photo((30, 120, 60))
    status, uploaded, _ = joe.call("POST", "/device/documents?kind=image", raw=picture, content_type="image/jpeg")
    assert status == 201, uploaded
    response_id = str(uuid.uuid4())
    status, published, _ = joe.call("POST", "/device/responses", body={
        "responseId": response_id, "messageId": message_id, "submitValue": 0,
        "values": {"photo": uploaded["name"], "state": "Broken"}})
    assert status == 201, published

    # The console shows the answer with the photo's thumbnail.
    browser.get(server.url + "/notify/console/#/answers?payload=pump-check")
    headings, rows = table_rows(browser)
    assert headings[-2:] == ["photo", "state"]
    assert rows[0][headings.index("username")] == "joe" and rows[0][headings.index("state")] == "Broken"
    wait(browser, lambda d: d.execute_script(
        "const i = document.querySelector(\"td[data-column='photo'] img.thumbnail\"); return !!i && i.complete && i.naturalWidth === 160"))

    # The CSV export holds it in the right columns.
    table = list(csv.reader(io.StringIO(export(browser, "csv", tmp_path, "answers-pumps-inspections-"), newline="")))
    row = dict(zip(table[0], table[1]))
    assert table[0][-2:] == ["photo", "state"] and len(table) == 2
    assert (row["responseId"], row["messageId"], row["username"], row["photo"], row["state"]) == \
        (response_id, message_id, "joe", uploaded["name"], "Broken")

    # A backend downloads the photo with the API key, byte for byte.
    status, body, headers = call(server.url + "/notify/v1", "GET", "/documents/" + uploaded["name"])
    assert status == 200 and body == picture and headers["Content-Type"] == "image/jpeg"
    status, _, _ = call(server.url + "/notify/v1", "GET", "/documents/" + uploaded["name"], token="not-the-key")
    assert status == 401


def test_a_viewer_cannot_send(server, browser):
    sign_in(browser, server, "vic", "compose")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#content .notice"))
    assert browser.find_elements(By.ID, "compose-send") == []
    before = len(messages(server))
    status = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("session").then((answer) => answer.json()).then((session) =>
          fetch("../v1/send", {method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": session.csrfToken},
            body: JSON.stringify({title: "x", body: "", to: {groups: ["field"]}, payloadName: "pump-check"})}))
          .then((answer) => done(answer.status), (error) => done(String(error)));""")
    assert status == 403
    assert len(messages(server)) == before


class Attacker(BaseHTTPRequestHandler):
    """Another origin (same host, another port): a page whose form posts to the API by itself."""
    target = ""

    def do_GET(self):  # noqa: N802 (the standard library's name)
        page = f"""<!doctype html><title>prize</title>
<form id="f" method="post" action="{self.target}/notify/v1/send" enctype="text/plain">
<input name='{{"title":"forged","body":"","to":{{"all":true}},"payloadName":"pump-check","x":"' value='"}}'>
</form><script>document.getElementById("f").submit()</script>"""
        data = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


def test_a_cross_site_post_with_the_operators_cookie_sends_nothing(server, browser):
    sign_in(browser, server, "ann", "messages")
    before = len(messages(server))
    Attacker.target = server.url
    attacker = ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=attacker.serve_forever, daemon=True).start()
    try:
        browser.get(f"http://127.0.0.1:{attacker.server_address[1]}/")
        # The form posts as soon as the page loads; the browser then shows the API's answer.
        wait(browser, lambda d: "/notify/v1/send" in d.current_url)
        answer = browser.find_element(By.TAG_NAME, "body").text
        assert '"code":"csrf"' in answer.replace(" ", "") or '"code":"unauthorized"' in answer.replace(" ", ""), answer
    finally:
        attacker.shutdown()
        attacker.server_close()
    assert len(messages(server)) == before
    # The operator's own session still works.
    request = urllib.request.Request(server.url + "/notify/v1/messages", headers={"Authorization": "Bearer " + API_KEY})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
