// The simulator's phone frame running the web app (issue 26, step 5; `?phone=app`, the switch
// that chose it before it was the default, changes nothing): the phone shows `{base}/app/` in a
// same-origin iframe the size of the device's screen, so that what a developer previews is what
// phones run. The app reports every exchange with its server over
// postMessage (js/app/embed.js in the web app): the inspector lists them (request, answer, the
// strict reader's issues at their paths, copy as curl, re-send), and the tools act on the app:
// the device picker and rotation resize the frame (the app lays out for its new bounds), the
// offline switch stops its transport, the appearance forces light or dark, Reconnect reloads it
// and Clear caches empties its caches. Everything shown is set as text, never as HTML.

const body = document.body;
const base = body.dataset.base || "";
const MAX_TEXT = 64 * 1024;

/** @type {HTMLElement | null} */
const screen = document.getElementById("screen");
const phone = document.getElementById("phone");
const inspector = document.getElementById("inspector");
const status = document.getElementById("connection");

if (screen && phone) start(screen, phone);

function start(screen, phone) {
  body.dataset.phone = "app";
  let rotated = false;
  let offline = false;
  let appearance = "light";
  /** The exchanges the app reported since it last started, oldest first. */
  let exchanges = [];
  window.xpediteExchanges = () => exchanges.slice();

  const frame = document.createElement("iframe");
  frame.className = "x-app-frame";
  frame.id = "app-frame";
  frame.title = "Phone";
  frame.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
  frame.src = base + "/app/";
  screen.replaceChildren(frame);

  function setStatus(text) {
    if (status) status.textContent = text;
    body.dataset.connection = text;
  }
  setStatus("starting");

  function bounds() {
    const select = document.getElementById("device");
    const parts = (select ? select.value : body.dataset.width + "x" + body.dataset.height).split("x").map(Number);
    return rotated ? { width: parts[1], height: parts[0] } : { width: parts[0], height: parts[1] };
  }

  // The phone keeps its device's bounds; only its picture is scaled down to fit the window.
  function sizePhone() {
    const b = bounds();
    for (const id of ["screen", "notify-screen"]) {
      const element = document.getElementById(id);
      if (element) {
        element.style.width = b.width + "px";
        element.style.height = b.height + "px";
      }
    }
    const width = b.width + 24;
    const height = b.height + 24;
    phone.style.width = width + "px";
    phone.style.height = height + "px";
    const top = phone.parentElement.getBoundingClientRect().top + window.scrollY;
    const padding = 16;
    const inspectorWidth = window.innerWidth >= width + 344 + 2 * padding || window.innerWidth >= 900 ? 344 : 0;
    const scale = Math.max(0.2, Math.min(1, (window.innerWidth - 2 * padding - inspectorWidth) / width,
      (window.innerHeight - top - 2 * padding) / height));
    phone.style.transform = scale < 1 ? "scale(" + scale + ")" : "";
    phone.style.marginRight = (width * scale - width) + "px";
    phone.style.marginBottom = (height * scale - height) + "px";
    body.dataset.scale = String(scale);
    body.dataset.bounds = b.width + "x" + b.height;
  }

  function command(message) {
    if (frame.contentWindow) frame.contentWindow.postMessage({ xpedite: "command", ...message }, location.origin);
  }

  // ---- The inspector.
  function clip(text) {
    return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + "\n… (" + text.length + " characters)" : text;
  }
  function pretty(text) {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  }
  // The server behind the relay when the app posts through it (body's data-endpoint), else the
  // URL the app posts to.
  function curl(exchange) {
    const quote = (text) => "'" + text.replaceAll("'", "'\\''") + "'";
    return "curl -sS -X POST -H 'Content-Type: application/json' --data-binary " + quote(exchange.request) + " " +
      quote(new URL(body.dataset.endpoint || exchange.endpoint, location.href).href);
  }
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function summary(exchange) {
    const errors = exchange.issues.filter((issue) => issue.severity === "error").length;
    const warnings = exchange.issues.length - errors;
    const parts = [new Date(exchange.startedAt).toISOString().slice(11, 23), exchange.ms.toFixed(1) + " ms",
      "→ " + exchange.request.length + " B"];
    if (exchange.answer !== undefined) parts.push("← " + exchange.answer.length + " B");
    if (exchange.error !== undefined) parts.push("failed");
    if (errors > 0) parts.push(errors + " error(s)");
    if (warnings > 0) parts.push(warnings + " warning(s)");
    if (exchange.resent) parts.push("re-sent");
    return parts.join(" · ");
  }
  function item(exchange) {
    const errors = exchange.issues.some((issue) => issue.severity === "error");
    const li = element("li", "x-packet " + (exchange.error !== undefined ? "x-failed" : errors ? "x-issues" : "x-ok"));
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
    copy.dataset.copy = "curl-" + exchange.id;
    tools.append(resend, copy);
    const curlText = element("pre", "x-curl", curl(exchange));
    curlText.id = "curl-" + exchange.id;
    details.append(tools, curlText, element("h4", "", "Request"), element("pre", "x-json", clip(pretty(exchange.request))));
    details.append(element("h4", "", "Answer" + (exchange.kind ? " (" + exchange.kind + ")" : "")));
    if (exchange.answer !== undefined) details.append(element("pre", "x-json", clip(pretty(exchange.answer))));
    if (exchange.error !== undefined) details.append(element("p", "x-packet-failure", exchange.error));
    if (exchange.issues.length > 0) {
      const list = element("ul", "x-issues");
      for (const issue of exchange.issues) {
        list.append(element("li", "x-issue-" + issue.severity, issue.path + " " + issue.code + ": " + issue.message));
      }
      details.append(list);
    }
    li.append(details);
    return li;
  }
  function renderInspector() {
    if (!inspector) return;
    const open = new Set(Array.from(inspector.querySelectorAll("details[open]"), (d) => d.parentElement.dataset.number));
    const list = element("ol", "x-packets");
    for (const exchange of exchanges.slice().reverse()) {
      const li = item(exchange);
      if (open.has(li.dataset.number)) li.querySelector("details").open = true;
      list.append(li);
    }
    inspector.replaceChildren(list);
  }
  if (inspector) {
    inspector.addEventListener("click", (event) => {
      const resend = event.target.closest('[data-action="resend"]');
      if (resend) command({ command: "resend", id: Number(resend.dataset.number) });
      const copy = event.target.closest("[data-copy]");
      if (copy) {
        const source = document.getElementById(copy.dataset.copy);
        if (source && navigator.clipboard) navigator.clipboard.writeText(source.textContent).catch(() => {});
      }
    });
  }

  // ---- The app's messages: only from the frame, only from this origin.
  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
    const message = event.data;
    if (!message || typeof message !== "object") return;
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
        exchanges.push(message.exchange);
        if (exchanges.length > 200) exchanges.splice(0, exchanges.length - 200);
        renderInspector();
        break;
      case "offline":
        body.dataset.offline = message.offline ? "1" : "0";
        break;
      case "cachesCleared":
        body.dataset.caches = "cleared";
        break;
      case "error":
        console.warn("xpedite: the app says " + message.message);
        break;
      default:
        break;
    }
  });

  // ---- The tools.
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
    offline = event.target.checked;
    command({ command: "offline", offline });
  });
  on("appearance", "change", (event) => {
    appearance = event.target.value === "dark" ? "dark" : "light";
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
