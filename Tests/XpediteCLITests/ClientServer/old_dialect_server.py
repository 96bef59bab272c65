#!/usr/bin/env python3
"""A small Xpedite server in the OLD dialect, written with the standard library only.

Used by ClientPythonServerTests: `xpedite client` drives it like a phone. It binds a free
loopback port, prints the port on its first output line, and appends every request body
(one JSON object per line) to the log file given as its only argument.

Old-dialect forms on purpose: rc as a string, version as a string, method strings, the
images folder, navigation slidefrom/button/data, table cell.display, a string clickRow that
gets the row number, checkbox true/false, form save/cancel strings, onEnter as a method name,
dynamic navigation and web data. Pages carry the new id/disposition so the phone caches them.
"""
import json
import struct
import sys
import uuid
import zlib
from http.server import BaseHTTPRequestHandler, HTTPServer

LOG = sys.argv[1]
CUSTOMERS = [{"id": "c%d" % n, "name": "Customer %d" % n} for n in range(120)]
TOKENS = []


def home():
    return {
        "rc": "0", "version": "P1.213", "id": "home", "disposition": "permanent",
        "images": {"url": "http://127.0.0.1:1/images", "type": "image"},
        "setDefaults": {"font": "Helvetica", "fontsize": "16"},
        "components": [
            {"type": "navigation", "slidefrom": "left", "data": [{"text": "Help", "method": "callHelp"}]},
            {"type": "label", "text": "Welcome to the Python server", "colour": "#333333", "fontsize": "18"},
            {"type": "button", "text": "Customers", "method": "showCustomers"},
            {"type": "button", "text": "Break", "method": "breakProtocol"},
            {"type": "button", "text": "Logo", "method": "showLogo"},
            {"type": "textbox", "name": "search", "title": "Search", "onEnter": "doSearch"},
        ],
    }


def answer(request):
    method = request.get("method")
    if method == "setConnection":
        token = str(uuid.uuid4())
        TOKENS.append(token)
        return dict(home(), token=token)
    if request.get("token") not in TOKENS:
        return {"rc": "Unknown token", "components": []}
    if method == "home":
        return home()
    if method == "showCustomers":
        token = str(uuid.uuid4())  # the server re-keys the session here
        TOKENS.append(token)
        return {"rc": "0", "token": token, "id": "customers", "disposition": "permanent", "components": [
            {"type": "table", "data": {"dynamic": "listCustomers"}, "cell": {"display": "name"},
             "clickRow": "selectCustomer", "refresh": "Pull to refresh"}]}
    if method == "listCustomers":
        offset, limit = request.get("offset", 0), request.get("limit", 40)
        batch = CUSTOMERS[offset:offset + limit]
        reply = {"rc": "0", "data": batch}
        if offset + len(batch) < len(CUSTOMERS):
            reply["max"] = len(CUSTOMERS)
        return reply
    if method == "selectCustomer":
        customer = CUSTOMERS[request["row"]]
        return {"rc": "0", "components": [
            {"type": "form", "id": "customer-form", "title": customer["name"], "save": "saveCustomer",
             "cancel": "showCustomers", "components": [
                 {"type": "textbox", "name": "firstname", "title": "First name", "value": customer["name"]},
                 {"type": "checkbox", "name": "active", "title": "Active", "value": True},
                 {"type": "date", "name": "dob", "title": "Born", "value": "1990-06-15"}]}]}
    if method == "saveCustomer":
        values = request.get("formdata", {}).get("customer-form", {})
        if not values.get("firstname"):
            return {"rc": "First name is required", "components": []}
        return {"rc": "0", "components": [
            {"type": "label", "text": "Saved %s (active %s, born %s)" % (values["firstname"], values["active"], values["dob"])},
            {"type": "button", "text": "Home", "method": "home"}]}
    if method == "callHelp":
        return {"rc": "0", "components": [
            {"type": "navigation", "button": {"position": "right", "icon": "menu.png"},
             "data": {"dynamic": "menuItems"}, "cell": {"text": "title", "method": "fn"}},
            {"type": "web", "data": {"dynamic": "helpText"}}]}
    if method == "menuItems":
        return {"rc": "0", "data": [{"title": "Back home", "fn": "home"}]}
    if method == "helpText":
        return {"rc": "0", "data": "<h1>Help</h1>"}
    if method == "doSearch":
        return {"rc": "0", "components": [
            {"type": "label", "text": "Results for %s" % request.get("formdata", {}).get("search", "")}]}
    if method == "showLogo":
        # A relative images folder: the phone resolves it against the endpoint URL
        # (docs/protocol/packets.md#images).
        return {"rc": "0", "images": {"url": "/images", "type": "image"}, "components": [
            {"type": "image", "url": "logo.png", "size": {"width": 90}}]}
    if method == "breakProtocol":
        return {"components": [{"type": "label", "text": "no rc here"}]}
    return {"rc": "Unknown method %s" % method, "components": []}


def png(width, height):
    """A black RGB PNG of the given size (the phone reads its size from the IHDR chunk)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x00" * 3 * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/images/logo.png":
            self.send_error(404)
            return
        with open(LOG, "a") as log:
            log.write(json.dumps({"get": self.path}) + "\n")
        image = png(30, 10)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(image)))
        self.end_headers()
        self.wfile.write(image)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        request = json.loads(body)
        with open(LOG, "a") as log:
            log.write(body.decode("utf-8") + "\n")
        reply = json.dumps(answer(request)).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
