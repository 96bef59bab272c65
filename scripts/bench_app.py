"""Measures the phone app (issue 26, docs/phone-app.md#speed) in headless Chromium against a build of
`xpedite demo` on 127.0.0.1: tap → next screen drawn online and offline, the 200-component screen's
layout against XpediteLayout's (`xpedite layout --repeat`) and its drawing, the bytes fetched before
the first screen, and a second start. Run by scripts/bench-app, which builds the release binary and
writes the section of BENCHMARKS.md from the JSON this prints.

    python scripts/bench_app.py XPEDITE_BINARY OUTPUT.json [--taps 60] [--starts 15]
    python scripts/bench_app.py --write OUTPUT.json BENCHMARKS.md     (replaces the section)
    python scripts/bench_app.py XPEDITE_BINARY OUTPUT.json --draw-only [--compare OTHER_BINARY] [--rounds 5]
        [--signed-in [--taps N]] [--samples N] [--metrics] [--trace [--trace-categories C] [--trace-top N]]
    python scripts/bench_app.py XPEDITE_BINARY OUTPUT.json --first-start-only

`--first-start-only` measures only the first start with nothing cached (part (d), about a minute):
the bytes before the first screen, and every file fetched then with its gzip size, largest first,
and the module that imported it where the page can tell (the first module whose static or dynamic
imports name it; `(page)` for what index.html names). It prints the list and writes the
`first_start` figures, with the list, to OUTPUT.json (not the section).

`--draw-only` measures only the 200-component screen drawn afresh (render → frame painted, and the
synchronous part), in `--rounds` rounds of `--draws` drawings; with `--compare`, a second server
(another build, or an overlay serving another tree's JavaScript) is measured in the same browser,
its rounds alternating with the first's, so that both medians come from the same minutes of a busy
machine. It prints the medians and their ratio and writes them to OUTPUT.json (not the section).
Its diagnostics: `--signed-in` first signs in and taps `--taps` times between Dashboard and About, as
the full run does before it draws (so the drawings come right after a tap, as there); `--samples`
sets the layouts timed before the drawings (10; the full run's 400); `--metrics` prints Chromium's
`Performance.getMetrics` differences around each round (layouts, style recalculations, their time,
script time, heap, nodes); `--trace` records a Chrome trace (chromedriver's `traceCategories`, marks
around each drawing) and prints where the drawings' time went, by kind of event and by what each
style or layout pass ran in (`--trace-categories ...,toplevel` names the task and the source line
that posted it: decision 0580 found Chromium's autofill that way).

The timings come from the marks the app puts in the Performance timeline (js/engine/timing.js) and
from `performance.now()` in the page; the bytes from Chromium's network log (every request of the
page, its frames and its service worker) and the server's gzip answer for each file fetched."""
import argparse
import gzip
import json
import pathlib
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "PythonSupport"))

import xpedite_process  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

SCREEN_200 = ROOT / "Tests" / "Fixtures" / "speed" / "screen-200.json"
SIGN_IN = "Demo account: demo@xpedite.dev / demo1234"
BOUNDS = "(0.0, 0.0, 393.0, 852.0)"

# One tap in the page: the element of the screen whose text is `label` is clicked (as a person's
# click reaches the renderer), and the time runs from just before the click to the first animation
# frame after the new screen is in the page (the `xpedite:drawn` mark), the frame that paints it.
# The engine's marks of that tap give where the time went.
TAP = """
const [label, done] = arguments;
const element = Array.from(document.querySelectorAll('#screen [data-action]'))
  .find((e) => e.textContent.trim() === label);
if (!element) { done({error: 'no element ' + label}); return; }
const start = performance.now();
const marks = ['xpedite:send', 'xpedite:answer', 'xpedite:read', 'xpedite:layout', 'xpedite:laid-out', 'xpedite:drawn'];
const after = (name) => { const m = performance.getEntriesByName(name, 'mark').at(-1); return m && m.startTime >= start ? m.startTime - start : null; };
const deadline = start + 10000;
function frame(now) {
  if (after('xpedite:drawn') !== null) {
    const steps = Object.fromEntries(marks.map((name) => [name.slice(8), after(name)]));
    done({ms: performance.now() - start, steps, offline: document.body.dataset.state === 'offline'});
  } else if (now > deadline) done({error: 'not drawn: ' + label});
  else requestAnimationFrame(frame);
}
element.click();
requestAnimationFrame(frame);
"""

# The 200-component screen in the page: read once, then laid out by the web engine in batches of
# ten (performance.now() is coarse in a page that is not cross-origin isolated), and drawn afresh
# by the renderer into a screen of the app's size. `render` is called in an animation frame's
# callback (frame N), so frame N is the one that draws the new DOM: the time runs from `render` to
# the task after frame N (its style, layout and paint done), the synchronous part being the DOM built
# and patched. Measured until the task after the next frame (N + 1) instead, as before 2026-11-28
# (`painted_next_frame`), a drawing also waits for the next vsync: with nothing drawn at all that
# measure is already one frame interval (`frame_floor`, about 16.7 ms at 60 Hz).
SCREEN = """
const [text, bounds, samples, draws, marked, done] = arguments;
(async () => {
  const { readResponse } = await import('./js/protocol/read.js');
  const { layoutScreen } = await import('./js/layout/layout.js');
  const { fittedTextConfiguration } = await import('./js/app/fitted-text.js');
  // The app's own layout: text measured with the browser's glyphs, frames that hold it (decision 0570).
  const configuration = fittedTextConfiguration(document, '');
  const { XpediteEngine } = await import('./js/engine/engine.js');
  const { readData, readScreen } = await import('./js/engine/reader.js');
  const { createScreenView } = await import('./js/render/screen-view.js');
  const read = readResponse(text);
  if (!read.packet) { done({error: 'unreadable: ' + read.error}); return; }
  const layout = [];
  // Warm: the JIT has optimised the layout before it is timed, as on a phone after a few screens.
  for (let i = 0; i < 200; i++) layoutScreen(read.packet, bounds, { configuration });
  // One layout per sample, as XpediteLayout is timed: a busy machine's preemptions then fall on
  // few samples and not on the median (performance.now() is coarse here: 0.1 ms).
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    layoutScreen(read.packet, bounds, { configuration });
    layout.push(performance.now() - start);
  }
  // Draws `answer` afresh `draws` times (after three unmeasured), in a screen over the app's.
  async function drawings(answer) {
    const host = document.createElement('main');
    host.className = 'x-app-screen';
    host.style.cssText = 'position:fixed;inset:0;z-index:1000;background:#fff';
    document.body.append(host);
    const box = host.getBoundingClientRect();
    const engine = new XpediteEngine({
      transport: { send: async () => ({ contentType: 'application/json', text: answer }) },
      read: readScreen, readData,
      layout: (packet, rect, options) => layoutScreen(packet, rect, { ...options, configuration }),
      bounds: { x: 0, y: 0, width: Math.round(box.width), height: Math.round(box.height) },
      device: { uuid: 'bench' }, criticalImageTimeoutMs: 1,
    });
    await engine.connect();
    const state = engine.state;
    if (!state.frames) throw new Error('no frames: ' + state.diagnostics.join('; '));
    const view = createScreenView(host, { send: () => undefined, imageSource: () => null });
    const patched = [], painted = [], nextPainted = [];
    // Each drawing begins once the browser has been idle (a person looks at a screen before the
    // next): what the last one left for an idle moment (decision 0581: the inside of the farthest
    // components) is built, and not in the next one's time. `unbuilt` counts the drawings whose far
    // components were still empty when the next one began (0: always built).
    let unbuilt = 0;
    for (let i = 0; i < draws + 3; i++) {
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }));
      if (i > 0 && host.querySelector('.x-far:empty')) unbuilt++;
      await nextFrame();
      if (marked) performance.mark('bench:draw-start');
      const start = performance.now();
      view.render({ ...state, screen: 1000 + i });
      const sync = performance.now() - start;
      const end = await nextTask();
      if (marked) performance.mark('bench:draw-end');
      const next = await afterFrame();
      if (i >= 3) { patched.push(sync); painted.push(end - start); nextPainted.push(next - start); }
    }
    view.destroy();
    host.remove();
    return { patched, painted, nextPainted, unbuilt };
  }
  // The task after the current one (in an animation frame's callback: after that frame's rendering).
  function nextTask() {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  }
  function nextFrame() {
    return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  }
  function afterFrame() {
    return new Promise((resolve) => requestAnimationFrame(() => resolve(nextTask())));
  }
  // The old measure with nothing drawn: from an animation frame's callback to the task after the next.
  const floor = [];
  for (let i = 0; i < draws; i++) {
    await nextFrame();
    const start = performance.now();
    floor.push((await afterFrame()) - start);
  }
  const all = await drawings(text);
  // The same screen without its 16 web views (each an iframe, a browsing context of its own).
  const packet = JSON.parse(text);
  packet.components = packet.components.filter((component) => component.type !== 'web');
  const noWeb = await drawings(JSON.stringify(packet));
  done({ layout, patched: all.patched, painted: all.painted, noWebPainted: noWeb.painted, noWebPatched: noWeb.patched,
         nextPainted: all.nextPainted, noWebNextPainted: noWeb.nextPainted, floor, unbuilt: all.unbuilt + noWeb.unbuilt });
})().catch((error) => done({ error: String(error && error.stack || error) }));
"""


def median(values):
    return statistics.median(values) if values else None


def summary(values):
    values = sorted(values)
    if not values:
        return None
    return {"median_ms": statistics.median(values), "p90_ms": values[min(len(values) - 1, int(len(values) * 0.9))],
            "min_ms": values[0], "max_ms": values[-1], "count": len(values)}


# What `--trace` records by default; `toplevel` adds each task with the source line that posted it
# (chromedriver's trace buffer is limited: with it, use few `--draws`).
TRACE_CATEGORIES = "devtools.timeline,v8,blink.user_timing"


def make_driver(trace=None):
    """Headless Chromium at phone size (390 × 844, touch), with the network log on (and, with
    `trace`, the trace categories, a Chrome trace of the page's work in the same log)."""
    options = webdriver.ChromeOptions()
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True},
        "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"})
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=390,844"]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    logging = {"enableNetwork": True, "enablePage": False}
    if trace:
        logging.update(traceCategories=trace, bufferUsageReportingInterval=1000)
    options.add_experimental_option("perfLoggingPrefs", logging)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or shutil.which("chromium-driver")),
                              options=options)
    # A busy machine draws the 200-component screen slowly: the client waits as long as the script.
    driver.command_executor.client_config.timeout = 600
    driver.set_script_timeout(600)
    return driver


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def texts(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#screen .x-label')).map(e => e.innerText)")


def title(driver):
    return driver.execute_script("const t = document.querySelector('#screen .x-title'); return t ? t.innerText : ''")


def drawn_at(driver):
    """The time of the first screen drawn, in ms since the navigation started, or None."""
    return driver.execute_script(
        "const m = performance.getEntriesByName('xpedite:drawn', 'mark'); return m.length ? m[0].startTime : null")


def network(driver):
    """The page's requests from Chromium's network log: url, method, wall time (ms since the epoch)."""
    requests = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            params = message["params"]
            requests.setdefault(params["requestId"], {"url": params["request"]["url"],
                                                      "method": params["request"]["method"],
                                                      "at": params["wallTime"] * 1000})
        elif message["method"] == "Network.loadingFinished":
            request = requests.get(message["params"]["requestId"])
            if request is not None:
                request["encoded"] = message["params"]["encodedDataLength"]
    return list(requests.values())


def gzip_size(url):
    """The bytes of `url` as the server sends them to a browser that takes gzip."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        body = answer.read()
        encoding = answer.headers.get("Content-Encoding")
    return len(body) if encoding == "gzip" else len(gzip.compress(body, 6))


def tap(driver, label, offline=None):
    result = driver.execute_async_script(TAP, label)
    if "error" in result:
        raise RuntimeError(result["error"])
    if offline is not None and result["offline"] != offline:
        raise RuntimeError(f"{label}: expected offline={offline}, got {result['offline']}")
    return result


def open_menu_entry(driver, label, offline=None):
    """The menu entry `label`, tapped; waits for its screen's title."""
    result = tap(driver, label, offline)
    wait(driver).until(lambda d: title(d) == label)
    return result


def sign_in(driver):
    """Signs in with the demo's account, as a person types it, and waits for the menu."""
    for selector, value in [("input[placeholder='name@example.com']", "demo@xpedite.dev"),
                            ("input[type=password]", "demo1234")]:
        field = driver.find_element(By.CSS_SELECTOR, "#screen " + selector)
        field.click()
        field.send_keys(value)
    driver.find_element(By.XPATH, "//*[@id='screen']//*[@data-action][normalize-space(.)='Sign in']").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))


NODE_LAYOUT = """
const [file, bounds, count] = process.argv.slice(1);
const { readFileSync } = await import("node:fs");
const web = new URL("Sources/XpediteWebApp/Resources/web/", "file://" + process.cwd() + "/");
const { readResponse } = await import(new URL("js/protocol/read.js", web).href);
const { layoutScreen } = await import(new URL("js/layout/layout.js", web).href);
const packet = readResponse(readFileSync(file, "utf8")).packet;
for (let i = 0; i < 200; i++) layoutScreen(packet, bounds);
const times = [];
for (let i = 0; i < Number(count); i++) {
  const start = performance.now();
  layoutScreen(packet, bounds);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(times[times.length >> 1]);
"""


def node_layout(repeat):
    """The web engine's median time for one layout of the 200-component screen in Node, in ms."""
    run = subprocess.run(["node", "--input-type=module", "-e", NODE_LAYOUT, str(SCREEN_200), BOUNDS, str(repeat)],
                         capture_output=True, text=True, timeout=300, check=True, cwd=ROOT)
    return float(run.stdout.strip())


def swift_layout(binary, repeat):
    """XpediteLayout's median time for one layout of the 200-component screen, in ms."""
    run = subprocess.run([binary, "layout", str(SCREEN_200), "--bounds", BOUNDS, "--repeat", str(repeat)],
                         capture_output=True, text=True, timeout=300, check=True)
    match = re.search(r"layout median ([\d.]+) µs", run.stderr)
    if not match:
        raise RuntimeError(f"xpedite layout --repeat printed no time: {run.stderr}")
    return float(match.group(1)) / 1000


HEADING = "## The phone app (issue 26)"


def ms(value):
    return f"{value:.1f} ms"


def section(result):
    """The section of BENCHMARKS.md from a run's JSON."""
    tap, cached, start = result["tap_online"], result["tap_offline"], result["second_start"]
    screen, first = result["screen_200"], result["first_start"]
    steps = tap["steps"]
    lines = [HEADING, "",
             "The web app at `/app/` (docs/phone-app.md) in headless Chromium (Debian's `chromium`, driven by selenium,",
             f"390 × 844 with touch) against {result.get('server', 'a release build')} of `xpedite demo --customers 200` on 127.0.0.1, measured by",
             "`scripts/bench-app` in one run. Tap times run from the click on the screen's element to the first",
             "animation frame after the new screen is in the page (the `xpedite:drawn` mark of js/engine/timing.js).",
             *(["The 200-component screen is drawn in an animation frame's callback: its time runs from `render` to the task",
                "after that frame (its style, layout and paint done), without the wait for the next vsync; each drawing begins",
                "once the browser has been idle (decision 0581), and they follow the run's taps as a new screen follows a tap",
                "(decision 0580)."]
               if "draw_next_frame" in result["screen_200"] else []),
             f"Machine: {result['machine']}; load average {result['load']} at the start of the run "
             "(the machine is shared: absolute times move with the load, ratios much less).", "",
             "| measure | median | 90th percentile | fastest / slowest | target | median ÷ peer |",
             "|---|---:|---:|---:|---:|---:|"]

    def row(label, figures, target, ratio="–"):
        lines.append(f"| {label} | {ms(figures['median_ms'])} | {ms(figures['p90_ms'])} | "
                     f"{ms(figures['min_ms'])} / {ms(figures['max_ms'])} | {target} | {ratio} |")
    row(f"tap → next screen drawn, online ({tap['count']} taps: Dashboard, About)", tap, "< 30 ms")
    row(f"a kept page opened offline ({cached['count']} taps, the server stopped)", cached, "< 15 ms",
        f"{cached['median_ms'] / tap['median_ms']:.2f} of online")
    row(f"second start (service worker warm) → entry page drawn ({start['count']} starts)", start, "< 300 ms")
    row(f"200-component screen: drawn afresh ({screen['draw']['count']} times), render → frame painted",
        screen["draw"], "≤ 16 ms")
    row("200-component screen: of that, the DOM built and patched (synchronous)", screen["patch"], "–")
    if "draw_next_frame" in screen:
        row("the same drawing measured to the task after the next frame (waits for the next vsync)",
            screen["draw_next_frame"], "–")
        row("that measure with nothing drawn: one frame interval", screen["frame_floor"], "–")
    if "draw_no_web" in screen:
        row("the same screen without its 16 web views: render → frame painted", screen["draw_no_web"], "–")
        row("the same screen without its 16 web views: the DOM built and patched", screen["patch_no_web"], "–")
    lines += ["",
              "| 200-component screen (Tests/Fixtures/speed/screen-200.json) | median per layout | target |",
              "|---|---:|---:|",
              f"| {result.get('layout_peer', 'XpediteLayout, release')} | {screen['swift_layout_ms'] * 1000:.0f} µs | peer |",
              f"| the web engine's `layoutScreen` in the same Chromium, as the app lays out (the browser's glyphs, decision 0570) | {screen['web_layout_ms'] * 1000:.0f} µs | "
              f"≤ 3× the peer: **{screen['ratio']:.2f}×** |",
              *([f"| the same in Node ({result.get('node', 'node')}), with the estimate | {screen['node_layout_ms'] * 1000:.0f} µs | "
                 f"{screen['node_ratio']:.2f}× the peer |"] if "node_layout_ms" in screen else []), "",
              f"Where an online tap's time goes (medians from the tap): request sent {ms(steps['send'])}, answer in "
              f"{ms(steps['answer'])}, read {ms(steps['read'])}, layout from {ms(steps['layout'])} to "
              f"{ms(steps['laid-out'])}, new screen in the page {ms(steps['drawn'])}; the rest is the browser's frame.", "",
              f"The first start, nothing cached: **{first['gzip_bytes'] / 1000:.1f} KB** gzipped in {first['files']} "
              f"requests before the first screen is drawn (target ≤ 150 KB; every file of the app is "
              f"{first['all_app_gzip_bytes'] / 1000:.1f} KB in {first['all_app_files']} files; "
              f"{first['later_files']} more files after the first screen: the service worker's copy and the inbox's frame). "
              "Bytes as the server sends them with `Accept-Encoding: gzip`, for every GET of the page, its frames and its "
              "service worker that Chromium's network log shows before the first `xpedite:drawn` mark.", "",
              "Not a test assertion (timings never are). Written by `scripts/bench-app`; not part of `scripts/bench`.", ""]
    return "\n".join(lines)


def write(result_path, benchmarks_path):
    """Replaces the section in BENCHMARKS.md (or adds it before the history)."""
    result = json.loads(pathlib.Path(result_path).read_text())
    text = pathlib.Path(benchmarks_path).read_text()
    new = section(result)
    pattern = re.compile(re.escape(HEADING) + r"\n.*?(?=\n## )", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: new.rstrip("\n") + "\n", text)
    else:
        text = text.replace("## History", new + "\n## History", 1)
    pathlib.Path(benchmarks_path).write_text(text)
    print(new)


def free_port():
    with __import__("socket").socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_demo(binary, data):
    """`xpedite demo` on a free port of 127.0.0.1 with its data in `data`: (process, base URL)."""
    for attempt in range(5):
        try:
            process, match = xpedite_process.start(
                [binary, "demo", "--port", str(free_port()), "--customers", "200", "--data-dir", data],
                r"Simulator on (http://\S+)/ ", 300)
            return process, match.group(1)
        except xpedite_process.ProcessDidNotStart as error:
            if attempt == 4 or "already in use" not in (error.output or "").lower():
                raise
    raise RuntimeError("unreachable")


def traced_drawings(driver):
    """Where the drawings' time went, from the trace in Chromium's performance log: for each
    `bench:draw-start` … `bench:draw-end` window of the page's main thread, the time of each kind of
    event in it (events nest: a FunctionCall holds the GC that runs in it), of each script call
    (`script: …`), and the time of its
    style and layout passes by the innermost event around each (`style/layout in …`: the script
    function, the event, or with the `toplevel` category the task and the source line that posted
    it; `(no event)` when none is traced), as medians over the drawings, in ms."""
    events = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Tracing.dataCollected":
            events.append(message["params"])
    marks = sorted((e["ts"], e["name"], e["tid"]) for e in events
                   if e.get("name") in ("bench:draw-start", "bench:draw-end") and e.get("ph") in ("R", "I", "i", "n", "b"))
    windows, start = [], None
    for ts, name, tid in marks:
        if name == "bench:draw-start":
            start = (ts, tid)
        elif start is not None:
            windows.append((start[0], ts, start[1]))
            start = None
    passes = ("Layout", "UpdateLayoutTree")
    per_window = []
    for begin, end, tid in windows:
        inside = [e for e in events if e.get("tid") == tid and e.get("ph") == "X" and "dur" in e
                  and e["ts"] < end and e["ts"] + e["dur"] > begin]
        totals = {"(window)": (end - begin) / 1000}
        for e in inside:
            overlap = min(end, e["ts"] + e["dur"]) - max(begin, e["ts"])
            totals[e["name"]] = totals.get(e["name"], 0) + overlap / 1000
            if e["name"] in ("FunctionCall", "EventDispatch", "TimerFire", "FireIdleCallback"):
                key = "script: " + describe(e)
                totals[key] = totals.get(key, 0) + overlap / 1000
            if e["name"] not in passes:
                continue
            holders = [a for a in inside if a["name"] not in passes and a["ts"] <= e["ts"]
                       and a["ts"] + a["dur"] >= e["ts"] + e["dur"]]
            key = "style/layout in " + (describe(min(holders, key=lambda a: a["dur"])) if holders else "(no event)")
            totals[key] = totals.get(key, 0) + overlap / 1000
        per_window.append(totals)
    names = {name for totals in per_window for name in totals}
    return {name: {"median_ms": median([t.get(name, 0) for t in per_window]),
                   "max_ms": max(t.get(name, 0) for t in per_window),
                   "in": sum(1 for t in per_window if name in t)} for name in names}, len(per_window)


def describe(event):
    """A trace event in a few words: its name and what its arguments say it runs."""
    arguments = event.get("args") or {}
    data = arguments.get("data") or {}
    source = arguments.get("src") or arguments
    if "src_file" in source:
        return f"{event['name']} posted by {source.get('src_file', '?')} {source.get('src_func', '')}"
    where = data.get("type") or data.get("functionName") or ""
    url = str(data.get("url", "")).rsplit("/", 1)[-1]
    return " ".join(part for part in [event["name"], where, f"{url}:{data.get('lineNumber')}" if url else ""] if part)


def sign_in_and_tap(driver, base, taps):
    """The full run's state before it draws: the app signed in, `taps` taps between Dashboard and About."""
    driver.get(base + "/app/")
    wait(driver).until(lambda d: drawn_at(d) is not None
                       and (SIGN_IN in texts(d) or d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button")))
    if SIGN_IN in texts(driver):
        sign_in(driver)
    for i in range(taps):
        open_menu_entry(driver, ["Dashboard", "About"][i % 2], offline=False)


# Which module named which: every file of the web app that is JavaScript, read from the server,
# and the relative URLs of its `import … from "…"`, `export … from "…"` and `import("…")`.
IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}/[^"']+)["']""")


def importers(urls):
    """For each URL of `urls`: the first other URL of `urls` whose source imports it (or None)."""
    named = {}
    for url in urls:
        if not url.endswith(".js"):
            continue
        try:
            text = urllib.request.urlopen(url, timeout=10).read().decode("utf-8", "replace")
        except OSError:
            continue
        for target in IMPORT.findall(text):
            named.setdefault(urllib.parse.urljoin(url, target), url)
    return named


def first_start(driver, base):
    """(d) The first start, nothing cached: the requests of the page, its frames and its service
    worker until the first screen is drawn, each at its gzip size (and what follows it, 3 s)."""
    app = base + "/app/"
    driver.get(app)
    wait(driver).until(lambda d: drawn_at(d) is not None and SIGN_IN in texts(d))
    first = drawn_at(driver)
    origin = driver.execute_script("return performance.timeOrigin")
    time.sleep(3)  # what follows the first screen (service worker, inbox frame) is logged too
    requests = network(driver)
    before = [r for r in requests if r["method"] == "GET" and r["at"] <= origin + first
              and r["url"].startswith(base)]
    later = [r for r in requests if r["method"] == "GET" and r["at"] > origin + first and r["url"].startswith(base)]
    files = sorted({r["url"] for r in before})
    sizes = {url: gzip_size(url) for url in files}
    app_files = json.loads(urllib.request.urlopen(app + "files.json", timeout=10).read())
    by = importers(files)
    return {
        "drawn_ms": first, "files": len(files), "gzip_bytes": sum(sizes.values()),
        "largest": sorted(((size, url.removeprefix(base)) for url, size in sizes.items()), reverse=True)[:8],
        "later_files": len({r["url"] for r in later}),
        "later": sorted({r["url"].removeprefix(base) for r in later}),
        "all_app_files": len(app_files),
        "all_app_gzip_bytes": sum(gzip_size(app + name) for name in app_files),
        "before": [{"url": url.removeprefix(base), "gzip": size,
                    "imported_by": by[url].removeprefix(base) if url in by else "(page)"}
                   for url, size in sorted(sizes.items(), key=lambda item: (-item[1], item[0]))],
    }


def shut_down(driver, servers):
    """The browser quit, then each (server process or None, data folder) stopped and removed."""
    if driver is not None:
        driver.quit()
    for process, data in servers:
        if process is not None:
            xpedite_process.stop(process)
        shutil.rmtree(data, ignore_errors=True)


def first_start_only(arguments):
    """`--first-start-only`: part (d) alone, with the list of files fetched before the first screen."""
    binary = str(pathlib.Path(arguments.binary).resolve())
    data = tempfile.mkdtemp(prefix="xpedite-bench-app-")
    process = driver = None
    try:
        process, base = start_demo(binary, data)
        driver = make_driver()
        figures = first_start(driver, base)
    finally:
        shut_down(driver, [(process, data)])
    for row in figures["before"]:
        print(f"{row['gzip']:>7,} B  {row['url']:<48} {row['imported_by']}")
    print(f"after the first screen ({figures['later_files']}): " + ", ".join(figures["later"]))
    print(f"first start: {figures['gzip_bytes'] / 1000:.1f} KB gzipped in {figures['files']} requests before the "
          f"first screen (drawn at {figures['drawn_ms']:.0f} ms); every file of the app: "
          f"{figures['all_app_gzip_bytes'] / 1000:.1f} KB in {figures['all_app_files']} files", flush=True)
    pathlib.Path(arguments.output).write_text(json.dumps({"first_start": figures}, indent=1) + "\n")


def draw_only(arguments):
    """`--draw-only`: the 200-component screen drawn afresh, by one server or two in turn."""
    binaries = [str(pathlib.Path(arguments.binary).resolve())]
    if arguments.compare:
        binaries.append(str(pathlib.Path(arguments.compare).resolve()))
    servers = []
    driver = None
    keys = {"painted": "draw", "patched": "patch", "noWebPainted": "draw_no_web", "noWebPatched": "patch_no_web",
            "nextPainted": "draw_next_frame", "floor": "frame_floor"}
    runs = {binary: {key: [] for key in keys} for binary in binaries}
    try:
        for binary in binaries:
            data = tempfile.mkdtemp(prefix="xpedite-bench-app-")
            process, base = start_demo(binary, data)
            servers.append((binary, process, base, data))
        driver = make_driver(trace=arguments.trace_categories if arguments.trace else None)
        for round_ in range(arguments.rounds):
            # The order alternates, so that neither server always follows the other.
            for binary, _, base, _ in servers if round_ % 2 == 0 else reversed(servers):
                if arguments.signed_in:
                    sign_in_and_tap(driver, base, arguments.taps)
                else:
                    driver.get(base + "/app/")
                    wait(driver).until(lambda d: drawn_at(d) is not None)
                if arguments.metrics:
                    driver.execute_cdp_cmd("Performance.enable", {})
                metrics = dict((m["name"], m["value"]) for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]) \
                    if arguments.metrics else None
                screen = driver.execute_async_script(SCREEN, SCREEN_200.read_text(), BOUNDS, arguments.samples or 10,
                                                     arguments.draws, bool(arguments.trace))
                if "error" in screen:
                    raise RuntimeError(screen["error"])
                for key in keys:
                    runs[binary][key] += screen[key]
                print(f"round {round_ + 1} {binary}: drawn {median(screen['painted']):.1f} ms, "
                      f"patched {median(screen['patched']):.1f} ms, far content not built before the next drawing "
                      f"{screen['unbuilt']} times", flush=True)
                if metrics is not None:
                    after = dict((m["name"], m["value"]) for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"])
                    print("  metrics (after - before): " + ", ".join(
                        f"{name} {after[name] - metrics.get(name, 0):.3g}" for name in
                        ["LayoutCount", "RecalcStyleCount", "LayoutDuration", "RecalcStyleDuration", "ScriptDuration",
                         "TaskDuration", "JSHeapUsedSize", "Nodes", "Frames", "Documents"] if name in after), flush=True)
                if arguments.trace:
                    where, count = traced_drawings(driver)
                    print(f"  trace of {count} drawings (medians, ms; events nest):", flush=True)
                    for name, figures in sorted(where.items(), key=lambda item: -item[1]["median_ms"])[:arguments.trace_top]:
                        print(f"    {figures['median_ms']:7.2f}  max {figures['max_ms']:7.2f}  in {figures['in']:3d}  {name}",
                              flush=True)
    finally:
        shut_down(driver, [(process, data) for _, process, _, data in servers])
    result = {"load": " ".join(f"{x:.1f}" for x in __import__("os").getloadavg()),
              "runs": {binary: {name: summary(runs[binary][key]) for key, name in keys.items()} for binary in binaries}}
    for binary in binaries:
        figures = result["runs"][binary]
        print(binary + ": " + ", ".join(f"{name} median {figures[name]['median_ms']:.1f} ms" for name in figures), flush=True)
    if len(binaries) == 2:
        first, second = (result["runs"][binary] for binary in binaries)
        result["ratio"] = {name: first[name]["median_ms"] / second[name]["median_ms"] for name in first}
        print("ratio (first ÷ --compare): " + ", ".join(f"{name} {value:.2f}" for name, value in result["ratio"].items()))
    pathlib.Path(arguments.output).write_text(json.dumps(result, indent=1) + "\n")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--write":
        write(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("output")
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--starts", type=int, default=15)
    parser.add_argument("--layout-binary", help="the xpedite whose `layout --repeat` is the peer (default: the server's)")
    parser.add_argument("--server-note", default="a release build",
                        help="what the server binary is, for the section (scripts/bench-app: a release build)")
    parser.add_argument("--layout-note", default="XpediteLayout, release (`xpedite layout --repeat 2000`)",
                        help="what the peer layout is, for the section")
    parser.add_argument("--samples", type=int, help="layouts timed before the drawings (400; with --draw-only 10)")
    parser.add_argument("--draws", type=int, default=15)
    parser.add_argument("--draw-only", action="store_true",
                        help="measure only the 200-component screen drawn afresh (not the section's JSON)")
    parser.add_argument("--first-start-only", action="store_true",
                        help="measure only the first start: the files before the first screen (not the section's JSON)")
    parser.add_argument("--compare", help="with --draw-only: a second xpedite measured in turn with the first")
    parser.add_argument("--rounds", type=int, default=5, help="with --draw-only: rounds of --draws drawings")
    parser.add_argument("--signed-in", action="store_true",
                        help="with --draw-only: sign in and tap --taps times first, as the full run does before it draws")
    parser.add_argument("--metrics", action="store_true",
                        help="with --draw-only: Chromium's Performance.getMetrics around each round")
    parser.add_argument("--trace", action="store_true",
                        help="with --draw-only: a Chrome trace; prints where each drawing's time went")
    parser.add_argument("--trace-top", type=int, default=25, help="with --trace: how many kinds of event are printed")
    parser.add_argument("--trace-categories", default=TRACE_CATEGORIES,
                        help="with --trace: Chromium's trace categories (add `toplevel` for the tasks and who posted them)")
    arguments = parser.parse_args()
    if arguments.draw_only:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
        draw_only(arguments)
        return
    if arguments.first_start_only:
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
        first_start_only(arguments)
        return
    # Stopped from outside: the browser and the server are stopped too (the `finally` below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    binary = str(pathlib.Path(arguments.binary).resolve())
    data = tempfile.mkdtemp(prefix="xpedite-bench-app-")
    process = None
    driver = None
    result = {"binary": binary, "server": arguments.server_note,
              "node": subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip(), "layout_peer": arguments.layout_note, "machine": " ".join(__import__("platform").uname()[i] for i in (0, 2, 4))
              + f", {__import__('os').cpu_count()} cores", "load": " ".join(f"{x:.1f}" for x in __import__("os").getloadavg())}
    try:
        port = None
        for _ in range(5):
            with __import__("socket").socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            try:
                process, match = xpedite_process.start(
                    [binary, "demo", "--port", str(port), "--customers", "200", "--data-dir", data],
                    r"Simulator on (http://\S+)/ ", 300)
                break
            except xpedite_process.ProcessDidNotStart as error:
                if "already in use" not in (error.output or "").lower():
                    raise
        base = match.group(1)
        app = base + "/app/"
        driver = make_driver()

        # (d) The first start, nothing cached: every request until the first screen is drawn.
        result["first_start"] = first_start(driver, base)
        print("first start", json.dumps({k: v for k, v in result["first_start"].items() if k != "before"}), flush=True)

        # Sign in; the service worker is then in place.
        sign_in(driver)
        wait(driver).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
                           or d.execute_script("return navigator.serviceWorker.ready.then(() => true)"))

        # (a) Tap → next screen drawn, online: the menu's Dashboard and About in turn.
        pages = ["Dashboard", "About"]
        for label in pages * 3:
            open_menu_entry(driver, label, offline=False)
        online = [open_menu_entry(driver, pages[i % 2], offline=False) for i in range(arguments.taps)]
        result["tap_online"] = summary([t["ms"] for t in online])
        result["tap_online"]["steps"] = {step: median([t["steps"][step] for t in online if t["steps"][step] is not None])
                                         for step in online[0]["steps"]}
        print("tap online", json.dumps(result["tap_online"]), flush=True)

        # (c) The 200-component screen: the web engine's layout and drawing in this page, and
        # XpediteLayout's time for the same screen (the release binary), in the same run.
        screen = driver.execute_async_script(SCREEN, SCREEN_200.read_text(), BOUNDS, arguments.samples or 400, arguments.draws,
                                             False)
        if "error" in screen:
            raise RuntimeError(screen["error"])
        try:
            swift = swift_layout(str(pathlib.Path(arguments.layout_binary or binary).resolve()), 2000)
        except subprocess.CalledProcessError as error:  # a binary without --repeat
            print("xpedite layout --repeat:", error.stderr.strip()[:200], flush=True)
            swift = float("nan")
        web = median(screen["layout"])
        node = node_layout(2000)
        result["screen_200"] = {"web_layout_ms": web, "swift_layout_ms": swift, "ratio": web / swift,
                                "node_layout_ms": node, "node_ratio": node / swift,
                                "patch": summary(screen["patched"]), "draw": summary(screen["painted"]),
                                "draw_next_frame": summary(screen["nextPainted"]), "frame_floor": summary(screen["floor"]),
                                "draw_no_web": summary(screen["noWebPainted"]), "patch_no_web": summary(screen["noWebPatched"]),
                                "far_unbuilt": screen["unbuilt"]}
        print("200 components", json.dumps(result["screen_200"]), flush=True)

        # (e) A second start: the service worker warm, the page loaded again → the entry page drawn.
        starts = []
        for _ in range(arguments.starts + 2):
            # A start from the home screen follows a session, not another start: what the last one
            # left to do (the service worker's revalidation, 3 s after it) is done.
            time.sleep(4)
            driver.get(app)
            wait(driver).until(lambda d: drawn_at(d) is not None)
            starts.append(drawn_at(driver))
        result["second_start"] = summary(starts[2:])
        result["second_start"]["controlled"] = driver.execute_script("return !!navigator.serviceWorker.controller")
        print("second start", json.dumps(result["second_start"]), flush=True)

        # (b) A cached page offline: the server stopped, the kept Dashboard and About in turn.
        wait(driver).until(lambda d: SIGN_IN in texts(d) or d.find_elements(By.CSS_SELECTOR, "#screen .x-bar-button"))
        if SIGN_IN in texts(driver):
            sign_in(driver)
        for label in pages:
            open_menu_entry(driver, label, offline=False)
        xpedite_process.stop(process)
        process = None
        for label in pages * 2:
            open_menu_entry(driver, label, offline=True)
        cached = [open_menu_entry(driver, pages[i % 2], offline=True) for i in range(arguments.taps)]
        result["tap_offline"] = summary([t["ms"] for t in cached])
        print("tap offline", json.dumps(result["tap_offline"]), flush=True)
    finally:
        shut_down(driver, [(process, data)])
    pathlib.Path(arguments.output).write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
