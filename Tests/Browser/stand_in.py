"""A stand-in Xpedite server for the fidelity tests: it answers every screen request with the
screen it is told to show, the data requests of that screen's dynamic tables, menus and web views
with made-up records, and every image with a generated PNG of a fixed size. It runs in a thread
of the test process, on 127.0.0.1 only, so a test switches screens by assigning one."""
import colorsys
import copy
import io
import json
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from PIL import Image, ImageDraw

TOKEN = "08829e57-56ec-42a8-8b84-061981c054c8"
# Every image is this size, so the layout oracle (`xpedite layout --image-size`) knows it.
IMAGE_SIZE = (600, 300)
ROWS = 12
NAMES = ["Alice Smith", "Bob Jones", "Carol Longname-Worthington", "Dan Ng", "Eve Okafor-Lindqvist",
         "Frank Li", "Grace Hopper", "Heidi Klum", "Ivan Petrov", "Judy Garland", "Mallory Knight",
         "Oscar Wilde-Fitzgerald"]
CITIES = ["Sydney", "Auckland", "Melbourne", "Perth", "Wellington", "Brisbane", "Hobart", "Darwin",
          "Adelaide", "Cairns", "Nelson", "Dunedin"]


def components_of(screen):
    """Every component of `screen`, depth first (forms, sections, scroll views, navigations)."""
    def walk(items):
        if isinstance(items, dict):
            # Components sent as an object with numeric keys (docs/protocol/packets.md#screens-replace-screens), in the order of the keys.
            items = [items[key] for key in sorted(items, key=number)]
        for item in items or []:
            if isinstance(item, dict):
                yield item
                yield from walk(item.get("components"))
    yield from walk(screen.get("components"))


def number(key):
    try:
        return float(key)
    except ValueError:
        return 0.0


def function_name(source):
    """The function of a dynamic source: a string, or a method dict
    (docs/protocol/tables.md#declaring-where-the-rows-come-from)."""
    if isinstance(source, dict):
        return source.get("function")
    return source


def dynamic(component):
    data = component.get("data")
    return function_name(data.get("dynamic")) if isinstance(data, dict) else None


def cell_value(field, index):
    lowered = field.lower()
    if lowered == "id":
        return str(101 + index)
    if "score" in lowered or "count" in lowered or "amount" in lowered:
        return (index * 37) % 100
    if "city" in lowered:
        return CITIES[index % len(CITIES)]
    return NAMES[index % len(NAMES)]


def rows_for(table):
    """Made-up records with every field the table's columns show."""
    cell = table.get("cell")
    fields = ["id", "name"]
    if isinstance(cell, dict) and "display" in cell:
        fields.append(cell["display"])
    elif isinstance(cell, list):
        fields += [column["field"] for column in cell if isinstance(column, dict) and "field" in column]
    selected = table.get("clickRow", {}).get("selected") if isinstance(table.get("clickRow"), dict) else None
    if selected:
        fields.append(selected)
    return [{field: cell_value(field, index) for field in fields} for index in range(ROWS)]


def menu_records(navigation):
    """Records of an old dynamic menu, keyed by its `cell` mapping
    (docs/protocol/menus.md#old-dialect-menus)."""
    cell = navigation.get("cell") or {}
    text, method, icon = cell.get("text", "text"), cell.get("method", "method"), cell.get("icon", "icon")
    return [{text: "Customers", method: "listCustomers", icon: "customers.png"},
            {text: "Help", method: "callHelp", icon: "help.png"}]


def image_png(url):
    """A deterministic picture for `url`: a colour of its own, a frame and a diagonal."""
    hue = zlib.crc32(url.encode()) % 360
    colour = hsv(hue)
    image = Image.new("RGB", IMAGE_SIZE, colour)
    draw = ImageDraw.Draw(image)
    width, height = IMAGE_SIZE
    draw.rectangle([12, 12, width - 13, height - 13], outline=(255, 255, 255), width=8)
    draw.line([12, height - 13, width - 13, 12], fill=(255, 255, 255), width=8)
    output = io.BytesIO()
    image.save(output, format="PNG")
    return output.getvalue()


def hsv(hue):
    r, g, b = colorsys.hsv_to_rgb(hue / 360, 0.45, 0.85)
    return int(r * 255), int(g * 255), int(b * 255)


class StandIn:
    """The server. `screen` is the packet answered to every screen request (a dict);
    `data_requests` counts the data requests answered since `reset()`; `idle_for()` is how long
    ago the latest request of any kind arrived."""

    def __init__(self):
        self.screen = {"rc": 0, "components": [{"type": "label", "text": "No screen yet"}]}
        self.lock = threading.Lock()
        self.data_requests = 0
        self.last_request = time.monotonic()
        self.images = {}
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def reply(self, status, body, content_type):
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                stand_in.touch()
                parsed = urlparse(self.path)
                if parsed.path != "/image":
                    self.reply(404, b"not found", "text/plain")
                    return
                url = parse_qs(parsed.query).get("url", [""])[0]
                self.reply(200, stand_in.image(url), "image/png")

            def do_POST(self):
                stand_in.touch()
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    request = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    self.reply(400, b"not JSON", "text/plain")
                    return
                answer = stand_in.answer(request)
                self.reply(200, json.dumps(answer).encode(), "application/json")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def touch(self):
        with self.lock:
            self.last_request = time.monotonic()

    def reset(self):
        with self.lock:
            self.data_requests = 0

    def idle_for(self):
        with self.lock:
            return time.monotonic() - self.last_request

    def image(self, url):
        with self.lock:
            if url not in self.images:
                self.images[url] = image_png(url)
            return self.images[url]

    def answer(self, request):
        method = request.get("method")
        screen = self.screen
        for component in components_of(screen):
            if dynamic(component) != method or method is None:
                continue
            kind = component.get("type")
            if kind == "table" and "offset" in request:
                with self.lock:
                    self.data_requests += 1
                offset = int(request.get("offset") or 0)
                rows = rows_for(component) if offset == 0 else []
                return {"rc": 0, "token": TOKEN, "data": rows}
            if kind == "navigation" and "offset" not in request:
                with self.lock:
                    self.data_requests += 1
                return {"rc": 0, "token": TOKEN, "data": menu_records(component)}
            if kind == "web" and "offset" not in request:
                with self.lock:
                    self.data_requests += 1
                return {"rc": 0, "token": TOKEN, "data": "<h1>Help</h1><p>Served by the stand-in.</p>"}
        # A screen: what a real server sends with it (the fixtures are excerpts).
        answer = copy.deepcopy(screen)
        answer.setdefault("token", TOKEN)
        answer.setdefault("version", 1)
        return answer

    def expected_data_requests(self):
        """How many data requests showing the current screen makes (tables, old dynamic menus
        and web views without entries or content)."""
        count = 0
        for component in components_of(self.screen):
            kind = component.get("type")
            if dynamic(component) is None:
                continue
            if kind == "table":
                count += 1
            elif kind == "navigation" and not component.get("components"):
                count += 1
            elif kind == "web" and not component.get("web") and not component.get("content"):
                count += 1
        return count

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
