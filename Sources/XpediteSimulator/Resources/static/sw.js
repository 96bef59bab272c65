// The web app's service worker: keeps the page, script, style and the images it showed, so the
// app opens without the network; the last screen the phone showed is kept by simulator.js and
// shown with an offline badge. It takes control of the open page at once (no second load).
const CACHE = "xpedite-app-v2";
const scope = self.registration.scope.replace(/\/$/, "");
const base = scope.replace(/\/app$/, "");
const SHELL = [scope, base + "/static/simulator.js", base + "/static/simulator.css", base + "/static/icon.svg"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  event.respondWith(fetch(event.request).then(function (response) {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(event.request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(event.request);
  }));
});
