// The notification app's service worker (scope /notify/app/). It keeps:
// - the app shell (cache "xpedite-notify-shell"): network first, the cached copy offline;
// - the inbox, the start requests and the payloads of messages (cache "xpedite-notify-data",
//   cleared at sign-out): network first, the last copy offline.
// Everything else (the event stream, uploads, answers) goes to the network untouched.
// It shows Web Push notifications; tapping one opens its message. A withdrawal push
// ({"type": "withdrawn", "messageId"}) closes the message's notification (its tag is the message
// id) and tells the open pages, which take the message out of the inbox.
const SHELL_CACHE = "xpedite-notify-shell-v4";
const DATA_CACHE = "xpedite-notify-data";
const scope = new URL(self.registration.scope);
const api = new URL("../v1/", scope).pathname;
const SHELL = ["./", "app.css", "manifest.webmanifest", "config.json", "icons/icon.svg", "icons/icon-192.png",
  "js/app.js", "js/api.js", "js/basic.js", "js/db.js", "js/display.js", "js/dom.js", "js/events.js", "js/field.js",
  "js/form.js", "js/map.js", "js/media.js", "js/outbox.js", "js/push.js", "js/rules.js", "js/computed.js",
  "js/expressions/checker.js", "js/expressions/errors.js", "js/expressions/evaluator.js", "js/expressions/expression.js",
  "js/expressions/lexer.js", "js/expressions/parser.js", "js/expressions/rules.js", "js/expressions/values.js",
  "vendor/leaflet-1.6.0/leaflet.js", "vendor/leaflet-1.6.0/leaflet.css"].map((path) => new URL(path, scope).href);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("xpedite-notify-shell") && name !== SHELL_CACHE)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

/** Whether a GET is one the app reads offline: the inbox, the start requests, a message. */
function isData(url) {
  return url.pathname === `${api}device/inbox` || url.pathname === `${api}device/requests`
    || url.pathname.startsWith(`${api}device/requests/`) || url.pathname.startsWith(`${api}device/messages/`);
}

function offline() {
  return new Response(JSON.stringify({ error: { code: "offline", message: "offline" } }),
    { status: 503, headers: { "Content-Type": "application/json", "X-Notify-Offline": "1" } });
}

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

self.addEventListener("fetch", (event) => {
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

/** Closes the notifications of a withdrawn message and tells the app's open windows. */
async function withdraw(messageId) {
  const shown = await self.registration.getNotifications({ tag: messageId });
  for (const notification of shown) notification.close();
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: "withdrawn", messageId });
}

self.addEventListener("push", (event) => {
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
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "", tag: data.messageId || undefined,
      icon: new URL("icons/icon-192.png", scope).href, data: { messageId: data.messageId || null },
    }),
    self.clients.matchAll({ type: "window" }).then((clients) => clients.forEach((client) => client.postMessage({ type: "push" }))),
  ]));
});

/**
 * Keeps the worker alive until `work` settles when the browser dispatched `event`. `waitUntil`
 * throws on an event made by script (`isTrusted` false): the browser test dispatches
 * `notificationclick` itself, as no DevTools command clicks a shown notification (docs/notify-app.md,
 * "Tests"); such an event's work just runs.
 */
function extend(event, work) {
  if (event.isTrusted) event.waitUntil(work);
}

/** The app's URL of a message (or the inbox without one). */
function messageURL(messageId) {
  return new URL(messageId ? `#/message/${encodeURIComponent(messageId)}` : "#/inbox", scope).href;
}

/**
 * Opens a tapped notification's message: a window of the app that is open shows it (told by
 * postMessage, then focused), else a new window opens at the message.
 */
async function openMessage(notification) {
  notification.close();
  const messageId = (notification.data && notification.data.messageId) || null;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.href));
  if (open) {
    open.postMessage({ type: "open", messageId });
    // Focusing needs the user's tap; the message is shown whether or not the window came forward.
    await open.focus().catch((error) => console.warn("the app's window was not focused:", error.message));
  } else {
    await self.clients.openWindow(messageURL(messageId));
  }
}

self.addEventListener("notificationclick", (event) => {
  extend(event, openMessage(event.notification).catch((error) => console.error("the message was not opened:", error)));
});
