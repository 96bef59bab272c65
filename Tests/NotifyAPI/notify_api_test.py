#!/usr/bin/env python3
"""A backend in another language, using only docs/notify-api.md over HTTP (Python's standard library).

Starts `xpedite notify serve` on a free port with a fresh data directory, then:
creates a user, registers a webhook, opens a Server-Sent Events stream, sends the source
document's favourite-colour payload, looks at it through the device routes, answers it with
`xpedite device … answer MESSAGEID --value simpleDropList=Green` (the phone of this half, a
separate process), and checks that the response object arrives by SSE and by a signed webhook.

Usage: notify_api_test.py PATH/TO/xpedite      (exit status 0 when every check passes)
"""
import hashlib
import hmac
import http.server
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

# The process helper the Python tests share (Tests/PythonSupport).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "PythonSupport"))
import xpedite_process  # noqa: E402

API_KEY = "python-test-key"
START_TIMEOUT = float(os.environ.get("XPEDITE_START_TIMEOUT", "180"))
SECRET = "python-secret"
PAYLOAD = {
    "responseTopic": "/a/b/c",
    "fields": [{
        "id": "simpleDropList", "type": "droplist", "label": "Pick your favorite color",
        "values": ["Red", "Green", "Blue"], "default": "Blue",
    }],
}


def start_server(executable, data_dir):
    with open(os.path.join(os.path.dirname(data_dir), "serve.log"), "wb") as log:
        try:
            process, match = xpedite_process.start(
                [executable, "notify", "serve", "--data-dir", data_dir, "--port", "0", "--api-key", API_KEY,
                 "--bcrypt-cost", "4"], r"^listening on (\d+)", START_TIMEOUT, stderr=log)
        except xpedite_process.ProcessDidNotStart as error:
            raise SystemExit(f"the server did not start: {error}")
    return process, int(match.group(1))


def call(base, method, path, token=API_KEY, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None)
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, (json.loads(raw) if raw else None)


class WebhookHandler(http.server.BaseHTTPRequestHandler):
    received = queue.Queue()

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.put((self.headers["X-Xpedite-Delivery"], self.headers["X-Xpedite-Signature"], body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def read_events(base, topic, events, opened):
    request = urllib.request.Request(base + "/events?topic=" + topic)
    request.add_header("Authorization", "Bearer " + API_KEY)
    with urllib.request.urlopen(request, timeout=60) as stream:
        opened.set()
        event = {}
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line == "":
                if "data" in event:
                    events.put(event)
                event = {}
            elif not line.startswith(":"):
                field, _, value = line.partition(": ")
                event[field] = value


def check(condition, message):
    if not condition:
        raise AssertionError(message)
    print("ok -", message)


def main():
    executable = sys.argv[1]
    folder = tempfile.mkdtemp(prefix="notify-python-")
    process, port = start_server(executable, os.path.join(folder, "data"))
    base = "http://127.0.0.1:%d/notify/v1" % port
    hook_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), WebhookHandler)
    threading.Thread(target=hook_server.serve_forever, daemon=True).start()
    try:
        status, user = call(base, "PUT", "/users/joeuser@gmail.com", body={"password": "pw", "displayName": "Joe"})
        check(status == 200 and user["username"] == "joeuser@gmail.com", "PUT /users creates a user")
        status, _ = call(base, "GET", "/users", token="wrong")
        check(status == 401, "a wrong API key is refused")
        hook_url = "http://127.0.0.1:%d/hook" % hook_server.server_address[1]
        status, _ = call(base, "PUT", "/webhooks/py", body={"topic": "/a/b/c", "url": hook_url, "secret": SECRET})
        check(status == 200, "PUT /webhooks registers a webhook")

        events, opened = queue.Queue(), threading.Event()
        threading.Thread(target=read_events, args=(base, "/a/b/c", events, opened), daemon=True).start()
        check(opened.wait(10), "GET /events opens a Server-Sent Events stream")

        status, sent = call(base, "POST", "/send", body={
            "title": "Colour", "body": "Pick one", "payload": PAYLOAD, "to": {"users": ["joeuser@gmail.com"]}})
        check(status == 201 and sent["recipients"] == ["joeuser@gmail.com"], "POST /send sends the payload")

        # The phone's side, through the device routes.
        status, login = call(base, "POST", "/device/login", token=None, body={
            "username": "joeuser@gmail.com", "password": "pw", "deviceId": "75e0540bf21638bd",
            "deviceName": "HTC Desire 310", "platform": "android"})
        check(status == 200, "POST /device/login gives a device token")
        device = login["deviceToken"]
        status, inbox = call(base, "GET", "/device/inbox", token=device)
        check([m["messageId"] for m in inbox["messages"]] == [sent["messageId"]], "the inbox lists the message")
        status, message = call(base, "GET", "/device/messages/" + sent["messageId"], token=device)
        check(message["payload"]["fields"][0]["label"] == "Pick your favorite color", "the device fetches the payload")
        # The answer comes from `xpedite device`, the headless phone.
        answered = subprocess.run(
            [executable, "device", "--server", "http://127.0.0.1:%d" % port, "--user", "joeuser@gmail.com",
             "--password", "pw", "--data-dir", os.path.join(folder, "device"), "--device-name", "HTC Desire 310",
             "--json", "answer", sent["messageId"], "--value", "simpleDropList=Green"],
            capture_output=True, text=True, timeout=60)
        check(answered.returncode == 0, "xpedite device answer exits 0" + (": " + answered.stderr.strip() if answered.returncode else ""))
        published = json.loads(answered.stdout)
        response_id = published["responseId"]
        check(published["username"] == "joeuser@gmail.com" and published["messageId"] == sent["messageId"],
              "xpedite device publishes the answer")
        answer = {"responseId": response_id, "messageId": sent["messageId"], "submitValue": 0,
                  "values": {"simpleDropList": "Red"}, "username": "someone-else"}
        status, again = call(base, "POST", "/device/responses", token=device, body=answer)
        check(status == 200 and again == published, "the same responseId again is 200 with the same object")
        status, inbox = call(base, "GET", "/device/inbox", token=device)
        check(inbox["messages"] == [], "the answered message leaves the inbox")

        event = events.get(timeout=10)
        data = json.loads(event["data"])
        check(event.get("event") == "response" and data == published, "the response arrives by SSE")
        check(data["values"] == {"simpleDropList": "Green"} and data["deviceName"] == "HTC Desire 310",
              "the response object carries the values and the device's identity")

        delivery, signature, body = WebhookHandler.received.get(timeout=15)
        expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
        check(hmac.compare_digest(signature, expected), "the webhook is signed with HMAC-SHA256")
        check(json.loads(body) == published and delivery, "the response arrives by webhook")

        status, page = call(base, "GET", "/responses?topic=/a/b/c")
        check([r["responseId"] for r in page["responses"]] == [response_id], "GET /responses lists it once")

        # A photo of a barcode, read by the server (the raw PNG bytes as the body).
        fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "barcodes")
        with open(os.path.join(fixtures, "ean13.png"), "rb") as picture:
            request = urllib.request.Request(base + "/device/barcode", data=picture.read(), method="POST")
        request.add_header("Authorization", "Bearer " + device)
        request.add_header("Content-Type", "image/png")
        with urllib.request.urlopen(request, timeout=20) as answer:
            codes = json.loads(answer.read())
        check(codes == {"codes": [{"format": "EAN-13", "text": "4006381333931"}]}, "POST /device/barcode reads an EAN-13 code")
        print("all checks passed")
    finally:
        hook_server.shutdown()
        xpedite_process.stop(process)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
