// The app's service worker: keeps the app's own files (the list the server gives in files.json)
// so the app starts from the home screen with no network at all, and answers image requests from
// the engine's image cache (Cache Storage) when the network cannot. It never touches the
// protocol's POSTs: the engine's own caches (IndexedDB) stand in for the server.

/** The worker's global scope (tsc checks this file with the page's DOM types). */
const worker = /** @type {any} */ (self);
const FILES = "xpedite-app-files";
const scope = new URL(worker.registration.scope);

worker.addEventListener("install", (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(FILES);
      const response = await fetch(new URL("files.json", scope), { cache: "no-store" });
      /** @type {string[]} */
      const names = await response.json();
      await cache.addAll([new URL("./", scope).href, new URL("config.json", scope).href, ...names.map((name) => new URL(name, scope).href)]);
      // Where the server mounts the notification app, the module this app borrows from it (the
      // device login); the inbox's own frame is kept by the notification app's service worker.
      const config = await (await cache.match(new URL("config.json", scope).href))?.json();
      if (config && typeof config.notificationApp === "string" && config.notificationApp !== "") {
        await cache.add(new URL("js/api.js", new URL(config.notificationApp, scope)).href).catch(() => undefined);
      }
      // The modules and styles straight from this cache, without waking the worker for each of the
      // 80 or so a start loads (the Static Routing API, where the browser has it; elsewhere the
      // fetch handler below answers them from the same cache).
      if (typeof event.addRoutes === "function") {
        const routes = ["js/*", "css/*"].map((pattern) => ({ condition: { urlPattern: `${scope.pathname}${pattern}` }, source: { cacheName: FILES } }));
        await event.addRoutes(routes).catch((/** @type {unknown} */ error) => console.warn("xpedite: the files are served by the worker", error));
      }
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (/** @type {any} */ event) => {
  event.waitUntil(
    (async () => {
      // The files of the simulator's old remote-screen app go.
      for (const name of await caches.keys()) if (name.startsWith("xpedite-app-v")) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

/** @type {Promise<Cache> | undefined} */
let opened;
/** The cache of the app's files, opened once per worker. */
function files() {
  opened ??= caches.open(FILES);
  return opened;
}

/** How long after a start the app's files are revalidated: not while the first screen is drawn. */
const REFRESH_DELAY_MS = 3000;

/**
 * Revalidates every file of the app (by ETag) and keeps the ones that changed, for the next start.
 * @param {Cache} cache
 */
async function refreshAll(cache) {
  const response = await fetch(new URL("files.json", scope), { cache: "no-store" });
  /** @type {string[]} */
  const names = await response.json();
  const urls = [new URL("./", scope).href, ...names.map((name) => new URL(name, scope).href)];
  await Promise.all(
    urls.map(async (url) => {
      const fresh = await fetch(url, { cache: "no-cache" });
      const kept = await cache.match(url);
      const tag = fresh.headers.get("ETag");
      if (fresh.ok && (!kept || tag === null || tag !== kept.headers.get("ETag"))) await cache.put(url, fresh);
    }),
  );
}

/**
 * The app's own files: the cached copy at once. A start (the page's navigation) revalidates all of
 * them a moment later, so that the refreshes do not compete with the first screen; a file of
 * another app (the notification app's module) is revalidated on its own.
 * @param {Request} request
 * @param {any} event
 */
async function appFile(request, event) {
  const cache = await files();
  const cached = await cache.match(request, { ignoreSearch: true });
  const refresh = () =>
    fetch(request)
      .then((response) => {
        if (response.ok) cache.put(request, response.clone());
        return response;
      })
      .catch(() => undefined);
  if (cached) {
    const inScope = request.url.startsWith(scope.href);
    const later = new Promise((resolve) => setTimeout(resolve, REFRESH_DELAY_MS));
    if (request.mode === "navigate") event.waitUntil(later.then(() => refreshAll(cache)).catch(() => undefined));
    else if (!inScope) event.waitUntil(later.then(refresh));
    return cached;
  }
  const fresh = await refresh();
  return fresh ?? new Response("offline", { status: 503, headers: { "Content-Type": "text/plain" } });
}

/**
 * The configuration: the network first (the endpoint may move), the kept copy offline.
 * @param {Request} request
 */
async function networkFirst(request) {
  const cache = await files();
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? new Response("offline", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}

/**
 * Anything else (images): the engine's image cache first, then the network.
 * @param {Request} request
 */
async function cachedFirst(request) {
  const cached = await caches.match(request);
  return cached ?? fetch(request);
}

worker.addEventListener("fetch", (/** @type {any} */ event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const inScope = url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
  if (inScope && (url.pathname.endsWith("/config.json") || url.pathname.endsWith("/files.json"))) {
    event.respondWith(networkFirst(request));
  } else if (inScope && !url.pathname.startsWith(`${scope.pathname}relay`)) {
    event.respondWith(appFile(request, event));
  } else if (url.origin === scope.origin && request.destination === "script") {
    // A module of the notification app this page imports (js/app/inbox-session.js).
    event.respondWith(appFile(request, event));
  } else if (request.destination === "image") {
    event.respondWith(cachedFirst(request));
  }
});
