"""`xpedite demo` for the notification API tests: a free port, a fresh data directory, a known API
key, and a device token of a user of the test's own (so that nothing a test does to the demo's
users takes its credentials away)."""
import json
import os
import pathlib
import shutil
import socket
import sys
import tempfile
import urllib.error
import urllib.request

# The process helper the Python tests share (Tests/PythonSupport).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "PythonSupport"))
import xpedite_process  # noqa: E402

API_KEY = "contract-test-key"
DEVICE_USER = "contract-device"   # the owner of the device token
START_TIMEOUT = float(os.environ.get("XPEDITE_START_TIMEOUT", "180"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(base, method, path, token=None, body=None):
    """One request to the API: (status, parsed JSON or None, headers)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + "/notify/v1" + path, data=data, method=method)
    if token:
        request.add_header("Authorization", "Bearer " + token)
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw else None), response.headers
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, (json.loads(raw) if raw else None), error.headers


class Demo:
    """A running `xpedite demo`; `url`, `api_key`, `device_token` (of `device_user`); `stop()` ends it."""

    def __init__(self, executable):
        self.data = tempfile.mkdtemp(prefix="xpedite-contract-")
        self.api_key = API_KEY
        for _ in range(5):
            self.process, self.url, message = self._start(executable)
            if self.process is not None or "already in use" not in message.lower():
                break
        if self.process is None:
            shutil.rmtree(self.data, ignore_errors=True)
            raise SystemExit(f"xpedite demo did not start: {message}")
        self.device_user = DEVICE_USER
        status, _, _ = call(self.url, "PUT", "/users/" + DEVICE_USER, self.api_key,
                            {"password": "contract-secret", "displayName": "Contract test"})
        assert status == 200, f"PUT /users/{DEVICE_USER} answered {status}"
        status, answer, _ = call(self.url, "POST", "/device/login", None, {
            "username": DEVICE_USER, "password": "contract-secret", "deviceId": "contract-phone",
            "deviceName": "Contract phone", "platform": "android"})
        assert status == 200, f"POST /device/login answered {status}"
        self.device_token = answer["deviceToken"]

    def _start(self, executable):
        arguments = [executable, "demo", "--port", str(free_port()), "--data-dir", self.data, "--api-key", API_KEY,
                     "--customers", "100"]
        try:
            process, match = xpedite_process.start(arguments, r"Simulator on (http://\S+)/ ", START_TIMEOUT)
        except xpedite_process.ProcessDidNotStart as error:
            return None, None, error.output or str(error)
        return process, match.group(1), ""

    def stop(self):
        xpedite_process.stop(self.process)
        shutil.rmtree(self.data, ignore_errors=True)
