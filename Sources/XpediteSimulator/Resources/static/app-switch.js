// The simulator's app switch: the phone frame shows the Xpedite app (simulator.js) or the
// notification app, which the same server serves at `data-notify-app` (/notify/app/ in the
// demo), in a same-origin iframe the size of the phone's screen. The packet inspector lists the
// notification app's HTTP calls: this page wraps the frame's fetch, XMLHttpRequest and
// EventSource from outside, so the app needs nothing for it (the contract is in
// docs/simulator.md). Everything shown is set as text, never as HTML.
(function () {
  "use strict";
  const body = document.body;
  // Read when the app is opened (not cached), so that the page's data says where it is.
  function appURL() { return body.dataset.notifyApp; }
  const xpediteScreen = document.getElementById("screen");
  const notifyScreen = document.getElementById("notify-screen");
  const section = document.getElementById("notify-inspector");
  const list = document.getElementById("notify-calls");
  const buttons = Array.from(document.querySelectorAll(".x-app-switch [data-app]"));
  if (!appURL() || !notifyScreen || !list) return;

  const MAX_CALLS = 200;
  const MAX_TEXT = 64 * 1024;
  let frame = null;
  let opening = false;
  let watch = null;
  let callNumber = 0;
  const calls = [];

  // ---- The switch.
  function choose(app) {
    const notify = app === "notify";
    body.dataset.app = notify ? "notify" : "xpedite";
    buttons.forEach(function (button) { button.setAttribute("aria-pressed", String(button.dataset.app === app)); });
    xpediteScreen.hidden = notify;
    notifyScreen.hidden = !notify;
    if (notify) {
      if (section) section.hidden = false;
      if (!frame && !opening && !notifyScreen.querySelector(".x-notify-message")) open();
      // Watched from now on, also while the Xpedite app is shown: the frame keeps running behind it.
      if (watch === null) watch = setInterval(attach, 5);
    }
    try { sessionStorage.setItem("xpedite-app", notify ? "notify" : "xpedite"); } catch (e) { /* storage off */ }
  }
  buttons.forEach(function (button) {
    button.addEventListener("click", function () { choose(button.dataset.app); });
  });

  function showMessage(lines) {
    notifyScreen.textContent = "";
    const box = document.createElement("div");
    box.className = "x-notify-message";
    lines.forEach(function (line, index) {
      const p = document.createElement(index === 0 ? "strong" : "p");
      p.textContent = line;
      box.appendChild(p);
    });
    const retry = document.createElement("button");
    retry.type = "button";
    retry.textContent = "Try again";
    retry.addEventListener("click", function () { notifyScreen.textContent = ""; open(); });
    box.appendChild(retry);
    notifyScreen.appendChild(box);
    body.dataset.notifyState = "missing";
  }

  // The app is asked for first, so that a server without it gets a clear message, not a 404 page.
  function open() {
    body.dataset.notifyState = "checking";
    const url = appURL();
    opening = true;
    fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      opening = false;
      if (!response.ok) {
        showMessage(["The notification app is not served here.",
          "GET " + url + " answered " + response.status + ". A server that mounts XpediteNotify with its app " +
          "serves it at /notify/app/ (xpedite demo does)."]);
        return;
      }
      frame = document.createElement("iframe");
      frame.className = "x-notify-frame";
      frame.title = "Notification app";
      frame.setAttribute("allow", "camera; microphone; geolocation; clipboard-write");
      frame.addEventListener("load", function () {
        attach();
        let blocked = false;
        try { blocked = !frame.contentDocument || frame.contentWindow.location.href === "about:blank"; } catch (e) { blocked = true; }
        body.dataset.notifyState = blocked ? "blocked" : "loaded";
        if (blocked) {
          frame.remove();
          frame = null;
          showMessage(["The notification app cannot be shown in the phone frame.",
            "It must be served from this page's origin and allow being framed by it " +
            "(Content-Security-Policy frame-ancestors 'self', no X-Frame-Options: DENY)."]);
        }
      });
      frame.src = url;
      notifyScreen.appendChild(frame);
    }).catch(function (error) {
      opening = false;
      showMessage(["The notification app cannot be reached.", "GET " + url + " failed: " + error]);
    });
  }

  // ---- The inspector: every call of the frame, newest first, in the packet inspector's style.
  function text(value) {
    const s = String(value);
    return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) + "\n… (" + s.length + " characters)" : s;
  }

  function pretty(value) {
    if (value === null || value === undefined) return "";
    try { return JSON.stringify(JSON.parse(value), null, 2); } catch (e) { return value; }
  }

  function size(bytes) {
    if (bytes === null || bytes === undefined) return "";
    return bytes >= 1024 ? (bytes / 1024).toFixed(1) + " KB" : bytes + " B";
  }

  function addCall(method, url, requestBody) {
    callNumber += 1;
    const call = {
      number: callNumber, method: method.toUpperCase(), url: url, path: pathOf(url), sentAt: new Date(),
      started: performance.now(), duration: null, status: null, request: requestBody, response: null,
      requestSize: requestBody === null ? 0 : null, responseSize: null, failure: null, kind: "http", events: 0,
    };
    calls.push(call);
    if (calls.length > MAX_CALLS) {
      const gone = calls.shift();
      if (gone.element) gone.element.remove();
    }
    draw(call);
    return call;
  }

  function pathOf(url) {
    try {
      const parsed = new URL(url, frame && frame.contentWindow ? frame.contentWindow.location.href : location.href);
      return parsed.origin === location.origin ? parsed.pathname + parsed.search : parsed.href;
    } catch (e) { return String(url); }
  }

  function draw(call) {
    if (!call.element) {
      call.element = document.createElement("li");
      call.element.dataset.number = "n" + call.number;
      call.element.dataset.source = "notify";
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      call.methodElement = document.createElement("span");
      call.methodElement.className = "x-packet-method";
      call.kindElement = document.createElement("span");
      call.kindElement.className = "x-packet-kind";
      call.metaElement = document.createElement("span");
      call.metaElement.className = "x-packet-meta";
      summary.append(call.methodElement, call.kindElement, call.metaElement);
      const requestTitle = document.createElement("h4");
      requestTitle.textContent = "Request";
      call.requestElement = document.createElement("pre");
      call.requestElement.className = "x-json";
      call.answerTitle = document.createElement("h4");
      call.answerElement = document.createElement("pre");
      call.answerElement.className = "x-json";
      details.append(summary, requestTitle, call.requestElement, call.answerTitle, call.answerElement);
      call.element.appendChild(details);
      list.insertBefore(call.element, list.firstChild);
    }
    const failed = call.failure !== null || (call.status !== null && call.status >= 400);
    call.element.className = "x-packet " + (failed ? "x-failed" : "x-ok");
    call.methodElement.textContent = call.method + " " + call.path;
    call.kindElement.textContent = call.kind === "events" ? "event stream" : (call.kind === "seen" ? "seen late" : "");
    const parts = [call.sentAt.toISOString().slice(11, 23)];
    if (call.duration !== null) parts.push(call.duration.toFixed(1) + " ms");
    else if (call.kind !== "events") parts.push("pending");
    if (call.status !== null) parts.push(String(call.status));
    if (call.requestSize !== null && call.kind === "http") parts.push("→ " + size(call.requestSize));
    if (call.responseSize !== null) parts.push("← " + size(call.responseSize));
    if (call.kind === "events") parts.push(call.events + " event(s)");
    if (call.failure !== null) parts.push("failed");
    call.metaElement.textContent = parts.join(" · ");
    call.requestElement.textContent = call.request === null ? "(no body)" : text(pretty(call.request));
    call.answerTitle.textContent = "Answer" + (call.status !== null ? " (" + call.status + ")" : "");
    call.answerElement.textContent = call.failure !== null ? call.failure : (call.response === null ? "" : text(pretty(call.response)));
    body.dataset.notifyCalls = String(calls.length);
  }

  // A request body as text: JSON and text as they are, binary bodies by their size and type.
  function describeBody(win, value) {
    if (value === undefined || value === null) return { text: null, size: 0 };
    if (typeof value === "string") return { text: value, size: new Blob([value]).size };
    if (value instanceof win.URLSearchParams) return { text: value.toString(), size: value.toString().length };
    if (value instanceof win.FormData) {
      const fields = [];
      value.forEach(function (v, k) { fields.push(k + "=" + (typeof v === "string" ? v : "(file " + v.size + " B, " + v.type + ")")); });
      return { text: fields.join("\n"), size: null };
    }
    if (typeof value.size === "number" && typeof value.type === "string") {
      return { text: "(binary: " + value.size + " bytes" + (value.type ? ", " + value.type : "") + ")", size: value.size };
    }
    if (value instanceof win.ArrayBuffer || win.ArrayBuffer.isView(value)) {
      return { text: "(binary: " + value.byteLength + " bytes)", size: value.byteLength };
    }
    return { text: "(" + Object.prototype.toString.call(value) + ")", size: null };
  }

  function readAnswer(call, response) {
    const type = (response.headers.get("content-type") || "").toLowerCase();
    if (type.indexOf("text/event-stream") === 0) {
      call.response = "(event stream)";
      draw(call);
      return;
    }
    const copy = response.clone();
    const textual = type === "" || type.indexOf("json") >= 0 || type.indexOf("text/") === 0 || type.indexOf("javascript") >= 0;
    (textual ? copy.text() : copy.blob()).then(function (content) {
      call.duration = performance.now() - call.started;
      if (typeof content === "string") {
        call.response = content;
        call.responseSize = new Blob([content]).size;
      } else {
        call.response = "(binary: " + content.size + " bytes" + (type ? ", " + type : "") + ")";
        call.responseSize = content.size;
      }
      draw(call);
    }, function (error) {
      call.failure = "the answer's body could not be read: " + error;
      draw(call);
    });
  }

  function wrapFetch(win) {
    const original = win.fetch;
    const wrapped = function (input, init) {
      const isRequest = input instanceof win.Request;
      const method = (init && init.method) || (isRequest ? input.method : "GET");
      const url = isRequest ? input.url : String(input);
      const described = describeBody(win, init ? init.body : undefined);
      const call = addCall(method, url, described.text);
      call.requestSize = described.size;
      if (isRequest && !(init && init.body) && input.body) {
        input.clone().text().then(function (t) { call.request = t; call.requestSize = new Blob([t]).size; draw(call); },
          function () { /* the request's body was used already */ });
      }
      const promise = original.call(win, input, init);
      promise.then(function (response) {
        call.status = response.status;
        call.duration = performance.now() - call.started;
        draw(call);
        readAnswer(call, response);
      }, function (error) {
        call.duration = performance.now() - call.started;
        call.failure = "no answer: " + error;
        draw(call);
      });
      return promise;
    };
    wrapped.xpediteInspected = true;
    win.fetch = wrapped;
  }

  function wrapXHR(win) {
    const prototype = win.XMLHttpRequest.prototype;
    const open = prototype.open, send = prototype.send;
    const requests = new WeakMap();
    prototype.open = function (method, url) {
      requests.set(this, { method: String(method), url: String(url) });
      return open.apply(this, arguments);
    };
    prototype.send = function (requestBody) {
      const info = requests.get(this) || { method: "GET", url: "" };
      const described = describeBody(win, requestBody);
      const call = addCall(info.method, info.url, described.text);
      call.requestSize = described.size;
      const xhr = this;
      xhr.addEventListener("loadend", function () {
        call.duration = performance.now() - call.started;
        if (xhr.status === 0) {
          call.failure = "no answer (network error or aborted)";
        } else {
          call.status = xhr.status;
          if (xhr.responseType === "" || xhr.responseType === "text") {
            call.response = xhr.responseText;
            call.responseSize = new Blob([xhr.responseText]).size;
          } else if (xhr.responseType === "json") {
            call.response = JSON.stringify(xhr.response);
          } else {
            call.response = "(" + xhr.responseType + " answer)";
          }
        }
        draw(call);
      });
      return send.apply(this, arguments);
    };
  }

  function wrapEventSource(win) {
    const Original = win.EventSource;
    if (!Original) return;
    const logged = new WeakMap();
    function log(source, call, type) {
      const types = logged.get(source);
      if (types.has(type)) return;
      types.add(type);
      Original.prototype.addEventListener.call(source, type, function (event) {
        call.events += 1;
        const line = "event: " + type + "\ndata: " + event.data;
        call.response = call.response && call.response !== "(connecting)" ? (line + "\n\n" + call.response).slice(0, MAX_TEXT) : line;
        draw(call);
      });
    }
    const Wrapped = function EventSource(url, configuration) {
      const source = new Original(url, configuration);
      const call = addCall("GET", String(url), null);
      call.kind = "events";
      call.response = "(connecting)";
      logged.set(source, new Set());
      Original.prototype.addEventListener.call(source, "open", function () { call.status = 200; call.duration = performance.now() - call.started; draw(call); });
      Original.prototype.addEventListener.call(source, "error", function () {
        if (source.readyState === Original.CLOSED) call.failure = "the stream closed";
        draw(call);
      });
      log(source, call, "message");
      // Named events are logged once the app listens for them.
      source.addEventListener = function (type) {
        log(source, call, String(type));
        return Original.prototype.addEventListener.apply(source, arguments);
      };
      return source;
    };
    Wrapped.prototype = Original.prototype;
    Wrapped.CONNECTING = Original.CONNECTING;
    Wrapped.OPEN = Original.OPEN;
    Wrapped.CLOSED = Original.CLOSED;
    win.EventSource = Wrapped;
  }

  // Calls the app made before the wrappers were in place (its document started loading a moment
  // earlier): read from the frame's resource timing, with their status and duration.
  function backfill(win, attachedAt) {
    if (!win.PerformanceObserver) return;
    const observer = new win.PerformanceObserver(function (entries) {
      entries.getEntries().forEach(function (entry) {
        if (entry.startTime >= attachedAt) return;
        if (entry.initiatorType !== "fetch" && entry.initiatorType !== "xmlhttprequest") return;
        const call = addCall("?", entry.name, null);
        call.kind = "seen";
        call.duration = entry.duration;
        call.status = entry.responseStatus || null;
        call.responseSize = entry.encodedBodySize || null;
        call.response = "(made before the inspector attached: only its timing is known)";
        draw(call);
      });
    });
    try { observer.observe({ type: "resource", buffered: true }); } catch (e) { /* an old browser */ }
  }

  // Wraps the frame's current document once: a reload or navigation inside the frame makes a
  // new window, which is wrapped again by the next tick of `watch`.
  function attach() {
    if (!frame) return;
    let win;
    try {
      win = frame.contentWindow;
      if (!win || !win.fetch || win.fetch.xpediteInspected || win.location.href === "about:blank") return;
    } catch (e) {
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
  try { initial = sessionStorage.getItem("xpedite-app") || "xpedite"; } catch (e) { /* storage off */ }
  choose(initial === "notify" ? "notify" : "xpedite");
})();
