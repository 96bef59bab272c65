// The web app's service worker: keeps the page, script and style so the app opens without the
// network; the last screen the phone showed is kept by simulator.js and shown with an offline badge.
const CACHE = "xpedite-app-v1";
const scope = self.registration.scope.replace(/\/$/, "");
const base = scope.replace(/\/app$/, "");
const SHELL = [scope, base + "/static/simulator.js", base + "/static/simulator.css", base + "/static/icon.svg"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); }));
});

self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  event.respondWith(fetch(event.request).then(function (response) {
    const copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(event.request, copy); });
    return response;
  }).catch(function () {
    return caches.match(event.request);
  }));
});
