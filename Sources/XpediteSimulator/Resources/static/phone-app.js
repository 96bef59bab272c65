// The simulator's phone frame running the web app (issue 26, step 5; `?phone=app`, the switch
// that chose it before it was the default, changes nothing): the phone shows `{base}/app/` in a
// same-origin iframe the size of the device's screen, so that what a developer previews is what
// phones run. The app reports every exchange with its server over
// postMessage (js/app/embed.js in the web app): the inspector lists them (request, answer, the
// strict reader's issues at their paths, copy as curl, re-send), and the tools act on the app:
// the device picker and rotation resize the frame (the app lays out for its new bounds), the
// offline switch stops its transport, the appearance forces light or dark, Reconnect reloads it
// and Clear caches empties its caches. Everything shown is set as text, never as HTML.
//
// An ES module (the page loads it with type="module"); its pure helpers are exported for the
// unit tests of Tests/Web/simulator, and the page is only touched when there is a document.

/** @typedef {import("../../../XpediteWebApp/Resources/web/js/app/embed.js").Exchange} Exchange */

/**
 * A message of the app in the frame (js/app/embed.js); only the fields the page reads.
 * @typedef {object} AppMessage
 * @property {string} [xpedite] the message's kind: ready, exchange, offline, cachesCleared, error
 * @property {unknown} [exchanges] with ready: the exchanges so far
 * @property {Exchange} [exchange] with exchange: the new one
 * @property {boolean} [offline] with offline: whether the transport is stopped
 * @property {string} [message] with error: what went wrong
 */

/** The longest text shown in a `<pre>` before it is cut. */
export const MAX_TEXT = 64 * 1024;
/** How many exchanges the inspector keeps. */
export const MAX_EXCHANGES = 200;

/**
 * A text cut at `MAX_TEXT` characters, saying how long it was.
 * @param {string} text
 * @returns {string}
 */
export function clip(text) {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n… (${text.length} characters)` : text;
}

/**
 * JSON text indented by two spaces; any other text as it is.
 * @param {string} text
 * @returns {string}
 */
export function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A shell command that posts the exchange's request again: to the server behind the relay when
 * the app posts through it (`endpoint`, the body's data-endpoint), else to the URL the app posted
 * to, resolved against `pageURL`.
 * @param {Pick<Exchange, "request" | "endpoint">} exchange
 * @param {string | undefined} endpoint
 * @param {string} pageURL
 * @returns {string}
 */
export function curl(exchange, endpoint, pageURL) {
  /** @param {string} text */
  const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;
  return `curl -sS -X POST -H 'Content-Type: application/json' --data-binary ${quote(exchange.request)} ${quote(
    new URL(endpoint || exchange.endpoint, pageURL).href,
  )}`;
}

/**
 * The one-line summary of an exchange: time, duration, sizes, failure, issues, re-sent.
 * @param {Exchange} exchange
 * @returns {string}
 */
export function summary(exchange) {
  const errors = exchange.issues.filter((issue) => issue.severity === "error").length;
  const warnings = exchange.issues.length - errors;
  const parts = [
    new Date(exchange.startedAt).toISOString().slice(11, 23),
    `${exchange.ms.toFixed(1)} ms`,
    `→ ${exchange.request.length} B`,
  ];
  if (exchange.answer !== undefined) parts.push(`← ${exchange.answer.length} B`);
  if (exchange.error !== undefined) parts.push("failed");
  if (errors > 0) parts.push(`${errors} error(s)`);
  if (warnings > 0) parts.push(`${warnings} warning(s)`);
  if (exchange.resent) parts.push("re-sent");
  return parts.join(" · ");
}

/**
 * The exchange's row class: failed, with errors, or fine.
 * @param {Exchange} exchange
 * @returns {string}
 */
export function packetClass(exchange) {
  const errors = exchange.issues.some((issue) => issue.severity === "error");
  return `x-packet ${exchange.error !== undefined ? "x-failed" : errors ? "x-issues" : "x-ok"}`;
}

/**
 * The phone's screen bounds for a device value ("390x844"), swapped when rotated.
 * @param {string} device
 * @param {boolean} rotated
 * @returns {{width: number, height: number}}
 */
export function boundsOf(device, rotated) {
  const parts = device.split("x").map(Number);
  return rotated ? { width: parts[1], height: parts[0] } : { width: parts[0], height: parts[1] };
}

/**
 * The scale of the phone's picture in a window: it keeps its device's bounds, scaled down (to
 * no less than 0.2) so that it fits next to the inspector, which is shown when there is room.
 * @param {{width: number, height: number}} phone the phone's size with its frame
 * @param {{width: number, height: number}} window the window's inner size
 * @param {number} top where the phone's container starts in the page
 * @returns {number}
 */
export function phoneScale(phone, window, top) {
  const padding = 16;
  const inspectorWidth = window.width >= phone.width + 344 + 2 * padding || window.width >= 900 ? 344 : 0;
  return Math.max(
    0.2,
    Math.min(
      1,
      (window.width - 2 * padding - inspectorWidth) / phone.width,
      (window.height - top - 2 * padding) / phone.height,
    ),
  );
}

/**
 * A new element with an optional class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The element `id` of the page when it is of `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T | null}
 */
function byId(id, type) {
  const node = document.getElementById(id);
  return node instanceof type ? node : null;
}

/**
 * Runs the phone frame, its inspector and its tools.
 * @param {HTMLElement} screen
 * @param {HTMLElement} phone
 */
function start(screen, phone) {
  const body = document.body;
  const base = body.dataset.base || "";
  const inspector = document.getElementById("inspector");
  const status = document.getElementById("connection");
  body.dataset.phone = "app";
  let rotated = false;
  let offline = false;
  let appearance = "light";
  /** @type {Exchange[]} The exchanges the app reported since it last started, oldest first. */
  let exchanges = [];
  /** @type {Window & {xpediteExchanges?: () => Exchange[]}} */ (window).xpediteExchanges = () => exchanges.slice();

  const frame = document.createElement("iframe");
  frame.className = "x-app-frame";
  frame.id = "app-frame";
  frame.title = "Phone";
  frame.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
  // The preview shows the frames `xpedite layout` computes (the estimate's text widths), not the
  // ones the app fits to this browser's glyphs (js/app/fitted-text.js, decision 0570).
  frame.src = `${base}/app/?text=estimate`;
  screen.replaceChildren(frame);

  /** @param {string} text */
  function setStatus(text) {
    if (status) status.textContent = text;
    body.dataset.connection = text;
  }
  setStatus("starting");

  function bounds() {
    const select = byId("device", HTMLSelectElement);
    return boundsOf(select ? select.value : `${body.dataset.width}x${body.dataset.height}`, rotated);
  }

  // The phone keeps its device's bounds; only its picture is scaled down to fit the window.
  function sizePhone() {
    const b = bounds();
    for (const id of ["screen", "notify-screen"]) {
      const node = document.getElementById(id);
      if (node) {
        node.style.width = `${b.width}px`;
        node.style.height = `${b.height}px`;
      }
    }
    const width = b.width + 24;
    const height = b.height + 24;
    phone.style.width = `${width}px`;
    phone.style.height = `${height}px`;
    const top = (phone.parentElement ? phone.parentElement.getBoundingClientRect().top : 0) + window.scrollY;
    const scale = phoneScale({ width, height }, { width: window.innerWidth, height: window.innerHeight }, top);
    phone.style.transform = scale < 1 ? `scale(${scale})` : "";
    phone.style.marginRight = `${width * scale - width}px`;
    phone.style.marginBottom = `${height * scale - height}px`;
    body.dataset.scale = String(scale);
    body.dataset.bounds = `${b.width}x${b.height}`;
  }

  /** @param {Record<string, unknown>} message */
  function command(message) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ xpedite: "command", ...message }, location.origin);
  }

  // ---- The inspector.
  /** @param {Exchange} exchange */
  function item(exchange) {
    const li = element("li", packetClass(exchange));
    li.dataset.number = String(exchange.id);
    if (exchange.kind) li.dataset.expected = exchange.kind;
    const details = element("details");
    const head = element("summary");
    head.append(element("span", "x-packet-method", exchange.method || "(no method)"));
    if (exchange.kind && exchange.kind !== "response") head.append(element("span", "x-packet-kind", exchange.kind));
    head.append(element("span", "x-packet-meta", summary(exchange)));
    details.append(head);
    const tools = element("div", "x-packet-tools");
    const resend = element("button", "", "Re-send");
    resend.type = "button";
    resend.dataset.action = "resend";
    resend.dataset.number = String(exchange.id);
    const copy = element("button", "", "Copy as curl");
    copy.type = "button";
    copy.dataset.copy = `curl-${exchange.id}`;
    tools.append(resend, copy);
    const curlText = element("pre", "x-curl", curl(exchange, body.dataset.endpoint, location.href));
    curlText.id = `curl-${exchange.id}`;
    details.append(tools, curlText, element("h3", "", "Request"), element("pre", "x-json", clip(pretty(exchange.request))));
    details.append(element("h3", "", `Answer${exchange.kind ? ` (${exchange.kind})` : ""}`));
    if (exchange.answer !== undefined) details.append(element("pre", "x-json", clip(pretty(exchange.answer))));
    if (exchange.error !== undefined) details.append(element("p", "x-packet-failure", exchange.error));
    if (exchange.issues.length > 0) {
      const list = element("ul", "x-issues");
      for (const issue of exchange.issues) {
        list.append(element("li", `x-issue-${issue.severity}`, `${issue.path} ${issue.code}: ${issue.message}`));
      }
      details.append(list);
    }
    li.append(details);
    return li;
  }
  function renderInspector() {
    if (!inspector) return;
    const open = new Set(
      Array.from(inspector.querySelectorAll("details[open]"), (d) => d.parentElement?.dataset.number),
    );
    const list = element("ol", "x-packets");
    for (const exchange of exchanges.slice().reverse()) {
      const li = item(exchange);
      const details = li.querySelector("details");
      if (details && open.has(li.dataset.number)) details.open = true;
      list.append(li);
    }
    inspector.replaceChildren(list);
  }
  if (inspector) {
    inspector.addEventListener("click", (event) => {
      if (!(event.target instanceof Element)) return;
      const resend = event.target.closest('[data-action="resend"]');
      if (resend instanceof HTMLElement) command({ command: "resend", id: Number(resend.dataset.number) });
      const copy = event.target.closest("[data-copy]");
      if (copy instanceof HTMLElement) {
        const source = document.getElementById(copy.dataset.copy || "");
        if (source && navigator.clipboard) navigator.clipboard.writeText(source.textContent || "").catch(() => {});
      }
    });
  }

  // ---- The app's messages: only from the frame, only from this origin.
  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    /** @type {unknown} */
    const data = event.data;
    if (!data || typeof data !== "object") return;
    const message = /** @type {AppMessage} */ (data);
    switch (message.xpedite) {
      case "ready":
        exchanges = Array.isArray(message.exchanges) ? message.exchanges.slice() : [];
        setStatus("connected");
        // A reloaded app starts online in the system's appearance: the switches say otherwise.
        if (offline) command({ command: "offline", offline: true });
        command({ command: "appearance", appearance });
        renderInspector();
        break;
      case "exchange":
        if (message.exchange) exchanges.push(message.exchange);
        if (exchanges.length > MAX_EXCHANGES) exchanges.splice(0, exchanges.length - MAX_EXCHANGES);
        renderInspector();
        break;
      case "offline":
        body.dataset.offline = message.offline ? "1" : "0";
        break;
      case "cachesCleared":
        body.dataset.caches = "cleared";
        break;
      case "error":
        console.warn(`xpedite: the app says ${message.message}`);
        break;
      default:
        break;
    }
  });

  // ---- The tools.
  /**
   * @param {string} id
   * @param {string} type
   * @param {(event: Event) => void} handler
   */
  function on(id, type, handler) {
    const node = document.getElementById(id);
    if (node) node.addEventListener(type, handler);
  }
  on("device", "change", sizePhone);
  on("rotate", "click", () => {
    rotated = !rotated;
    sizePhone();
  });
  on("offline", "change", (event) => {
    offline = event.target instanceof HTMLInputElement && event.target.checked;
    command({ command: "offline", offline });
  });
  on("appearance", "change", (event) => {
    appearance = event.target instanceof HTMLSelectElement && event.target.value === "dark" ? "dark" : "light";
    body.classList.toggle("x-dark", appearance === "dark");
    command({ command: "appearance", appearance });
  });
  on("reconnect", "click", () => {
    setStatus("starting");
    if (frame.contentWindow) frame.contentWindow.location.reload();
  });
  on("clear-caches", "click", () => {
    delete body.dataset.caches;
    command({ command: "clearCaches" });
  });
  window.addEventListener("resize", sizePhone);
  sizePhone();
}

if (typeof document !== "undefined") {
  const screen = document.getElementById("screen");
  const phone = document.getElementById("phone");
  if (screen && phone) start(screen, phone);
}
