"""The fidelity harness: one `xpedite preview` pointed at the stand-in server, one headless
Chromium session reused for every screen, the layout oracle (`xpedite layout`), and the
measurements the geometry and screenshot tests make in the page."""
import json
import subprocess
import time
from pathlib import Path

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

from conftest import ROOT, XPEDITE, make_driver
from stand_in import IMAGE_SIZE, components_of

FIXTURES = ROOT / "Tests" / "Fixtures"
VALID = FIXTURES / "valid"
# The two devices of the suite and their bounds (portrait, points).
DEVICES = {"iPhone SE": (375, 667), "iPhone 16": (393, 852)}
FIELD_TYPES = {"textbox", "password", "textview", "checkbox", "date", "select", "radio"}


def load(path):
    return json.loads(Path(path).read_text())


def is_screen(packet):
    """A response the simulator can draw: a screen answer with at least one component."""
    if not isinstance(packet, dict) or "rc" not in packet or "method" in packet:
        return False
    components = packet.get("components")
    return isinstance(components, (list, dict)) and len(components) > 0 and "data" not in packet


def drawable_fixtures():
    """Every screen under Tests/Fixtures/valid that the simulator can draw, by file name."""
    return sorted(path.name for path in VALID.glob("*.json") if is_screen(load(path)))


def image_keys(packet):
    """Every name an image of `packet` may be looked up by (id, URL, old file name, the name in
    the old folder): the stand-in answers every image with one size."""
    keys = set()
    images = packet.get("images")
    folder = None
    if isinstance(images, list):
        for entry in images:
            keys.update(str(entry[key]) for key in ("id", "url") if key in entry)
    elif isinstance(images, dict) and "url" in images:
        folder = images["url"]
    for component in components_of(packet):
        names = [component.get(key) for key in ("id", "url", "name")]
        if component.get("type") == "button":
            names.append(component.get("icon"))
        for name in names:
            if isinstance(name, str) and name:
                keys.add(name)
                if folder:
                    keys.add(folder.rstrip("/") + "/" + name)
    return sorted(keys)


def run(arguments, stdin=None):
    result = subprocess.run([str(XPEDITE), *arguments], input=stdin, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise AssertionError(f"xpedite {' '.join(arguments)} exited {result.returncode}: {result.stderr}")
    return result.stdout


def oracle(path, device):
    """The frame tree `xpedite layout` computes for the fixture at `path` on `device`: what the
    engine is meant to give the page, computed by another process from the file."""
    width, height = DEVICES[device]
    packet = load(path)
    sizes = [f"--image-size={key}={IMAGE_SIZE[0]}x{IMAGE_SIZE[1]}" for key in image_keys(packet)]
    # A fresh phone has no cached menus: it leaves a navigation stub out
    # (docs/protocol/menus.md#a-menu-cached-by-id).
    if isinstance(packet.get("components"), list):
        packet["components"] = [c for c in packet["components"] if not is_stub(c)]
    return json.loads(run(["layout", "-", "--lenient", f"--bounds=(0.0, 0.0, {width}.0, {height}.0)", *sizes],
                          stdin=json.dumps(packet)))


def is_stub(component):
    return isinstance(component, dict) and component.get("type") == "navigation" and set(component) <= {"type", "id"}


def normalized(path):
    """The fixture in the new dialect, as the phone reads it (`xpedite normalize`)."""
    return json.loads(run(["normalize", str(path)]))


def component_at(packet, index_path):
    components = packet.get("components") or []
    component = None
    for index in index_path:
        if index >= len(components):
            return None
        component = components[index]
        components = component.get("components") or []
    return component


def absolute_frames(tree):
    """Every node of the frame tree with its frame in the page's coordinates (bounds points):
    flow frames are relative to their container's content area (docs/layout.md)."""
    screen = tree["screen"]["frame"]
    nodes = []

    def walk(node, origin, parent):
        frame = node["frame"]
        if node["placement"] == "window":
            x, y = frame["x"], frame["y"]
        else:
            x, y = origin[0] + frame["x"], origin[1] + frame["y"]
        absolute = {"x": x, "y": y, "width": frame["width"], "height": frame["height"]}
        path = ".".join(str(i) for i in node["indexPath"])
        entry = {"path": path, "type": node["type"], "frame": absolute, "parent": parent, "node": node}
        nodes.append(entry)
        content = node.get("content", {}).get("frame", {"x": 0, "y": 0})
        for child in node.get("children", []):
            walk(child, (x + content["x"], y + content["y"]), entry)

    for node in tree["components"]:
        walk(node, (screen["x"], screen["y"]), None)
    return nodes


# Measures every component box and the pieces the checks look at, relative to the phone's
# screen, in the phone's points (the page is never scaled in these tests: the window is large).
MEASURE = r"""
const screen = document.getElementById("screen");
const origin = screen.getBoundingClientRect();
const scale = Number(document.body.dataset.scale || "1");
function rect(r) {
  return {x: (r.left - origin.left) / scale, y: (r.top - origin.top) / scale,
          width: r.width / scale, height: r.height / scale};
}
function textRects(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  return Array.from(range.getClientRects()).filter(r => r.width > 0 && r.height > 0).map(rect);
}
function contentBox(el) {
  const style = getComputedStyle(el), r = rect(el.getBoundingClientRect());
  const px = v => parseFloat(v) || 0;
  const left = px(style.borderLeftWidth) + px(style.paddingLeft), right = px(style.borderRightWidth) + px(style.paddingRight);
  const top = px(style.borderTopWidth) + px(style.paddingTop), bottom = px(style.borderBottomWidth) + px(style.paddingBottom);
  return {x: r.x + left, y: r.y + top, width: r.width - left - right, height: r.height - top - bottom};
}
function innerBox(el) {
  const style = getComputedStyle(el), r = rect(el.getBoundingClientRect());
  const px = v => parseFloat(v) || 0;
  return {x: r.x + px(style.borderLeftWidth), y: r.y + px(style.borderTopWidth),
          width: r.width - px(style.borderLeftWidth) - px(style.borderRightWidth),
          height: r.height - px(style.borderTopWidth) - px(style.borderBottomWidth)};
}
// The element holding the text (the text's block container) and whether it would draw an
// ellipsis when the text does not fit (text-overflow applies to block containers only).
function ellipsis(el) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent.trim()) node = walker.nextNode();
  if (!node) return null;
  const holder = node.parentElement, style = getComputedStyle(holder);
  const range = document.createRange();
  range.selectNodeContents(holder);
  const needed = range.getBoundingClientRect().width / scale;
  const available = contentBox(holder).width;
  return {text: node.textContent, needed, available,
          display: style.display, overflow: style.overflowX, textOverflow: style.textOverflow, whiteSpace: style.whiteSpace};
}
const nodes = Array.from(screen.querySelectorAll(".x-node[data-path]")).map(el => {
  const pieces = Array.from(el.children).filter(c => c.matches(".x-form-title, .x-form-footer, .x-form-header, .x-box-title"))
    .map(c => ({kind: c.className, rect: rect(c.getBoundingClientRect()), text: c.innerText}));
  const texts = [];
  if (el.matches(".x-label, .x-button")) texts.push({kind: "text", box: contentBox(el), lines: textRects(el),
    overflows: el.scrollWidth > el.clientWidth + 1});
  const cells = Array.from(el.querySelectorAll(".x-cell")).map(cell => ({
    header: !!cell.closest(".x-thead"), column: Array.from(cell.parentElement.children).filter(c => c.matches(".x-cell")).indexOf(cell),
    multiline: cell.classList.contains("x-multiline"), box: contentBox(cell), lines: textRects(cell),
    text: cell.textContent, ellipsis: ellipsis(cell)}));
  return {path: el.dataset.path, classes: el.className, rect: rect(el.getBoundingClientRect()), inner: innerBox(el),
          pieces, texts, cells};
});
const titles = Array.from(screen.querySelectorAll(".x-form-title, .x-field-title")).map(el => ({
  kind: el.classList.contains("x-form-title") ? "form" : "field",
  owner: (el.closest(".x-node[data-path]") || {dataset: {}}).dataset.path,
  box: rect(el.getBoundingClientRect()), lines: textRects(el)}));
return {nodes, titles, scale};
"""

# Whether the element showing `title` inside the component at `path` is visible: displayed, in
# its component's box and not covered by anything else at its centre.
TITLE_VISIBLE = r"""
const [path, title] = arguments;
const node = document.querySelector('#screen .x-node[data-path="' + CSS.escape(path) + '"]');
if (!node) return "no element for the component";
const candidates = Array.from(node.querySelectorAll("*")).filter(el =>
  Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim() === title.trim()));
if (!candidates.length) return "no element shows the text (a placeholder does not count: it goes once there is a value)";
// An alert (an `rc` message, component errors) covers the whole screen; the title is looked at
// beneath it (where the web renderer makes the screen inert, which hit testing skips).
const alerts = Array.from(document.querySelectorAll("#screen .x-alerts"));
const inert = Array.from(document.querySelectorAll("#screen [inert]"));
alerts.forEach(a => { a.style.visibility = "hidden"; });
inert.forEach(e => { e.inert = false; });
try { return titleProblem(candidates); } finally {
  alerts.forEach(a => { a.style.visibility = ""; });
  inert.forEach(e => { e.inert = true; });
}
function titleProblem(candidates) {
for (const el of candidates) {
  el.scrollIntoView({block: "center", inline: "nearest"});
  const r = el.getBoundingClientRect(), style = getComputedStyle(el);
  if (r.width < 1 || r.height < 1 || style.visibility !== "visible" || Number(style.opacity) === 0) continue;
  const saved = el.style.pointerEvents;
  el.style.pointerEvents = "auto";
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 8), r.top + r.height / 2);
  el.style.pointerEvents = saved;
  if (hit && (el === hit || el.contains(hit))) return null;
}
return "the text is hidden or covered";
}
"""

# Whether the page is still changing: a request in flight, tables without rows, visible images
# not yet loaded.
PENDING = r"""
const screen = document.getElementById("screen");
if (!screen.querySelector(".x-screen")) return "no screen";
if (screen.querySelector(".x-loading")) return "loading";
if (Array.from(screen.querySelectorAll(".x-more")).some(e => e.textContent.includes("Loading"))) return "rows loading";
const view = screen.getBoundingClientRect();
for (const img of screen.querySelectorAll("img")) {
  const r = img.getBoundingClientRect();
  const visible = r.bottom > view.top && r.top < view.bottom && r.right > view.left && r.left < view.right && r.width > 0;
  if (visible && !img.complete) return "image";
}
// A web view's frame is made when it comes near the screen (web-frame.js): one in view is awaited.
for (const web of screen.querySelectorAll("x-web-frame")) {
  const r = web.getBoundingClientRect();
  const near = r.bottom > view.top - 200 && r.top < view.bottom + 200 && r.right > view.left - 200 && r.left < view.right + 200;
  if (near && r.width > 0 && !web.querySelector("iframe")) return "web frame";
}
return document.fonts.status === "loaded" ? "" : "fonts";
"""


# Counts the engine's states in the phone's frame (every screen, redraw and loaded batch): what the
# waits below watch change. Installed again whenever the frame loads the app afresh; false until the
# app's engine has started (and in a document that is being replaced, marked `xpediteStale`).
COUNT_STATES = r"""
if (window.xpediteStale || !window.xpedite || !window.xpedite.engine) return false;
if (window.xpediteScreensReceived === undefined) {
  window.xpediteScreensReceived = 0;
  window.xpedite.engine.subscribe(() => { window.xpediteScreensReceived += 1; });
}
return document.body.dataset.state === "ready" || document.body.dataset.state === "offline";
"""

class Phone:
    """One simulator tab in one Chromium session, showing whatever the stand-in serves. The phone
    is the web app in the simulator's phone frame (static/phone-app.js): the driver stays inside
    that frame for the phone's DOM and steps out (`chrome`) for the simulator's tools."""

    def __init__(self, url, stand_in):
        self.url = url
        self.stand_in = stand_in
        # External hosts resolve to nothing: a web view's https://example.com shows the same
        # error page on every machine, and nothing leaves it.
        self.driver = make_driver(1500, 1350, extra=["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                                                     "--force-device-scale-factor=1", "--hide-scrollbars",
                                                     "--font-render-hinting=none"])
        # Transitions and animations off (the page honours reduced motion), no blinking caret.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        self.driver.get(url + "/")
        self.device = "iPhone 16"
        self.appearance = "light"
        self.wait_until(lambda: self.driver.execute_script("return document.body.dataset.connection") == "connected",
                        message="the app in the phone frame")
        self.enter_frame()

    def enter_frame(self):
        """Switches the driver into the phone's frame and waits for the app's engine."""
        self.driver.switch_to.default_content()
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "app-frame"))

        def started():
            try:
                return self.driver.execute_script(COUNT_STATES)
            except WebDriverException:   # the document is being replaced
                return False
        self.wait_until(started, message="the app's engine")
        self.driver.execute_script("document.getElementById('screen').style.caretColor = 'transparent'")

    def chrome(self, script, *arguments):
        """Runs `script` in the simulator's page (its tools), then returns to the phone's frame."""
        self.driver.switch_to.default_content()
        try:
            return self.driver.execute_script(script, *arguments)
        finally:
            self.driver.switch_to.frame(self.driver.find_element(By.ID, "app-frame"))

    def wait_until(self, condition, timeout=30, message="the page"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {message}")

    def set_device(self, device):
        if device == self.device:
            return
        width, height = DEVICES[device]
        self.chrome("const s = document.getElementById('device'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))",
                    f"{width}x{height}")
        self.device = device
        # The frame takes the device's size and the app gives its engine the new bounds (its resize
        # handler): the next connection is laid out for them.
        self.wait_until(lambda: self.driver.execute_script(
            "const b = window.xpedite.engine.bounds; return [window.innerWidth, b.width, b.height]") == [width, width, height],
            message="the bounds of the new device")

    def set_appearance(self, appearance):
        self.chrome("const s = document.getElementById('appearance'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))",
                    appearance)
        self.appearance = appearance
        self.wait_until(lambda: self.driver.execute_script(
            "return document.body.classList.contains(arguments[0])", "x-" + appearance), message="the appearance")

    def show(self, packet, device):
        """Shows `packet` on `device` on a fresh phone (its session and caches forgotten, the app
        loaded again), and waits until the page has settled: data requests answered, images
        loaded, no new rendering for a moment."""
        self.set_device(device)
        self.stand_in.screen = packet
        self.stand_in.reset()
        expected = self.stand_in.expected_data_requests()
        # A fresh phone is a new install: everything the app keeps in the browser goes (its session,
        # pages, image ids and images, service worker), then the frame loads the app again, so
        # nothing held in memory (setDefaults, menus) survives either.
        self.driver.execute_script("window.xpediteStale = true")
        self.driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": self.url, "storageTypes": "all"})
        self.driver.execute_script("location.reload()")
        self.enter_frame()
        stable_since, last = time.monotonic(), None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            count = self.driver.execute_script("return window.xpediteScreensReceived")
            pending = self.driver.execute_script(PENDING)
            state = (count, pending)
            if state != last:
                stable_since, last = time.monotonic(), state
            settled = (not pending and self.stand_in.data_requests >= expected and self.stand_in.idle_for() > 0.25
                       and time.monotonic() - stable_since > 0.25)
            if settled:
                self.driver.execute_script(
                    "document.querySelectorAll('#screen [data-scroll]').forEach(e => { e.scrollTop = 0; })")
                return
            time.sleep(0.05)
        raise AssertionError(f"the screen did not settle: {last}, {self.stand_in.data_requests}/{expected} data requests")

    def measure(self):
        return self.driver.execute_script(MEASURE)

    def title_problem(self, path, title):
        return self.driver.execute_script(TITLE_VISIBLE, path, title)

    def screenshot(self):
        """The phone's screen as PNG bytes: the simulator's screen element holding the frame, with
        its rounded corners (a picture of an element inside the frame would take in whatever the
        page paints around the frame at that moment)."""
        self.driver.execute_script("document.querySelectorAll('#screen [data-scroll]').forEach(e => { e.scrollTop = 0; })")
        self.driver.switch_to.default_content()
        try:
            return self.driver.find_element(By.ID, "screen").screenshot_as_png
        finally:
            self.driver.switch_to.frame(self.driver.find_element(By.ID, "app-frame"))

    def quit(self):
        self.driver.quit()
