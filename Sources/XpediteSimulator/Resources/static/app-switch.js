// The simulator's app switch: the phone frame shows the Xpedite app (phone-app.js) or the
// notification app, which the same server serves at `data-notify-app` (/notify/app/ in the
// demo), in a same-origin iframe the size of the phone's screen. The packet inspector lists the
// notification app's HTTP calls: this page wraps the frame's fetch, XMLHttpRequest and
// EventSource from outside, so the app needs nothing for it (the contract is in
// docs/simulator.md). Everything shown is set as text, never as HTML.
//
// An ES module (the page loads it with type="module"); its pure helpers are exported for the
// unit tests of Tests/Web/simulator, and the page is only touched when there is a document.

/**
 * The elements of one call's row in the inspector.
 * @typedef {object} CallView
 * @property {HTMLLIElement} row
 * @property {HTMLSpanElement} method
 * @property {HTMLSpanElement} kind
 * @property {HTMLSpanElement} meta
 * @property {HTMLPreElement} request
 * @property {HTMLHeadingElement} answerTitle
 * @property {HTMLPreElement} answer
 */

/**
 * One HTTP call of the notification app, as the inspector shows it.
 * @typedef {object} Call
 * @property {number} number its number on this page, from 1
 * @property {string} method upper case; "?" when only its timing was seen
 * @property {string} url as the app gave it
 * @property {string} path the URL shown: path and query on this origin, else the whole URL
 * @property {Date} sentAt
 * @property {number} started performance.now() when it was sent
 * @property {number | null} duration in milliseconds, once answered
 * @property {number | null} status the HTTP status, once answered
 * @property {string | null} request the request's body as text (null: no body)
 * @property {string | null} response the answer as text
 * @property {number | null} requestSize in bytes, when known
 * @property {number | null} responseSize in bytes, when known
 * @property {string | null} failure why there is no answer
 * @property {"http" | "events" | "seen"} kind a request, an event stream, or seen late by its timing
 * @property {number} events how many events a stream delivered
 * @property {CallView} [view] its row, once drawn
 */

/**
 * A request body described for the inspector.
 * @typedef {object} DescribedBody
 * @property {string | null} text
 * @property {number | null} size in bytes, when known
 */

/** @typedef {Window & typeof globalThis} FrameWindow */

/** How many calls the inspector keeps. */
export const MAX_CALLS = 200;
/** The longest text shown in a `<pre>` before it is cut. */
export const MAX_TEXT = 64 * 1024;

/**
 * A value as text, cut at `MAX_TEXT` characters, saying how long it was.
 * @param {unknown} value
 * @returns {string}
 */
export function text(value) {
  const s = String(value);
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n… (${s.length} characters)` : s;
}

/**
 * JSON text indented by two spaces; any other text as it is; nothing as "".
 * @param {string | null | undefined} value
 * @returns {string}
 */
export function pretty(value) {
  if (value === null || value === undefined) return "";
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

/**
 * A size in bytes: "512 B", "1.5 KB"; nothing as "".
 * @param {number | null | undefined} bytes
 * @returns {string}
 */
export function size(bytes) {
  if (bytes === null || bytes === undefined) return "";
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;
}

/**
 * The URL shown for a call: path and query when it is on `origin`, else the whole URL.
 * @param {string} url as the app gave it
 * @param {string} baseURL what it is relative to (the frame's document)
 * @param {string} origin this page's origin
 * @returns {string}
 */
export function pathOf(url, baseURL, origin) {
  try {
    const parsed = new URL(url, baseURL);
    return parsed.origin === origin ? parsed.pathname + parsed.search : parsed.href;
  } catch {
    return String(url);
  }
}

/**
 * A new call, as recorded when it is sent.
 * @param {number} number
 * @param {string} method
 * @param {string} url
 * @param {string} path
 * @param {string | null} requestBody
 * @param {Date} sentAt
 * @param {number} started
 * @returns {Call}
 */
export function newCall(number, method, url, path, requestBody, sentAt, started) {
  return {
    number,
    method: method.toUpperCase(),
    url,
    path,
    sentAt,
    started,
    duration: null,
    status: null,
    request: requestBody,
    response: null,
    requestSize: requestBody === null ? 0 : null,
    responseSize: null,
    failure: null,
    kind: "http",
    events: 0,
  };
}

/**
 * Whether a call failed: no answer, or a status of 400 or more.
 * @param {Call} call
 * @returns {boolean}
 */
export function failed(call) {
  return call.failure !== null || (call.status !== null && call.status >= 400);
}

/**
 * The label of a call's kind: "event stream", "seen late" or nothing.
 * @param {Call} call
 * @returns {string}
 */
export function kindLabel(call) {
  return call.kind === "events" ? "event stream" : call.kind === "seen" ? "seen late" : "";
}

/**
 * A call's one-line summary: time, duration (or pending), status, sizes, events, failure.
 * @param {Call} call
 * @returns {string}
 */
export function meta(call) {
  const parts = [call.sentAt.toISOString().slice(11, 23)];
  if (call.duration !== null) parts.push(`${call.duration.toFixed(1)} ms`);
  else if (call.kind !== "events") parts.push("pending");
  if (call.status !== null) parts.push(String(call.status));
  if (call.requestSize !== null && call.kind === "http") parts.push(`→ ${size(call.requestSize)}`);
  if (call.responseSize !== null) parts.push(`← ${size(call.responseSize)}`);
  if (call.kind === "events") parts.push(`${call.events} event(s)`);
  if (call.failure !== null) parts.push("failed");
  return parts.join(" · ");
}

/**
 * A request body as text: JSON and text as they are, form fields one a line, binary bodies by
 * their size and type. `win` is the window whose classes the app used (the frame's).
 * @param {Pick<typeof globalThis, "URLSearchParams" | "FormData" | "ArrayBuffer">} win
 * @param {unknown} value
 * @returns {DescribedBody}
 */
export function describeBody(win, value) {
  if (value === undefined || value === null) return { text: null, size: 0 };
  if (typeof value === "string") return { text: value, size: new Blob([value]).size };
  if (value instanceof win.URLSearchParams) return { text: value.toString(), size: value.toString().length };
  if (value instanceof win.FormData) {
    /** @type {string[]} */
    const fields = [];
    value.forEach((v, k) => {
      fields.push(`${k}=${typeof v === "string" ? v : `(file ${v.size} B, ${v.type})`}`);
    });
    return { text: fields.join("\n"), size: null };
  }
  if (typeof value === "object") {
    const blob = /** @type {{size?: unknown, type?: unknown}} */ (value);
    if (typeof blob.size === "number" && typeof blob.type === "string") {
      return { text: `(binary: ${blob.size} bytes${blob.type ? `, ${blob.type}` : ""})`, size: blob.size };
    }
  }
  if (value instanceof win.ArrayBuffer || win.ArrayBuffer.isView(value)) {
    const bytes = /** @type {ArrayBuffer | ArrayBufferView} */ (value);
    return { text: `(binary: ${bytes.byteLength} bytes)`, size: bytes.byteLength };
  }
  return { text: `(${Object.prototype.toString.call(value)})`, size: null };
}

/**
 * The element `id` of the page.
 * @param {string} id
 * @returns {HTMLElement | null}
 */
function byId(id) {
  return document.getElementById(id);
}

/**
 * Runs the switch, the notification app's frame and its inspector.
 * @param {HTMLElement} notifyScreen
 * @param {HTMLElement} list
 */
function start(notifyScreen, list) {
  const body = document.body;
  // Read when the app is opened (not cached), so that the page's data says where it is.
  const appURL = () => body.dataset.notifyApp || "";
  const xpediteScreen = byId("screen");
  const section = byId("notify-inspector");
  /** @type {HTMLElement[]} */
  const buttons = Array.from(document.querySelectorAll(".x-app-switch [data-app]"));

  /** @type {HTMLIFrameElement | null} */
  let frame = null;
  let opening = false;
  /** @type {ReturnType<typeof setInterval> | null} */
  let watch = null;
  let callNumber = 0;
  /** @type {Call[]} */
  const calls = [];

  // ---- The switch.
  /** @param {string | undefined} app */
  function choose(app) {
    const notify = app === "notify";
    body.dataset.app = notify ? "notify" : "xpedite";
    for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.app === app));
    if (xpediteScreen) xpediteScreen.hidden = notify;
    notifyScreen.hidden = !notify;
    if (notify) {
      if (section) section.hidden = false;
      if (!frame && !opening && !notifyScreen.querySelector(".x-notify-message")) open();
      // Watched from now on, also while the Xpedite app is shown: the frame keeps running behind it.
      if (watch === null) watch = setInterval(attach, 5);
    }
    try {
      sessionStorage.setItem("xpedite-app", notify ? "notify" : "xpedite");
    } catch {
      /* storage off */
    }
  }
  for (const button of buttons) {
    button.addEventListener("click", () => {
      choose(button.dataset.app);
    });
  }

  /** @param {string[]} lines */
  function showMessage(lines) {
    notifyScreen.textContent = "";
    const box = document.createElement("div");
    box.className = "x-notify-message";
    lines.forEach((line, index) => {
      const p = document.createElement(index === 0 ? "strong" : "p");
      p.textContent = line;
      box.appendChild(p);
    });
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => {
      notifyScreen.textContent = "";
      open();
    });
    box.appendChild(retry);
    notifyScreen.appendChild(box);
    body.dataset.notifyState = "missing";
  }

  // The app is asked for first, so that a server without it gets a clear message, not a 404 page.
  function open() {
    body.dataset.notifyState = "checking";
    const url = appURL();
    opening = true;
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then((response) => {
        opening = false;
        if (!response.ok) {
          showMessage([
            "The notification app is not served here.",
            `GET ${url} answered ${response.status}. A server that mounts XpediteNotify with its app ` +
              "serves it at /notify/app/ (xpedite demo does).",
          ]);
          return;
        }
        const opened = document.createElement("iframe");
        frame = opened;
        opened.className = "x-notify-frame";
        opened.title = "Notification app";
        opened.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
        opened.addEventListener("load", () => {
          attach();
          let blocked = false;
          try {
            blocked = !opened.contentDocument || opened.contentWindow?.location.href === "about:blank";
          } catch {
            blocked = true;
          }
          body.dataset.notifyState = blocked ? "blocked" : "loaded";
          if (blocked) {
            opened.remove();
            frame = null;
            showMessage([
              "The notification app cannot be shown in the phone frame.",
              "It must be served from this page's origin and allow being framed by it " +
                "(Content-Security-Policy frame-ancestors 'self', no X-Frame-Options: DENY).",
            ]);
          }
        });
        opened.src = url;
        notifyScreen.appendChild(opened);
      })
      .catch((error) => {
        opening = false;
        showMessage(["The notification app cannot be reached.", `GET ${url} failed: ${error}`]);
      });
  }

  // ---- The inspector: every call of the frame, newest first, in the packet inspector's style.
  /**
   * @param {string} method
   * @param {string} url
   * @param {string | null} requestBody
   * @returns {Call}
   */
  function addCall(method, url, requestBody) {
    callNumber += 1;
    const baseURL = frame?.contentWindow ? frame.contentWindow.location.href : location.href;
    const call = newCall(
      callNumber,
      method,
      url,
      pathOf(url, baseURL, location.origin),
      requestBody,
      new Date(),
      performance.now(),
    );
    calls.push(call);
    if (calls.length > MAX_CALLS) {
      const gone = calls.shift();
      if (gone?.view) gone.view.row.remove();
    }
    draw(call);
    return call;
  }

  /**
   * The row of a call, made the first time.
   * @param {Call} call
   * @returns {CallView}
   */
  function viewOf(call) {
    if (call.view) return call.view;
    const row = document.createElement("li");
    row.dataset.number = `n${call.number}`;
    row.dataset.source = "notify";
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    const method = document.createElement("span");
    method.className = "x-packet-method";
    const kind = document.createElement("span");
    kind.className = "x-packet-kind";
    const metaElement = document.createElement("span");
    metaElement.className = "x-packet-meta";
    summary.append(method, kind, metaElement);
    const requestTitle = document.createElement("h4");
    requestTitle.textContent = "Request";
    const request = document.createElement("pre");
    request.className = "x-json";
    const answerTitle = document.createElement("h4");
    const answer = document.createElement("pre");
    answer.className = "x-json";
    details.append(summary, requestTitle, request, answerTitle, answer);
    row.appendChild(details);
    list.insertBefore(row, list.firstChild);
    call.view = { row, method, kind, meta: metaElement, request, answerTitle, answer };
    return call.view;
  }

  /** @param {Call} call */
  function draw(call) {
    const view = viewOf(call);
    view.row.className = `x-packet ${failed(call) ? "x-failed" : "x-ok"}`;
    view.method.textContent = `${call.method} ${call.path}`;
    view.kind.textContent = kindLabel(call);
    view.meta.textContent = meta(call);
    view.request.textContent = call.request === null ? "(no body)" : text(pretty(call.request));
    view.answerTitle.textContent = `Answer${call.status !== null ? ` (${call.status})` : ""}`;
    view.answer.textContent =
      call.failure !== null ? call.failure : call.response === null ? "" : text(pretty(call.response));
    body.dataset.notifyCalls = String(calls.length);
  }

  /**
   * @param {Call} call
   * @param {Response} response
   */
  function readAnswer(call, response) {
    const type = (response.headers.get("content-type") || "").toLowerCase();
    if (type.indexOf("text/event-stream") === 0) {
      call.response = "(event stream)";
      draw(call);
      return;
    }
    const copy = response.clone();
    const textual =
      type === "" || type.indexOf("json") >= 0 || type.indexOf("text/") === 0 || type.indexOf("javascript") >= 0;
    /** @type {Promise<string | Blob>} */
    const content = textual ? copy.text() : copy.blob();
    content.then(
      (read) => {
        call.duration = performance.now() - call.started;
        if (typeof read === "string") {
          call.response = read;
          call.responseSize = new Blob([read]).size;
        } else {
          call.response = `(binary: ${read.size} bytes${type ? `, ${type}` : ""})`;
          call.responseSize = read.size;
        }
        draw(call);
      },
      (error) => {
        call.failure = `the answer's body could not be read: ${error}`;
        draw(call);
      },
    );
  }

  /** @param {FrameWindow} win */
  function wrapFetch(win) {
    const original = win.fetch;
    /**
     * @param {RequestInfo | URL} input
     * @param {RequestInit} [init]
     * @returns {Promise<Response>}
     */
    const wrapped = (input, init) => {
      const isRequest = input instanceof win.Request;
      const method = init?.method || (isRequest ? input.method : "GET");
      const url = isRequest ? input.url : String(input);
      const described = describeBody(win, init ? init.body : undefined);
      const call = addCall(method, url, described.text);
      call.requestSize = described.size;
      if (isRequest && !init?.body && input.body) {
        input
          .clone()
          .text()
          .then(
            (t) => {
              call.request = t;
              call.requestSize = new Blob([t]).size;
              draw(call);
            },
            () => {
              /* the request's body was used already */
            },
          );
      }
      const promise = original.call(win, input, init);
      promise.then(
        (response) => {
          call.status = response.status;
          call.duration = performance.now() - call.started;
          draw(call);
          readAnswer(call, response);
        },
        (error) => {
          call.duration = performance.now() - call.started;
          call.failure = `no answer: ${error}`;
          draw(call);
        },
      );
      return promise;
    };
    win.fetch = Object.assign(wrapped, { xpediteInspected: true });
  }

  /** @param {FrameWindow} win */
  function wrapXHR(win) {
    const prototype = win.XMLHttpRequest.prototype;
    const open = prototype.open;
    const send = prototype.send;
    /** @type {WeakMap<XMLHttpRequest, {method: string, url: string}>} */
    const requests = new WeakMap();
    prototype.open = /** @type {XMLHttpRequest["open"]} */ (
      /**
       * @this {XMLHttpRequest}
       * @param {unknown[]} args method, url and the rest, as the app gave them
       */
      function (...args) {
        requests.set(this, { method: String(args[0]), url: String(args[1]) });
        return Reflect.apply(open, this, args);
      }
    );
    prototype.send = /** @type {XMLHttpRequest["send"]} */ (
      /**
       * @this {XMLHttpRequest}
       * @param {unknown[]} args the body, as the app gave it
       */
      function (...args) {
        const info = requests.get(this) || { method: "GET", url: "" };
        const described = describeBody(win, args[0]);
        const call = addCall(info.method, info.url, described.text);
        call.requestSize = described.size;
        this.addEventListener("loadend", () => {
          call.duration = performance.now() - call.started;
          if (this.status === 0) {
            call.failure = "no answer (network error or aborted)";
          } else {
            call.status = this.status;
            if (this.responseType === "" || this.responseType === "text") {
              call.response = this.responseText;
              call.responseSize = new Blob([this.responseText]).size;
            } else if (this.responseType === "json") {
              call.response = JSON.stringify(this.response);
            } else {
              call.response = `(${this.responseType} answer)`;
            }
          }
          draw(call);
        });
        return Reflect.apply(send, this, args);
      }
    );
  }

  /** @param {FrameWindow} win */
  function wrapEventSource(win) {
    const Original = win.EventSource;
    if (!Original) return;
    /** @type {WeakMap<EventSource, Set<string>>} */
    const logged = new WeakMap();
    /**
     * @param {EventSource} source
     * @param {Call} call
     * @param {string} type
     */
    function log(source, call, type) {
      const types = logged.get(source);
      if (!types || types.has(type)) return;
      types.add(type);
      Original.prototype.addEventListener.call(source, type, (event) => {
        call.events += 1;
        const line = `event: ${type}\ndata: ${/** @type {MessageEvent} */ (event).data}`;
        call.response =
          call.response && call.response !== "(connecting)" ? `${line}\n\n${call.response}`.slice(0, MAX_TEXT) : line;
        draw(call);
      });
    }
    /**
     * @param {string | URL} url
     * @param {EventSourceInit} [configuration]
     * @returns {EventSource}
     */
    const Wrapped = function EventSource(url, configuration) {
      const source = new Original(url, configuration);
      const call = addCall("GET", String(url), null);
      call.kind = "events";
      call.response = "(connecting)";
      logged.set(source, new Set());
      Original.prototype.addEventListener.call(source, "open", () => {
        call.status = 200;
        call.duration = performance.now() - call.started;
        draw(call);
      });
      Original.prototype.addEventListener.call(source, "error", () => {
        if (source.readyState === Original.CLOSED) call.failure = "the stream closed";
        draw(call);
      });
      log(source, call, "message");
      // Named events are logged once the app listens for them.
      source.addEventListener = /** @type {EventSource["addEventListener"]} */ (
        /** @param {unknown[]} args the type and the rest, as the app gave them */
        (...args) => {
          log(source, call, String(args[0]));
          return Reflect.apply(Original.prototype.addEventListener, source, args);
        }
      );
      return source;
    };
    Wrapped.prototype = Original.prototype;
    win.EventSource = /** @type {typeof EventSource} */ (
      /** @type {unknown} */ (
        Object.assign(Wrapped, { CONNECTING: Original.CONNECTING, OPEN: Original.OPEN, CLOSED: Original.CLOSED })
      )
    );
  }

  // Calls the app made before the wrappers were in place (its document started loading a moment
  // earlier): read from the frame's resource timing, with their status and duration.
  /**
   * @param {FrameWindow} win
   * @param {number} attachedAt
   */
  function backfill(win, attachedAt) {
    if (!win.PerformanceObserver) return;
    const observer = new win.PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) {
        if (entry.startTime >= attachedAt) continue;
        const timing = /** @type {PerformanceResourceTiming & {responseStatus?: number}} */ (entry);
        if (timing.initiatorType !== "fetch" && timing.initiatorType !== "xmlhttprequest") continue;
        const call = addCall("?", entry.name, null);
        call.kind = "seen";
        call.duration = entry.duration;
        call.status = timing.responseStatus || null;
        call.responseSize = timing.encodedBodySize || null;
        call.response = "(made before the inspector attached: only its timing is known)";
        draw(call);
      }
    });
    try {
      observer.observe({ type: "resource", buffered: true });
    } catch {
      /* an old browser */
    }
  }

  // Wraps the frame's current document once: a reload or navigation inside the frame makes a
  // new window, which is wrapped again by the next tick of `watch`.
  function attach() {
    if (!frame) return;
    /** @type {FrameWindow} */
    let win;
    try {
      const current = /** @type {FrameWindow | null} */ (frame.contentWindow);
      if (!current) return;
      win = current;
      const fetch = /** @type {typeof win.fetch & {xpediteInspected?: boolean}} */ (win.fetch);
      if (!fetch || fetch.xpediteInspected || win.location.href === "about:blank") return;
    } catch {
      return; // another origin: nothing can be seen
    }
    const attachedAt = win.performance.now();
    wrapFetch(win);
    wrapXHR(win);
    wrapEventSource(win);
    backfill(win, attachedAt);
    body.dataset.notifyAttached = String(Number(body.dataset.notifyAttached || "0") + 1);
  }

  let initial = "xpedite";
  try {
    initial = sessionStorage.getItem("xpedite-app") || "xpedite";
  } catch {
    /* storage off */
  }
  choose(initial === "notify" ? "notify" : "xpedite");
}

if (typeof document !== "undefined") {
  const notifyScreen = document.getElementById("notify-screen");
  const list = document.getElementById("notify-calls");
  if (document.body.dataset.notifyApp && notifyScreen && list) start(notifyScreen, list);
}
