// The notification app's service worker (scope /notify/app/). It keeps:
// - the app shell (cache "xpedite-notify-shell"): network first, the cached copy offline;
// - the inbox, the start requests and the payloads of messages (cache "xpedite-notify-data",
//   cleared at sign-out): network first, the last copy offline.
// Everything else (the event stream, uploads, answers) goes to the network untouched.
// It shows Web Push notifications; tapping one opens its message. A withdrawal push
// ({"type": "withdrawn", "messageId"}) closes the message's notification (its tag is the message
// id) and tells the open pages, which take the message out of the inbox.
// Checked by tsc with the web worker library (tsconfig.sw.json, decision 0536).

/** The worker's own scope (`self`), typed as the service worker it is. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SHELL_CACHE = "xpedite-notify-shell-v4";
const DATA_CACHE = "xpedite-notify-data";
const scope = new URL(worker.registration.scope);
const api = new URL("../v1/", scope).pathname;
const SHELL = ["./", "app.css", "manifest.webmanifest", "config.json", "icons/icon.svg", "icons/icon-192.png",
  "js/app.js", "js/account.js", "js/answer.js", "js/inbox.js", "js/notice.js", "js/routes.js", "js/session.js",
  "js/sign-in.js", "js/start.js", "js/state.js", "js/timings.js", "js/api.js", "js/basic.js", "js/db.js", "js/display.js", "js/dom.js", "js/events.js", "js/field.js",
  "js/form.js", "js/map.js", "js/media.js", "js/canvas.js", "js/photo.js", "js/markup.js", "js/recording.js",
  "js/recording-limits.js", "js/barcode.js", "js/outbox.js", "js/push.js", "js/rules.js", "js/computed.js",
  "js/expressions/checker.js", "js/expressions/errors.js", "js/expressions/evaluator.js", "js/expressions/expression.js",
  "js/expressions/lexer.js", "js/expressions/parser.js", "js/expressions/rules.js", "js/expressions/values.js",
  "vendor/leaflet-1.6.0/leaflet.js", "vendor/leaflet-1.6.0/leaflet.css"].map((path) => new URL(path, scope).href);

worker.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("xpedite-notify-shell") && name !== SHELL_CACHE)
    .map((name) => caches.delete(name)))).then(() => worker.clients.claim()));
});

/**
 * Whether a GET is one the app reads offline: the inbox, the start requests, a message.
 * @param {URL} url
 * @returns {boolean}
 */
function isData(url) {
  return url.pathname === `${api}device/inbox` || url.pathname === `${api}device/requests`
    || url.pathname.startsWith(`${api}device/requests/`) || url.pathname.startsWith(`${api}device/messages/`);
}

/**
 * The answer offline with nothing cached: a 503 the app reads as "offline" (X-Notify-Offline).
 * @returns {Response}
 */
function offline() {
  return new Response(JSON.stringify({ error: { code: "offline", message: "offline" } }),
    { status: 503, headers: { "Content-Type": "application/json", "X-Notify-Offline": "1" } });
}

/**
 * The network's answer (kept in `cacheName` under `key` when it is a success), or the copy kept
 * when the network cannot be reached, or offline().
 * @param {Request} request
 * @param {string} cacheName
 * @param {string} key
 * @returns {Promise<Response>}
 */
async function networkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch {
    const cached = await caches.match(key, { cacheName, ignoreSearch: cacheName === SHELL_CACHE });
    return cached || offline();
  }
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  if (isData(url)) {
    event.respondWith(networkFirst(request, DATA_CACHE, url.href));
  } else if (url.pathname.startsWith(scope.pathname)) {
    const key = request.mode === "navigate" ? scope.href : url.href;
    event.respondWith(networkFirst(request, SHELL_CACHE, key));
  }
});

/**
 * Closes the notifications of a withdrawn message and tells the app's open windows.
 * @param {string} messageId
 */
async function withdraw(messageId) {
  const shown = await worker.registration.getNotifications({ tag: messageId });
  for (const notification of shown) notification.close();
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: "withdrawn", messageId });
}

worker.addEventListener("push", (event) => {
  /** @type {{type?: unknown, messageId?: unknown, title?: unknown, body?: unknown}} */
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : "" };
  }
  if (data.type === "withdrawn") {
    if (typeof data.messageId === "string" && data.messageId) event.waitUntil(withdraw(data.messageId));
    return;
  }
  const title = typeof data.title === "string" && data.title ? data.title : "New message";
  event.waitUntil(Promise.all([
    worker.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "", tag: /** @type {string | undefined} */ (data.messageId || undefined),
      icon: new URL("icons/icon-192.png", scope).href, data: { messageId: data.messageId || null },
    }),
    worker.clients.matchAll({ type: "window" }).then((clients) => {
      for (const client of clients) client.postMessage({ type: "push" });
    }),
  ]));
});

/**
 * Keeps the worker alive until `work` settles when the browser dispatched `event`. `waitUntil`
 * throws on an event made by script (`isTrusted` false): the browser test dispatches
 * `notificationclick` itself, as no DevTools command clicks a shown notification (docs/notify-app.md,
 * "Tests"); such an event's work just runs.
 */
/**
 * @param {ExtendableEvent} event
 * @param {Promise<unknown>} work
 */
function extend(event, work) {
  if (event.isTrusted) event.waitUntil(work);
}

/**
 * The app's URL of a message (or the inbox without one).
 * @param {string | null} messageId
 * @returns {string}
 */
function messageURL(messageId) {
  return new URL(messageId ? `#/message/${encodeURIComponent(messageId)}` : "#/inbox", scope).href;
}

/**
 * Opens a tapped notification's message: a window of the app that is open shows it (told by
 * postMessage, then focused), else a new window opens at the message.
 * @param {Notification} notification
 */
async function openMessage(notification) {
  notification.close();
  const messageId = notification.data?.messageId || null;
  const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.href));
  if (open) {
    open.postMessage({ type: "open", messageId });
    // Focusing needs the user's tap; the message is shown whether or not the window came forward.
    await open.focus().catch((error) => console.warn("the app's window was not focused:", error.message));
  } else {
    await worker.clients.openWindow(messageURL(messageId));
  }
}

worker.addEventListener("notificationclick", (event) => {
  extend(event, openMessage(event.notification).catch((error) => console.error("the message was not opened:", error)));
});
